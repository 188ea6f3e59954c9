"""Round lifecycle: planned -> running -> closed, and the tournament's end.

Round 1 seats everyone at their home table. Closing a round derives the next round's seating
from the core's movement rules and stores it as a planned round, which the organiser may
adjust (manual seats) before starting it. Closing the event's last planned round
(``Event.planned_rounds``) plans nothing and ends the tournament; ``end_now`` ends it from any
state, ``one_more_round`` reopens it with the next round planned.

Every change of state goes through services.lifecycle. What a change implies is done here, not
by the pages: a start starts the round's countdown in the same commit; a close, given a
BackupStore, writes the event's backup once the close is committed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime
from typing import cast

from sqlalchemy import ColumnElement, insert, select
from sqlalchemy import Table as SqlTable
from sqlalchemy.orm import Session

from ..core.i18n import Name, T, Text
from ..core.limits import MAX_ROUNDS
from ..core.rounds import Action, TournamentStep, Transition, is_last_round, round_label
from ..core.wording import name_list
from ..models import Event, Player, PlayerStatus, Round, RoundState, Seat
from . import lifecycle, timer
from .backups import BackupStore
from .errors import Conflict, DomainError, NotFound
from .latest_round import latest_round
from .online import recording as online_recording
from .round_data import RoundData, load_round_facts, load_round_rows
from .unit_of_work import event_change

log = logging.getLogger(__name__)


def round_label_of(event: Event, number: int) -> Text:
    """"Round 2 of 4" for round ``number`` of ``event``: what every page, the projector and the
    phones call a round of a tournament."""
    return round_label(number, event.planned_rounds)


def start_round(session: Session, event: Event, now: datetime | None = None) -> Round:
    """Start round 1 from the home tables, or the planned next round as adjusted, and the
    round's countdown with it (saved together, or neither).
    Under the event's lock: of simultaneous clicks, the first starts the round and the
    others are told it is running."""
    now = timer.now_utc() if now is None else now
    with event_change(session, event.id):
        lifecycle.require_playing(session, event, TournamentStep.START_ROUND)
        latest = latest_round(session, event)
        if latest is None:
            round_ = _first_round(session, event)
        elif latest.state is RoundState.CLOSED and latest.number >= MAX_ROUNDS:
            raise Conflict(T("Round {n} was the last round one event keeps. "
                             "Start a new event (Duplicate on the event page) to play more rounds.", n=latest.number))
        else:
            round_ = latest
        lifecycle.apply(session, round_, Transition.START, now=now, before=lambda: _check_seated(round_))
        timer.start(event, "round", now)
    return round_


def _check_seated(round_: Round) -> None:
    if not round_.seats:
        raise DomainError(T("Nobody is seated for this round. Seat players before starting it."))


def _first_round(session: Session, event: Event) -> Round:
    # Read again under the lock: event.players may predate a player added or removed a moment ago.
    players = session.scalars(select(Player).where(Player.event_id == event.id).order_by(Player.id))
    seated = [p for p in players if p.status is PlayerStatus.SEATED]
    if not event.tables:
        raise DomainError(T("Make the table plan before starting round 1."))
    if not seated:
        raise DomainError(T("No players are seated. Add players before starting round 1."))
    homeless = [p.name for p in seated if p.home_table is None]
    if homeless:
        raise DomainError(T("These players have no home table yet: {names}.", names=name_list(homeless)))
    round_ = Round(event=event, number=1, state=RoundState.PLANNED)
    session.add(round_)
    for player in seated:
        session.add(Seat(round=round_, player=player, table=player.home_table))
    return round_


def empty_tables(data: RoundData) -> list[int]:
    """Tables with players but no reported game: closing now gives them no round winner and
    moves nobody seated there (``services.outcome``)."""
    return data.outcome().unreported()


@dataclass(frozen=True)
class Closed:
    """What a close did: the round closed, the round it planned (None after the last round),
    whether it ended the tournament, and whether the backup asked for is complete on disk
    (None: none asked for)."""

    round: Round
    following: Round | None
    backup_saved: bool | None = None
    ended: bool = False


def close(session: Session, event: Event, number: int, backups: BackupStore | None = None,
          now: datetime | None = None) -> Closed:
    """Close a running round and plan the next one from the movement rules; the event's last
    planned round (or the last one an event keeps, MAX_ROUNDS) plans none and ends the
    tournament. Then, with `backups`, write the event's backup.

    The round's rows are read once, after the event's lock is taken, so the close decides on
    every game saved before it and on nothing a page loaded earlier. The backup is written
    after the commit, the lock released: the close never waits for the disk, and a backup
    that fails (logged, `backup_saved` False) neither undoes nor hides the close."""
    missing = NotFound(T("Round {n} does not exist in this event. "
                         "It may have been removed a moment ago (its previous round was reopened).", n=number))
    with event_change(session, event.id):
        closed = _close(session, event, (Round.event_id == event.id) & (Round.number == number), number, missing, now)
    return _backed_up(session, event, closed, backups)


def _backed_up(session: Session, event: Event, closed: Closed, backups: BackupStore | None) -> Closed:
    if backups is None:
        return closed
    try:
        backups.write(session, event)
    except Exception:
        log.exception("automatic backup of event %s failed", event.id)
        return replace(closed, backup_saved=False)
    return replace(closed, backup_saved=True)


def _close(session: Session, event: Event, which: ColumnElement[bool], number: int, missing: DomainError,
           now: datetime | None = None, *, ending: bool = False) -> Closed:
    round_ = session.scalar(select(Round).where(which))  # refreshed: read under the lock
    if round_ is None:
        raise missing
    session.refresh(event, ["planned_rounds", "ended_at"])
    if round_.state is RoundState.RUNNING:
        # Online deals cut short by the close count with the tricks so far, as games of this round.
        online_recording.count_unfinished(session, event, round_)
    lifecycle.apply(session, round_, Transition.CLOSE, now=now)
    if ending or is_last_round(number, event.planned_rounds, MAX_ROUNDS):
        lifecycle.end(session, event, number, now=now)
        event.planned_rounds = number
        return Closed(round_, None, ended=True)
    return Closed(round_, _plan_following(session, event, round_))


def _plan_following(session: Session, event: Event, round_: Round) -> Round:
    """Round ``round_.number + 1``, seated by the movement rules from the closed ``round_``."""
    with session.no_autoflush:  # plain rows the close does not change: one flush, below, for all
        data = load_round_facts(session, event, round_)
    outcome = data.outcome()
    number = round_.number
    following = Round(event_id=event.id, number=number + 1, state=RoundState.PLANNED)
    session.add(following)
    session.flush()  # the new round's id
    player = {p.name: p for p in data.players.values()}
    table_id = {t.number: t.id for t in data.tables}
    seats = [{"round_id": following.id, "player_id": player[name].id, "table_id": table_id[table], "manual": False}
             for name, table in outcome.destinations().items() if player[name].status is PlayerStatus.SEATED]
    if seats:
        # One multi-row INSERT: an ORM object per seat cost more than the rest of the close.
        # A Core INSERT of the seat table (not the ORM's bulk path); a model mapped by
        # __tablename__ has a Table, which the declarative base types only as a FromClause.
        session.execute(insert(cast(SqlTable, Seat.__table__)), seats)
    return following


NOTHING_TO_END = T("No round has been played yet, so there is nothing to end.")


def end_now(session: Session, event: Event, backups: BackupStore | None = None,
            now: datetime | None = None) -> Closed:
    """End the tournament whatever state it is in: a running round is closed as any close does
    (the organiser has seen the close's warning), a planned round not started is dropped with
    its seating, and the rounds played become the tournament's number of rounds."""
    with event_change(session, event.id) as change:
        lifecycle.require_playing(session, event, TournamentStep.END)
        latest = latest_round(session, event)
        if latest is not None and latest.state is RoundState.PLANNED:
            change.audit("planned round dropped", f"round {latest.number}", round_number=latest.number)
            session.delete(latest)
            session.flush()
            latest = latest_round(session, event)
        if latest is None:
            raise DomainError(NOTHING_TO_END)
        if latest.state is RoundState.RUNNING:
            closed = _close(session, event, Round.id == latest.id, latest.number,
                            Conflict(T("Round {n} was removed a moment ago (its previous round was reopened).",
                                       n=latest.number)), now, ending=True)
        else:
            lifecycle.end(session, event, latest.number, now=now)
            event.planned_rounds = latest.number
            closed = Closed(latest, None, ended=True)
    return _backed_up(session, event, closed, backups)


def one_more_round(session: Session, event: Event) -> Round:
    """Reopen an ended tournament: the round after the last one is planned from its results,
    and the tournament now plays that many rounds. Returns the planned round."""
    with event_change(session, event.id):
        lifecycle.one_more(session, event)
        latest = latest_round(session, event)
        if latest is None or latest.state is not RoundState.CLOSED:  # an ended tournament's rounds are all closed
            raise Conflict(T("The tournament is not over, so there is nothing to reopen."))
        if latest.number >= MAX_ROUNDS:
            raise Conflict(T("Round {n} was the last round one event keeps. "
                             "Start a new event (Duplicate on the event page) to play more rounds.", n=latest.number))
        event.planned_rounds = latest.number + 1
        return _plan_following(session, event, latest)


def move_planned_seat(session: Session, data: RoundData, player: Player, table_number: int) -> None:
    """A manual seat change in a planned round (recorded as such). Under the event's lock, so
    a round started or undone a moment before is not changed behind the organiser's back."""
    with event_change(session, data.event.id) as change:
        lifecycle.require(session, data.round, Action.MOVE_SEAT)
        data = load_round_rows(session, data.event, data.round)
        table = data.table(table_number)
        seat = next((s for s in data.seats if s.player_id == player.id), None)
        if seat is None:
            raise DomainError(T("{player} is not seated in round {n}.", player=Name(player.name), n=data.round.number))
        if seat.table_id != table.id:
            old = next(t.number for t in data.tables if t.id == seat.table_id)
            change.audit("seat moved", player.name, round_number=data.round.number, table_number=table.number,
                         old=f"table {old}", new=f"table {table.number}")
            seat.table_id = table.id
            seat.manual = True

