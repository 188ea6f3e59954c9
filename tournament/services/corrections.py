"""Corrections to results of closed rounds, and undoing a round close.

Standings are derived from the games, so they follow any correction by themselves. Seating is
different: if the following round has not started, its seating is derived again from the
corrected results (seats the organiser moved by hand stay where they were put); once it has
started, seating stays as played and the organiser is told so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from ..core.i18n import T, Text
from ..core.names import name_key
from ..core.rounds import Transition
from ..models import RoundState, Table
from . import audit, lifecycle
from .errors import Conflict, NotFound
from .games import GameEntry, SaveResult, apply_games
from .online import recording as online_recording
from .round_data import RoundData, load_round, load_round_rows
from .unit_of_work import event_change


@dataclass(frozen=True)
class SeatChange:
    player: str
    old_table: int
    new_table: int


@dataclass
class Correction:
    result: SaveResult
    reseated: list[SeatChange] = field(default_factory=list)
    notice: Text | None = None


def correct_games(
    session: Session, data: RoundData, table: Table, entries: list[GameEntry], actor: str = audit.ORGANISER
) -> Correction:
    """Record games of a running round, or correct those of a closed one (one commit)."""
    with event_change(session, data.event.id, actor):
        result = apply_games(session, data, table, entries, actor)
        return follow_correction(session, data, result, bool(result.saved or result.removed))


def follow_correction(session: Session, data: RoundData, result: SaveResult, changed: bool) -> Correction:
    """What a change to a closed round's games implies for the next round's seating (staged,
    not committed): re-derived while it is planned, a notice once it started."""
    correction = Correction(result)
    if data.round.state is RoundState.CLOSED and changed:
        session.flush()
        following = _following(session, data)
        if following is not None and following.round.state is RoundState.PLANNED:
            corrected = load_round_rows(session, data.event, data.round)
            correction.reseated = _rederive_seating(session, corrected, following)
        elif following is not None:
            correction.notice = T(
                "Round {n} has already started, so its seating stays as played. "
                "Standings now include the corrected result.", n=following.round.number)
    return correction


def _following(session: Session, data: RoundData) -> RoundData | None:
    try:
        return load_round(session, data.event, data.round.number + 1)
    except NotFound:
        return None


def _rederive_seating(session: Session, closed: RoundData, planned: RoundData) -> list[SeatChange]:
    destinations = closed.outcome().destinations()
    tables = {t.number: t for t in planned.tables}
    number_of = {t.id: t.number for t in planned.tables}
    changes = []
    for seat in planned.seats:
        player = planned.players[seat.player_id]
        target = destinations.get(player.name)
        if seat.manual or target is None or number_of[seat.table_id] == target:
            continue
        changes.append(SeatChange(player.name, number_of[seat.table_id], target))
        audit.log(session, planned.event.id, audit.ORGANISER, "seat re-derived", player.name,
                  round_number=planned.round.number, table_number=target,
                  old=f"table {number_of[seat.table_id]}", new=f"table {target}")
        seat.table_id = tables[target].id
    return sorted(changes, key=lambda c: name_key(c.player))


def undo_refusal(session: Session, data: RoundData, following: RoundData | None) -> Text | None:
    """Why the close of `data.round` cannot be undone (None: it can). The one rule the undo
    itself, the results page's button and the confirmation page all follow."""
    if data.round.state is not RoundState.CLOSED:
        return T("Round {n} is not closed.", n=data.round.number)
    if following is None:
        return None
    if following.games:
        return T("Round {following} already has results; the close of round {n} can no longer be undone. "
                 "Correct results instead.", following=following.round.number, n=data.round.number)
    if _following(session, following) is not None:
        return T("Only the latest round's close can be undone.")
    return None


def undo_close(session: Session, data: RoundData) -> None:
    """Reopen the latest closed round while the next round has no results: the next round
    and its seating disappear and the round runs again, exactly as before the close.
    Decided under the event's lock, which a phone sending the next round's first game also
    takes: either that game is saved first and the undo is refused, or the undo comes first
    and the phone is told its round is over."""
    with event_change(session, data.event.id):
        lifecycle.apply(session, data.round, Transition.REOPEN, before=lambda: _drop_following(session, data))


def _drop_following(session: Session, data: RoundData) -> None:
    """Refuse the undo (``undo_refusal``), or remove the planned next round and its seating."""
    following = _following(session, data)
    refusal = undo_refusal(session, data, following)
    if refusal:
        raise Conflict(refusal)
    if following is not None:
        session.delete(following.round)
    online_recording.reopen(session, data)  # deals the close cut short resume where they stopped
