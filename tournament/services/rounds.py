"""Round lifecycle: planned -> running -> closed.

Round 1 seats everyone at their home table. Closing a round derives the next round's seating
from the core's movement rules and stores it as a planned round, which the organiser may
adjust (manual seats) before starting it.
"""

from __future__ import annotations

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from ..core.limits import MAX_ROUNDS
from ..models import Event, Player, PlayerStatus, Round, RoundState, Seat
from ..models.base import utcnow
from . import audit
from .errors import Conflict, DomainError, NotFound
from .locks import lock_event, lock_round
from .round_data import RoundData, load_round_facts, load_round_rows


def latest_round(session: Session, event: Event) -> Round | None:
    return session.scalar(
        select(Round).where(Round.event_id == event.id).order_by(Round.number.desc()).limit(1)
    )


def start_round(session: Session, event: Event) -> Round:
    """Start round 1 from the home tables, or the planned next round as adjusted.
    Under the event's lock: of simultaneous clicks, the first starts the round and the
    others are told it is running."""
    lock_event(session, event.id)
    latest = latest_round(session, event)
    if latest is None:
        round_ = _first_round(session, event)
    elif latest.state is RoundState.RUNNING:
        raise Conflict(f"Round {latest.number} is still running. Close it before starting the next one.")
    elif latest.state is RoundState.CLOSED and latest.number >= MAX_ROUNDS:
        raise Conflict(f"Round {latest.number} was the last round one event keeps. "
                       "Start a new event (Duplicate on the event page) to play more rounds.")
    elif latest.state is RoundState.CLOSED:
        raise Conflict(f"Round {latest.number} is closed but has no next round planned.")
    else:
        round_ = latest
        if not round_.seats:
            raise DomainError("Nobody is seated for this round. Seat players before starting it.")
    audit.log(session, event.id, audit.ORGANISER, "round started", f"round {round_.number}",
              round_number=round_.number, old=round_.state.value, new=RoundState.RUNNING.value)
    round_.state = RoundState.RUNNING
    round_.started_at = utcnow()
    session.commit()
    return round_


def _first_round(session: Session, event: Event) -> Round:
    # Read again under the lock: event.players may predate a player added or removed a moment ago.
    players = session.scalars(select(Player).where(Player.event_id == event.id).order_by(Player.id))
    seated = [p for p in players if p.status is PlayerStatus.SEATED]
    if not event.tables:
        raise DomainError("Make the table plan before starting round 1.")
    if not seated:
        raise DomainError("No players are seated. Add players before starting round 1.")
    homeless = [p.name for p in seated if p.home_table is None]
    if homeless:
        raise DomainError("These players have no home table yet: " + ", ".join(homeless) + ".")
    round_ = Round(event=event, number=1, state=RoundState.PLANNED)
    session.add(round_)
    for player in seated:
        session.add(Seat(round=round_, player=player, table=player.home_table))
    return round_


def empty_tables(data: RoundData) -> list[int]:
    """Tables with players but no reported game: closing now gives them no round winner and
    moves nobody seated there (``services.outcome``)."""
    return data.outcome().unreported()


def close_round(session: Session, data: RoundData) -> Round:
    """Close the round `data` was loaded for; see `close`. Only the round's id is used: its
    rows are read again under the lock."""
    return _close(session, data.event, Round.id == data.round.id, data.round.number,
                  Conflict(f"Round {data.round.number} was removed a moment ago (its previous round was reopened)."))


def close(session: Session, event: Event, number: int) -> Round:
    """Close a running round and plan the next one from the movement rules (none after the
    last round an event keeps, MAX_ROUNDS). Returns the planned round, or the closed one.

    The round's rows are read once, after the event's lock is taken, so the close decides on
    every game saved before it and on nothing a page loaded earlier."""
    return _close(session, event, (Round.event_id == event.id) & (Round.number == number), number,
                  NotFound(f"Round {number} does not exist in this event. "
                           "It may have been removed a moment ago (its previous round was reopened)."))


def _close(session: Session, event: Event, which, number: int, missing: DomainError) -> Round:
    lock_event(session, event.id)
    round_ = session.scalar(select(Round).where(which))  # refreshed: read under the lock
    if round_ is None:
        raise missing
    if round_.state is RoundState.CLOSED:
        raise Conflict(f"Round {number} is already closed.")
    if round_.state is not RoundState.RUNNING:
        raise Conflict(f"Round {number} has not started yet.")
    data = load_round_facts(session, event, round_)
    outcome = data.outcome()
    audit.log(session, event.id, audit.ORGANISER, "round closed", f"round {number}",
              round_number=number, old=RoundState.RUNNING.value, new=RoundState.CLOSED.value)
    round_.state = RoundState.CLOSED
    round_.closed_at = utcnow()
    if number >= MAX_ROUNDS:  # the last round an event keeps: nothing to plan
        session.commit()
        return round_
    following = Round(event_id=event.id, number=number + 1, state=RoundState.PLANNED)
    session.add(following)
    session.flush()  # the new round's id; this flush also moves the event's revision
    player = {p.name: p for p in data.players.values()}
    table_id = {t.number: t.id for t in data.tables}
    seats = [{"round_id": following.id, "player_id": player[name].id, "table_id": table_id[table], "manual": False}
             for name, table in outcome.destinations().items() if player[name].status is PlayerStatus.SEATED]
    if seats:
        # One multi-row INSERT: an ORM object per seat cost more than the rest of the close.
        session.execute(insert(Seat.__table__), seats)
    session.commit()
    return following


def move_planned_seat(session: Session, data: RoundData, player: Player, table_number: int) -> None:
    """A manual seat change in a planned round (recorded as such). Under the event's lock, so
    a round started or undone a moment before is not changed behind the organiser's back."""
    state = lock_round(session, data.round)
    if state is None:
        raise Conflict(f"Round {data.round.number} was removed a moment ago (its previous round was reopened).")
    if state is not RoundState.PLANNED:
        raise Conflict(f"Round {data.round.number} has started; its seats are as played.")
    data = load_round_rows(session, data.event, data.round)
    table = data.table(table_number)
    seat = next((s for s in data.seats if s.player_id == player.id), None)
    if seat is None:
        raise DomainError(f"{player.name} is not seated in round {data.round.number}.")
    if seat.table_id != table.id:
        old = next(t.number for t in data.tables if t.id == seat.table_id)
        audit.log(session, data.event.id, audit.ORGANISER, "seat moved", player.name,
                  round_number=data.round.number, table_number=table.number,
                  old=f"table {old}", new=f"table {table.number}")
        seat.table_id = table.id
        seat.manual = True
    session.commit()


def reload(session: Session, data: RoundData) -> RoundData:
    return load_round_rows(session, data.event, data.round)
