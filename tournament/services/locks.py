"""Serialising changes to an event.

Phones, the organiser's tabs and the projector reach the server at the same moment. Every
service that changes an event first takes that event's lock, then reads again whatever its
decision depends on, and decides on what it read under the lock:

- The lock is a no-op UPDATE of the event's row: on PostgreSQL a row lock held until commit;
  on SQLite the database's single write lock (a waiting writer retries for the busy timeout
  set in tournament.db). Every service takes it first, before any other row lock, so two
  requests can never each hold what the other waits for.
- Objects the session loaded before the lock may be stale. From the lock to the end of the
  transaction every ORM read refreshes the objects it returns (populate_existing), so a check
  such as "is this round still planned?" sees the state that was committed last. Plain rows
  (selects of columns, as a round close reads its round) never come from the session's
  objects, so read after the lock they are fresh too.
- An event deleted meanwhile is reported as not found, never as a server error.
- Taking the lock again in the same transaction sends nothing: it is held until the
  transaction ends (commit, rollback, or a savepoint rolled back, which may release it).

So a round is started once however often the button is clicked, a close never misses a game
saved a moment before, and a game never lands in a round that was closed or undone a moment
before.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy import event as sa_event
from sqlalchemy.orm import ORMExecuteState, Session, SessionTransaction

from ..core.i18n import T
from ..models import Event, Round, RoundState
from .errors import NotFound

_FRESH = "reads_refresh_objects"
_HELD = "locked_events"


def lock_event(session: Session, event_id: int) -> None:
    """Lock the event for the rest of the transaction; later reads see committed changes."""
    held = session.info.setdefault(_HELD, set())
    if event_id in held:
        return
    # An UPDATE's result is a CursorResult, the one kind that counts rows; execute's
    # annotation names only the general Result.
    locked = cast(CursorResult[Any], session.execute(
        update(Event).where(Event.id == event_id).values(name=Event.name)
        .execution_options(synchronize_session=False)
    ))
    if locked.rowcount == 0:
        raise NotFound(T("This event was deleted a moment ago. Nothing was saved."))
    held.add(event_id)
    session.info[_FRESH] = True


def lock_round(session: Session, round_: Round) -> RoundState | None:
    """Lock the round's event; return the round's committed state (None: it was removed)."""
    lock_event(session, round_.event_id)
    return session.scalar(select(Round.state).where(Round.id == round_.id))


@sa_event.listens_for(Session, "do_orm_execute")
def _refresh_after_lock(state: ORMExecuteState) -> None:
    if state.session.info.get(_FRESH) and (state.is_select or state.is_relationship_load):
        state.update_execution_options(populate_existing=True)


@sa_event.listens_for(Session, "after_commit")
@sa_event.listens_for(Session, "after_rollback")
def _lock_released(session: Session) -> None:
    session.info.pop(_FRESH, None)


@sa_event.listens_for(Session, "after_transaction_end")
def _locks_released(session: Session, _transaction: SessionTransaction) -> None:
    # Any transaction's end, a savepoint's included, and a session closed without commit: a
    # lock thought held when it is not would let a change through unserialised.
    session.info.pop(_HELD, None)
