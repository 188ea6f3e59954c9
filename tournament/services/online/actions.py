"""Actions at an online table: a device's (a card, a pointing, the next deal, a chat line, a
gesture, a stroke, clearing the pad) and the organiser's (skip an absent player, play for one).

Rules (each action, in this order):
- The request's shape is checked first (kind, nonce, argument types): bad input is refused
  with a sentence and touches nothing.
- Then one change to the event (`unit_of_work.event_change`, declared not to be the event's
  record: play moves its table's clock, not the event's revision), and everything is read again
  under its lock: the claim (released meanwhile: refused), the phase, the table's current deal.
- The engine decides (`games.table_engine`, with the game's `TablePlay`); its refusal is the answer, with the
  player's name where the engine can only say "not your turn".
- Idempotent: an action whose nonce the current deal, the deal before it (a resend arriving
  after the next deal began), the last deal of a round that closed meanwhile, or the table's
  messages already hold changes nothing and answers with the current state.
- Accepted: the action's JSON (with "nonce" and "by": the player's id, or "organiser") is
  appended to the deal, written at its first action; a resolved dispute becomes a debrief note;
  a finished deal of a running round is recorded at once (`recording`); these two, and the
  organiser's log lines, are the event's record, so such a change moves its revision too; the
  table's `OnlineClock` moves; the change commits once.
- A stroke is counted against what its device may draw a minute (`Spend`, the caller's) only
  once it is sure to be drawn: not a resend, not refused by the phase or a full pad.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...core.errors import RuleError
from ...core.i18n import Name, T
from ...core.limits import MAX_NOTE_TEXT, MAX_NOTES
from ...games import table_engine as engine
from ...models import DebriefNote, Event, OnlineClaim, OnlineGame, Player, Round, Seat, Table
from .. import audit
from ..errors import Conflict, DomainError, NotFound, TooMany
from ..notes import NONCE_SHAPE
from ..single_flight import RevisionCache
from ..unit_of_work import event_change
from . import claims, messages, pad, phase, recording, tables

# Counts a stroke's points against what its device may draw: None when they fit (and are now
# counted), else the seconds until they would.
Spend = Callable[[int], int | None]

DEAL_KINDS = ("play", "point", "deal")
KINDS = DEAL_KINDS + messages.KINDS
ORGANISER = "organiser"
APP = "app"  # a seat the app made sit out: its player no longer plays (tables.CurrentDeal.pending)

BAD_NONCE = T("This screen is out of date. Reload the page and try again.")
UNKNOWN = T("The app does not know that action. Reload the page and try again.")
UNREADABLE = T("That could not be read. Reload the page and try again.")
ROUND_CLOSED = phase.ROUND_CLOSED
NO_DEAL = phase.NO_DEAL
TOO_FEW = T("A deal needs at least two players at the table.")
NOT_IN_HAND = T("That card is not in your hand.")
NOT_A_PLAYER = T("That player is not at this table's current deal.")


def _shape(payload: object) -> tuple[str, str]:
    if not isinstance(payload, dict):
        raise DomainError(UNKNOWN)
    kind, nonce = payload.get("action"), payload.get("nonce")
    if not isinstance(kind, str) or kind not in KINDS:
        raise DomainError(UNKNOWN)
    if not isinstance(nonce, str) or not NONCE_SHAPE.fullmatch(nonce):
        raise DomainError(BAD_NONCE)
    return kind, nonce


def _card(code: object) -> str:
    """A card as the device sends it: its code ("7h", "Ac"), read by the game once the event is."""
    if not isinstance(code, str) or not 0 < len(code) <= 16:
        raise DomainError(NOT_IN_HAND)
    return code


def _game_card(session: Session, event_id: int, code: str) -> Any:
    """The card of the event's game whose code the device sent; refused before anything is read
    under the lock, as any other malformed action."""
    event = session.get(Event, event_id)
    try:
        return engine.card_from_code(tables.play_of(event), code) if event is not None else None
    except RuleError:
        raise DomainError(NOT_IN_HAND) from None


def _index(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 64:
        raise DomainError(T("Point at one of the cards on the table."))
    return value


def _after(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1_000_000:
        raise DomainError(BAD_NONCE)
    return value


def act(session: Session, claim: OnlineClaim, payload: dict[str, Any], now: datetime, pads: RevisionCache | None = None,
        spend: Spend | None = None) -> None:
    """A device's action (see the module's rules); commits once, or raises and changes nothing.
    `pads`: the app's kept pads (`pad.current`); `spend`: this device's drawing allowance."""
    kind, nonce = _shape(payload)
    arguments = _arguments(kind, payload)
    token, event_id = claim.token, claim.event_id
    if kind == "play":
        arguments["card"] = _game_card(session, event_id, arguments["card"])
    with event_change(session, event_id, record=False) as change:
        _act(session, change.event, token, kind, arguments, nonce, now, pads, spend)


def _act(session: Session, event: Event, token: str, kind: str, arguments: dict[str, Any], nonce: str,
         now: datetime, pads: RevisionCache | None, spend: Spend | None) -> None:
    """`act` under the event's lock: a return without a write changes nothing (a resend)."""
    claim = claims.claim_by_token(session, token)  # read again: released a moment ago?
    player = session.scalar(select(Player).where(Player.id == claim.player_id))
    if player is None:
        raise NotFound(claims.NOT_YOURS)
    place = phase.place_of(session, event, player)
    if kind in messages.KINDS:
        _message(session, event, place, player, kind, arguments, nonce, now, pads, spend)
        return
    if place.phase in ("between", "ended") and _closed_round_holds(session, event, place, player, nonce):
        return  # a resend of an action the round took before it closed
    table = _deal_table(place, kind)
    deal = tables.current_deal(session, event, table, place.round_id)
    if deal is None:
        raise Conflict(TOO_FEW)
    seat = deal.seat_of(player.id)
    if seat is None:
        raise Conflict(NO_DEAL)
    if deal.holds(nonce):
        return
    if kind == "deal":
        _next(session, event, deal, arguments)
        return
    if _held_before(session, deal, nonce):  # a resend arriving after the next deal began
        return
    action = _play(deal, seat, arguments["card"]) if kind == "play" else engine.Point(seat, arguments["index"])
    _apply(session, event, deal, action, nonce, player.id, now)


def _closed_round_holds(session: Session, event: Event, place: phase.Place, player: Player, nonce: str) -> bool:
    """The last deal of the round that closed, at the player's table in it, holds this nonce."""
    if place.round is None:
        return False
    closed = place.round.id if place.phase == "ended" else session.scalar(
        select(Round.id).where(Round.event_id == event.id, Round.number == place.round.number - 1))
    table_id = session.scalar(select(Seat.table_id).where(Seat.round_id == closed, Seat.player_id == player.id))
    if closed is None or table_id is None:
        return False
    last = tables.latest_game(session, table_id, closed)
    return last is not None and any(isinstance(a, dict) and a.get("nonce") == nonce for a in last.actions)


def _held_before(session: Session, deal: tables.CurrentDeal, nonce: str) -> bool:
    """The deal before the current one at this table already holds an action of this nonce."""
    if deal.number < 2:
        return False
    stage = OnlineGame.round_id.is_(None) if deal.round_id is None else OnlineGame.round_id == deal.round_id
    earlier = session.scalar(select(OnlineGame.actions).where(OnlineGame.table_id == deal.table.id, stage,
                                                              OnlineGame.number == deal.number - 1))
    return any(isinstance(a, dict) and a.get("nonce") == nonce for a in earlier or [])


def _arguments(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    if kind == "play":
        return {"card": _card(payload.get("card"))}
    if kind == "point":
        return {"index": _index(payload.get("index"))}
    if kind == "deal":
        return {"after": _after(payload.get("after"))}
    return messages.body_of(kind, payload)


def _deal_table(place: phase.Place, kind: str) -> Table:
    refused = phase.refusal(place.phase, kind)
    if refused is not None:
        raise Conflict(refused)
    if place.table is None:
        raise Conflict(NO_DEAL)
    if not place.table.online:
        raise Conflict(T("Your table is not played online: play at table {table} in the room.",
                         table=place.table.number))
    return place.table


def _play(deal: tables.CurrentDeal, seat: int, card: Any) -> engine.Action:
    state = deal.state
    if state.stage == "play" and state.turn is not None and state.turn != seat:
        raise Conflict(T("It is not your turn: {name} plays now.", name=Name(deal.names[state.turn])))
    if card not in state.hands[seat]:
        raise Conflict(NOT_IN_HAND)
    return engine.Play(seat, card)


def _message(session: Session, event: Event, place: phase.Place, player: Player, kind: str,
             body: dict[str, Any], nonce: str, now: datetime, pads: RevisionCache | None, spend: Spend | None) -> None:
    table = place.table
    messages.allowed(kind, place.phase)
    if table is None or not table.online:
        raise Conflict(messages.NO_SIGNS)
    if messages.held(session, table.id, nonce):
        return
    if kind == "stroke":
        messages.check_room(pad.current(session, table.id, place.round_id, pads).points, body)
        wait = spend(len(body["points"])) if spend is not None else None
        if wait is not None:
            raise TooMany(messages.TOO_FAST, wait)
    messages.post(session, event_id=event.id, table_id=table.id, round_id=place.round_id, player_id=player.id,
                  kind=kind, body=body, nonce=nonce, now=now)
    tables.bump_clock(session, event.id, table.id)


def _next(session: Session, event: Event, deal: tables.CurrentDeal, arguments: dict[str, Any]) -> None:
    """The next deal, once this one is over; a second tap (or another player's) for the same
    deal changes nothing."""
    if arguments["after"] != deal.number or deal.state.stage != "over":
        if arguments["after"] == deal.number:
            raise Conflict(T("This deal is not over yet."))
        return
    full = recording.no_room(session, event.id, deal.round_id, deal.table.id) if deal.round_id is not None else None
    if full is not None:
        raise Conflict(full)
    tables.write(session, event, tables.next_deal(session, event, deal))
    tables.bump_clock(session, event.id, deal.table.id)


def _apply(session: Session, event: Event, deal: tables.CurrentDeal, action: engine.Action, nonce: str,
           by: int | str, now: datetime) -> engine.TableState:
    before = deal.state
    try:
        after = engine.apply(before, action)
    except RuleError as refused:
        raise Conflict(refused.text) from None
    game = tables.write(session, event, deal)
    rules = before.rules
    sat_out = [{**engine.action_to_json(rules, skip), "nonce": "app-" + secrets.token_urlsafe(12), "by": APP}
               for skip in deal.pending]
    game.actions = [*game.actions, *sat_out, {**engine.action_to_json(rules, action), "nonce": nonce, "by": by}]
    round_ = None
    if deal.round_id is not None:
        round_ = session.scalar(select(Round).where(Round.id == deal.round_id))
    for dispute in after.disputes[len(before.disputes):]:
        with event_change(session, event.id, record=True):  # a debrief note is the event's record
            _dispute_note(session, event, deal, dispute, round_.number if round_ is not None else None, now)
    if after.stage == "over" and game.finished_at is None:
        game.finished_at = now
        if round_ is not None and recording.no_room(session, event.id, round_.id, deal.table.id) is None:
            with event_change(session, event.id, record=True):  # so is the game it becomes
                data = recording.table_data(session, event, round_, deal.table)
                recording.record(session, data, deal.table, game, after.taken, now)
    tables.bump_clock(session, event.id, deal.table.id)
    return after


def dispute_text(deal: tables.CurrentDeal, dispute: engine.Dispute) -> str:
    """A resolved dispute as the debrief shows it: the cards, who pointed where first, who took
    it ("Trick 3: 7♥ 2♣ A♦ — Ana 7♥, Ben A♦ → Ana")."""
    cards = [deal.state.rules.face(card).label for _seat, card in dispute.cards]
    pointed = ", ".join(f"{deal.names[seat]} {cards[choice]}" for seat, choice in enumerate(dispute.first)
                        if choice is not None and 0 <= choice < len(cards))
    text = f"Trick {dispute.trick}: {' '.join(cards)} — {pointed} → {deal.names[dispute.taker]}"
    return text[:MAX_NOTE_TEXT]


def _dispute_note(session: Session, event: Event, deal: tables.CurrentDeal, dispute: engine.Dispute,
                  round_number: int | None, now: datetime) -> None:
    held = session.execute(select(func.count()).select_from(DebriefNote).where(DebriefNote.event_id == event.id)
                           ).scalar_one()
    if held >= MAX_NOTES:
        return  # the event keeps no more notes; the play goes on
    session.add(DebriefNote(event_id=event.id, at=now, round_number=round_number, table_number=deal.table.number,
                            source="online", author="", flag="disagreed", text=dispute_text(deal, dispute)))


def _organiser_deal(session: Session, event: Event, table_id: int, player_id: int
                    ) -> tuple[tables.CurrentDeal, int, Player]:
    """The deal the organiser acts on and the absent player's seat in it (under the lock)."""
    event_id = event.id
    table = session.scalar(select(Table).where(Table.id == table_id, Table.event_id == event_id))
    if table is None:
        raise NotFound(T("There is no such table in this event."))
    if not table.online:
        raise Conflict(T("Table {table} is not played online.", table=table.number))
    latest = phase.latest_round(session, event)
    from ...models import RoundState

    if latest is not None and latest.state is RoundState.RUNNING:
        round_id = latest.id
    elif latest is None or (latest.number == 1 and latest.state is RoundState.PLANNED):
        round_id = None
    else:
        raise Conflict(ROUND_CLOSED)
    deal = tables.current_deal(session, event, table, round_id)
    seat = deal.seat_of(player_id) if deal is not None else None
    if deal is None or seat is None:
        raise Conflict(NOT_A_PLAYER)
    player = deal.players[seat]
    return deal, seat, player


def _organiser_action(session: Session, event: Event, table_id: int, player_id: int,
                      make: Callable[[int], engine.Action], what: str) -> None:
    with event_change(session, event.id, audit.ORGANISER) as change:  # its log line is the record's
        deal, seat, player = _organiser_deal(session, change.event, table_id, player_id)
        try:
            engine.apply(deal.state, make(seat))  # refused: nothing logged, nothing changed
        except RuleError as refused:
            raise Conflict(refused.text) from None
        round_number = None
        if deal.round_id is not None:
            round_number = session.scalar(select(Round.number).where(Round.id == deal.round_id))
        change.audit(what, player.name, round_number=round_number, table_number=deal.table.number)
        _apply(session, change.event, deal, make(seat), "organiser-" + secrets.token_urlsafe(12), ORGANISER,
               _now())


def skip(session: Session, event: Event, table_id: int, player_id: int) -> None:
    """The organiser: the absent player sits out the rest of the current deal."""
    _organiser_action(session, event, table_id, player_id, engine.Skip, "player skipped")


def play_for(session: Session, event: Event, table_id: int, player_id: int) -> None:
    """The organiser: the app plays (or points) once for the absent player."""
    _organiser_action(session, event, table_id, player_id, engine.Auto, "card played for player")


def _now() -> datetime:
    from ..timer import now_utc

    return now_utc()
