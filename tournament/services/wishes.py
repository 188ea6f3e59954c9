"""Seating wishes: pairs of players the home-table assignment keeps apart or together.

The organiser lists them on the table plan; making the plan (``tables.set_table_count``) honours
every one it can (``core.wishes.place``). ``wish_report`` is the one place that says, for the
page, whether each wish is honoured by the home tables as they are and, when not, why: the
reason ``place`` gives for a wish that cannot be honoured, or that the plan was made (or a
player moved by hand) without it. Movement never reads wishes: after round 1 the rules decide.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.i18n import Name, T, Text
from ..core.limits import MAX_WISHES
from ..core.wishes import Placement, Wish, honoured, place
from ..models import Event, Player, PlayerStatus, SeatingWish, WishKind
from .errors import Conflict, DomainError
from .unit_of_work import event_change

# The log's words for a wish's kind (stored in English, as every log line).
_LOGGED = {WishKind.APART: "keep apart", WishKind.TOGETHER: "keep together"}


def event_wishes(session: Session, event: Event) -> list[SeatingWish]:
    """The event's wishes in the order they were listed, which is the order they are judged in."""
    return list(session.scalars(select(SeatingWish).where(SeatingWish.event_id == event.id)
                                .order_by(SeatingWish.id)))


def core_wishes(session: Session, event: Event) -> list[Wish]:
    """The event's wishes as the core reads them: by player name."""
    names = {p.id: p.name for p in event.players}
    return [Wish(names[w.first_player_id], names[w.second_player_id], w.kind is WishKind.TOGETHER)
            for w in event_wishes(session, event)]


def add_wish(session: Session, event: Event, first_id: int, second_id: int, kind: WishKind) -> SeatingWish:
    """List a pair to keep apart or together. Refused, beside the field to change: the same player
    twice, a player not of this event, a pair already listed (in either order, of either kind),
    more than MAX_WISHES, or a tournament already started (wishes place round 1 only)."""
    with event_change(session, event.id) as change:
        event = change.event
        if event.rounds:
            raise DomainError(T("The tournament has started: wishes only place the first round, so a new "
                                "wish would change nothing."))
        if first_id == second_id:
            raise DomainError(T("Choose two different players."), field="second")
        players = {p.id: p for p in event.players}
        for player_id, field in ((first_id, "first"), (second_id, "second")):
            if player_id not in players:
                raise DomainError(T("That player is not part of this event."), field=field)
        first, second = players[first_id], players[second_id]
        low, high = sorted((first_id, second_id))
        wishes = event_wishes(session, event)
        listed = next((w for w in wishes if (w.first_player_id, w.second_player_id) == (low, high)), None)
        if listed is not None:
            raise DomainError(_already(listed.kind, kind, first, second), field="second")
        if len(wishes) >= MAX_WISHES:
            raise DomainError(T("An event keeps at most {most} seating wishes. Remove one first.",
                                most=MAX_WISHES))
        wish = SeatingWish(event_id=event.id, kind=kind, first_player_id=low, second_player_id=high)
        session.add(wish)
        change.audit("seating wish added", f"{first.name}, {second.name}", new=_LOGGED[kind])
        return wish


def _already(listed: WishKind, asked: WishKind, first: Player, second: Player) -> Text:
    names = {"first": Name(first.name), "second": Name(second.name)}
    if listed is asked and asked is WishKind.APART:
        return T("{first} and {second} are already listed to sit apart.", **names)
    if listed is asked:
        return T("{first} and {second} are already listed to sit together.", **names)
    if listed is WishKind.APART:
        return T("{first} and {second} are listed to sit apart; a pair cannot be both apart and together. "
                 "Remove that wish first.", **names)
    return T("{first} and {second} are listed to sit together; a pair cannot be both together and apart. "
             "Remove that wish first.", **names)


def remove_wish(session: Session, event: Event, wish_id: int) -> None:
    """Take a wish off the list (at any time: it only ever placed round 1)."""
    with event_change(session, event.id) as change:
        wish = session.get(SeatingWish, wish_id)
        if wish is None or wish.event_id != event.id:
            raise Conflict(T("That wish was removed meanwhile."))
        names = {p.id: p.name for p in change.event.players}
        change.audit("seating wish removed", f"{names[wish.first_player_id]}, {names[wish.second_player_id]}",
                     old=_LOGGED[wish.kind])
        session.delete(wish)


@dataclass(frozen=True)
class WishLine:
    """One wish as the table plan shows it."""

    id: int
    together: bool
    first: str
    second: str
    honoured: bool | None  # None: there is no plan yet
    why: Text | None  # when not honoured


def wish_report(session: Session, event: Event) -> list[WishLine]:
    """Every wish of the event, in the order they are judged, with whether the home tables as
    they are honour it and, when not, why (see the module's docstring)."""
    wishes = event_wishes(session, event)
    if not wishes:
        return []
    names = {p.id: p.name for p in event.players}
    core = [Wish(names[w.first_player_id], names[w.second_player_id], w.kind is WishKind.TOGETHER)
            for w in wishes]
    home = _home_tables(event)
    placement = _placement(event, home, core)
    reasons = {id(unmet.wish): unmet.reason for unmet in placement.unmet} if placement else {}
    lines = []
    for row, wish in zip(wishes, core, strict=True):
        if placement is None:
            lines.append(WishLine(row.id, wish.together, wish.first, wish.second, None, None))
            continue
        kept = honoured(wish, home)
        why = None if kept else reasons.get(id(wish), T("The home tables were made before this wish, or a "
                                                          "player was moved by hand: make the plan again to "
                                                          "honour it."))
        lines.append(WishLine(row.id, wish.together, wish.first, wish.second, kept, why))
    return lines


def _home_tables(event: Event) -> dict[str, int]:
    number = {t.id: t.number for t in event.tables}
    return {p.name: number[p.home_table_id] for p in event.players
            if p.status is PlayerStatus.SEATED and p.home_table_id in number}


def _placement(event: Event, home: dict[str, int], wishes: list[Wish]) -> Placement | None:
    """What making the plan with the event's seed would do for the players at the home tables
    now, at the tables' present sizes: its unmet wishes are the ones no seating can honour."""
    if not event.tables or not home:
        return None
    count = Counter(home.values())
    sizes = [count[t.number] for t in sorted(event.tables, key=lambda t: t.number)]
    return place(list(home), sizes, event.shuffle_seed, wishes)
