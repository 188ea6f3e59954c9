"""The one place a change is committed: the lock, the re-read, the revision, the audit lines and
the commit, visible together.

Every write to the database goes through one of two context managers:

- ``event_change(session, event_id, actor)`` for a change to one event (nearly all of them):
  1. ends whatever read-only transaction the request had open (its objects are re-read on
     their next use), then begins a writing one (``db.write_transaction``): on SQLite the
     single write lock, on PostgreSQL the event's own advisory lock, so the phones of one class
     never queue behind another class's;
  2. locks the event's row and re-reads it (``services.locks``): from here every read sees what
     was committed last, so the change decides on the present, not on the page it came from;
  3. yields an ``EventChange``: ``change.event`` is the fresh event, ``change.audit(...)`` adds
     a line to the audit log in the same transaction;
  4. moves the event's revision once (page caches, other server processes) if it wrote
     anything — unless the change was declared ``record=False``: online play's moment-to-moment
     rows (a card played, a claim taken) are not the event's record and move their table's
     clock instead. A change that wrote nothing (a double tap, "nothing changed") leaves every
     screen's cache as it was;
  5. commits once; any exception rolls everything back, so nothing is ever half done;
  6. after the commit, never before, tells every screen that follows the event (``push``): the
     new revision, or the clocks of the tables whose play moved. On PostgreSQL the same news
     goes to the other server processes as a NOTIFY, which the server delivers at the commit.
- ``unit_of_work(session)`` for a change that no single event holds (accounts, creating,
  importing or deleting events, settings): the same, with the exclusive write lock and no
  event to re-read or revision to move.

A service called inside a change joins it: its own ``event_change`` for the same event yields
the same ``EventChange`` and leaves the commit to the outermost one (a ``record=True`` inside
makes the whole change move the revision). Entering a change for another event inside one is a
programming error. Services receive the session and the event's id; they never read the request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import event as sa_event
from sqlalchemy import update
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction
from sqlalchemy.orm.util import identity_key

from .. import db
from ..models import Event
from ..push.publication import Publication, announce, notify, notify_revision
from . import audit
from .locks import lock_event

_CURRENT = "unit_of_work"
_WROTE = "unit_of_work.wrote"  # the session wrote a row since its change took the lock


@sa_event.listens_for(Session, "after_flush")
def _flushed(session: Session, _flush: UOWTransaction) -> None:
    session.info[_WROTE] = True


@sa_event.listens_for(Session, "do_orm_execute")
def _executed(state: ORMExecuteState) -> None:
    if state.is_insert or state.is_update or state.is_delete:
        state.session.info[_WROTE] = True


@dataclass
class EventChange:
    """One change to one event, open until its ``with`` block ends."""

    session: Session
    event: Event
    actor: str
    record: bool
    published: list[Publication] = field(default_factory=list)  # told once the change commits

    def audit(self, action: str, subject: str = "", *, actor: str | None = None, round_number: int | None = None,
              table_number: int | None = None, old: str | None = None, new: str | None = None) -> None:
        """A line of the event's audit log, committed with the change or not at all."""
        audit.log(self.session, self.event.id, self.actor if actor is None else actor, action, subject,
                  round_number=round_number, table_number=table_number, old=old, new=new)

    def table_clock_moved(self, table_id: int, clock: int) -> None:
        """A table's online play moved on (its screens follow the clock, not the revision)."""
        self.published.append(Publication(self.event.id, table_id=table_id, clock=clock))


class ChangeOfAnotherEvent(RuntimeError):
    """A change to one event tried to open a change to another inside it."""


class WriteOutsideAUnitOfWork(RuntimeError):
    """Unsaved objects in the session when a change begins: written outside any unit of work."""


def _begin(session: Session) -> None:
    if session.new or session.dirty or session.deleted:
        raise WriteOutsideAUnitOfWork(
            "objects were added, changed or deleted before the change began; write them inside it")
    if session.in_transaction():
        # Nothing is pending (checked above), so this only ends the page's reading snapshot,
        # keeping what it loaded: objects the change decides on are read again under the lock.
        session.commit()


@contextmanager
def _committing(session: Session) -> Iterator[None]:
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.info.pop(_CURRENT, None)


@contextmanager
def event_change(session: Session, event_id: int, actor: str = audit.ORGANISER, *,
                 record: bool = True) -> Iterator[EventChange]:
    """A change to one event (see the module's rules); raises ``NotFound`` if it was deleted."""
    current = session.info.get(_CURRENT)
    if current is not None:
        if not isinstance(current, EventChange) or current.event.id != event_id:
            raise ChangeOfAnotherEvent(f"a change to event {event_id} inside another unit of work")
        current.record = current.record or record
        yield current
        return
    _begin(session)
    with db.write_transaction(event_id), _committing(session):
        lock_event(session, event_id)
        event = _fresh_event(session, event_id)
        session.info[_WROTE] = False  # the lock's own statement is no change
        change = session.info[_CURRENT] = EventChange(session, event, actor, record)
        yield change
        session.flush()
        if change.record and session.info.pop(_WROTE, False):
            change.published.append(Publication(event_id, revision=_move_revision(session, event)))
        notify(session, change.published)
    announce(session, change.published)


@contextmanager
def unit_of_work(session: Session) -> Iterator[Session]:
    """A change no single event holds (see the module's rules)."""
    if session.info.get(_CURRENT) is not None:
        raise ChangeOfAnotherEvent("a unit of work cannot open inside another one")
    _begin(session)
    with db.write_transaction(None), _committing(session):
        session.info[_CURRENT] = session
        yield session


def _fresh_event(session: Session, event_id: int) -> Event:
    """The event as committed last, its collections (tables, players, rounds) read again on
    first use: a page may have loaded them before another device changed them."""
    known = session.identity_map.get(identity_key(Event, event_id))
    if known is not None:
        session.expire(known)
    event = session.get(Event, event_id)
    assert event is not None  # lock_event raised NotFound otherwise
    return event


def current_change(session: Session) -> EventChange:
    """The change a service runs inside (it must run inside one)."""
    current = session.info.get(_CURRENT)
    if not isinstance(current, EventChange):
        raise WriteOutsideAUnitOfWork("this write belongs inside an event_change")
    return current


def _move_revision(session: Session, event: Event) -> int:
    # An SQL increment, not a value read earlier: two processes never lose one another's move.
    revision: int = session.execute(
        update(Event).where(Event.id == event.id).values(revision=Event.revision + 1)
        .returning(Event.revision, *notify_revision(session, event.id))
        .execution_options(synchronize_session=False)).scalar_one()
    session.expire(event, ["revision"])
    return revision
