"""The debrief's "trick" view: one trick replayed under every table's rules, who takes it there
and why.

Rules:
- The trick is the organiser's (``event.debrief_trick``: card codes, lead first) or, when none is
  chosen, the one the game proposes as splitting the event's tables most (``TrickRules.propose``),
  of as many cards as the event's usual table seats players (the most common number of seated
  players at a home table; 2 to ``MAX_PROPOSED``).
- Who takes it at a table is the game's own ``winner`` (Five Tricks: the core's ``trick_winner``),
  and why is the game's ``why`` sentence; nothing here decides it again.
- With more than ``WALL_COLUMNS`` tables, tables playing the same variant share one line.
- A game without tricks (``CardGame.tricks`` is ``None``) has no such view: ``build`` says so and
  ``choose_trick`` refuses.
- A chosen trick holds ``MIN_CARDS`` to ``MAX_CARDS`` distinct cards of the game's deck; a refused
  choice changes nothing. Choosing and going back to the proposal are written to the audit log.
- A fixed number of SQL statements (two), whatever the number of tables and players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...core.errors import RuleError
from ...core.i18n import T, Text
from ...games import CardFace, CardGame, TrickRules, game_of
from ...games.trick_text import MAX_CARDS, MIN_CARDS, parse_trick
from ...models import Event, Player, PlayerStatus
from .. import audit
from ..errors import DomainError
from ..unit_of_work import event_change
from ._tables import WALL_COLUMNS, event_tables, group_by, rule_set, tables_label

MAX_PROPOSED: Final = MAX_CARDS  # a proposal holds what a typed trick may

# The view's name where the organiser picks a debrief step's view.
LABEL: Final = T("One trick replayed at every table")
NO_TRICKS: Final = T("{game} takes no tricks, so there is no trick to replay at its tables.")
NO_TABLES: Final = T("This event has no tables yet.")


@dataclass(frozen=True, slots=True)
class TableTrick:
    numbers: tuple[int, ...]
    label: Text
    winner: int  # index of the card that takes the trick (the seat, 0 = the lead)
    why: Text


@dataclass(frozen=True, slots=True)
class Reason:
    label: Text  # the tables: "Tables 1, 4"
    why: Text


@dataclass(frozen=True, slots=True)
class TrickView:
    game: str  # the game's title
    available: bool
    message: Text | None  # why there is no trick to show (no tricks in this game, no tables)
    cards: tuple[CardFace, ...]  # lead first
    chosen: bool  # typed by the organiser (else proposed by the app)
    tables: tuple[TableTrick, ...]
    grouped: bool
    seat_tables: tuple[Text | None, ...] = ()  # per card: the tables where it takes the trick
    reasons: tuple[Reason, ...] = ()  # each different reason once, with its tables

    @property
    def text(self) -> str:
        """The trick as the organiser types it: "7h Ac 2h 3s"."""
        return " ".join(card.code for card in self.cards)

    @property
    def labels(self) -> str:
        """The trick as the cards read: "7♥ A♣ 2♥ 3♠"."""
        return " ".join(card.label for card in self.cards)

    @property
    def winning_seats(self) -> int:
        """How many different seats take the trick somewhere."""
        return len({table.winner for table in self.tables})


def _tricks(game: CardGame[Any]) -> TrickRules[Any] | None:
    tricks: TrickRules[Any] | None = game.tricks
    return tricks


def usual_size(session: Session, event: Event, game: CardGame[Any]) -> int:
    """The most common number of seated players at a home table (ties: the smaller), within
    ``MIN_CARDS``..``MAX_PROPOSED``; the game's preferred table size when nobody is seated."""
    sizes = session.execute(
        select(func.count(Player.id)).where(Player.event_id == event.id, Player.status == PlayerStatus.SEATED,
                                            Player.home_table_id.is_not(None))
        .group_by(Player.home_table_id)
    ).scalars().all()
    counts = Counter(sizes)
    size = min(counts, key=lambda s: (-counts[s], s)) if counts else game.table_sizes.preferred
    return max(MIN_CARDS, min(MAX_PROPOSED, size))




def _stored(rules: TrickRules[Any], event: Event) -> tuple[Any, ...] | None:
    if not event.debrief_trick:
        return None
    try:
        return parse_trick(rules, event.debrief_trick)
    except RuleError:
        return None  # written by hand or by another version: the proposal stands in


def build(session: Session, event: Event) -> TrickView:
    game, tables = event_tables(session, event)
    rules = _tricks(game)
    if rules is None or not tables:
        message = NO_TRICKS.filled(game=game.title) if rules is None else NO_TABLES
        return TrickView(game.title, False, message, (), False, (), False)
    chosen = _stored(rules, event)
    trick = chosen or rules.propose([table.variant for table in tables], usual_size(session, event, game))
    grouped = len(tables) > WALL_COLUMNS
    lines = []
    # House rules do not take tricks: tables whose settings agree replay the trick alike.
    keys = [rule_set(game, table.variant) for table in tables]
    for column in group_by(keys, [table.number for table in tables], grouped):
        variant = tables[column[0]].variant
        numbers = tuple(tables[index].number for index in column)
        winner, reason = rules.winner(variant, trick), rules.why(variant, trick)
        lines.append(TableTrick(numbers, tables_label(numbers), winner, reason))
    return TrickView(game.title, True, None, tuple(rules.face(card) for card in trick), chosen is not None,
                     tuple(lines), grouped, _seat_tables(lines, len(trick)), _reasons(lines))


def _numbers(lines: Sequence[TableTrick]) -> tuple[int, ...]:
    return tuple(sorted(number for line in lines for number in line.numbers))


def _seat_tables(lines: Sequence[TableTrick], seats: int) -> tuple[Text | None, ...]:
    found = [_numbers([line for line in lines if line.winner == seat]) for seat in range(seats)]
    return tuple(tables_label(numbers) if numbers else None for numbers in found)


def _reasons(lines: Sequence[TableTrick]) -> tuple[Reason, ...]:
    """Each different sentence once, in the order of its first table, with all its tables."""
    by_why: dict[Text, list[TableTrick]] = {}
    for line in lines:
        by_why.setdefault(line.why, []).append(line)
    return tuple(Reason(tables_label(_numbers(group)), why) for why, group in by_why.items())


def available(event: Event) -> bool:
    """Whether the event's game has tricks to replay (the view's availability)."""
    return _tricks(game_of(event)) is not None


def _rules_or_refuse(event: Event) -> TrickRules[Any]:
    game = game_of(event)
    rules = _tricks(game)
    if rules is None:
        raise DomainError(NO_TRICKS.filled(game=game.title), field="cards")
    return rules


def choose_trick(session: Session, event: Event, text: str, actor: str = audit.ORGANISER) -> str:
    """Store the trick ``text`` names as the one to replay; returns it as stored ("7h Ac 2h 3s").
    A refusal (``DomainError`` for the "cards" field) changes nothing."""
    rules = _rules_or_refuse(event)
    try:
        cards = parse_trick(rules, text)
    except RuleError as error:
        raise DomainError(error.text, field="cards") from None
    stored = " ".join(rules.face(card).code for card in cards)
    with event_change(session, event.id, actor) as change:
        if stored != event.debrief_trick:
            change.audit("debrief trick chosen", old=event.debrief_trick, new=stored)
            event.debrief_trick = stored
    return stored


def shown(event: Event, stored: str) -> str:
    """A stored trick as the cards read: "7♥ A♣ 2♥ 3♠"."""
    rules = _rules_or_refuse(event)
    return " ".join(rules.face(card).label for card in parse_trick(rules, stored))


def propose_trick(session: Session, event: Event, actor: str = audit.ORGANISER) -> None:
    """Forget the chosen trick: the view shows the app's proposal again."""
    _rules_or_refuse(event)
    with event_change(session, event.id, actor) as change:
        if event.debrief_trick is not None:
            change.audit("debrief trick proposed", old=event.debrief_trick)
            event.debrief_trick = None


def csv_table(view: TrickView) -> tuple[list[str], list[list[str]]]:
    """One line per table (or group of tables): its winning seat and card, and why, in English."""
    header = ["tables", *(f"seat {seat + 1}" for seat in range(len(view.cards))), "winning seat", "why"]
    lines = [[" ".join(str(number) for number in table.numbers), *(card.label for card in view.cards),
              str(table.winner + 1), str(table.why)] for table in view.tables]
    return header, lines
