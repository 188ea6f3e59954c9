"""Watches every request the suite sends: the rules of services.unit_of_work, checked where they
could be broken without any single test noticing.

- A GET or HEAD request writes nothing: no flush with changes, no INSERT/UPDATE/DELETE.
- Inside a request, rows of an event's record are written only inside a unit of work.
- Inside ``event_change(session, event_id)`` only that event's rows are written (a new event's
  own rows aside), so the one revision it moves is the right one; inside a change declared
  ``record=False`` (online play) no row of the record is written at all.

A breach raises ``UnitOfWorkBreach`` in the request, which answers 500 and fails its test.
"""

from __future__ import annotations

from itertools import chain

from flask import g, has_request_context, request, request_started
from sqlalchemy import event as sa_event
from sqlalchemy.orm import ORMExecuteState, Session

from tournament.models import AuditEntry, DebriefNote, Event, Game, GameResult, Player, Round, Seat, Table
from tournament.services.unit_of_work import _CURRENT, EventChange

# The rows that make up an event's record (directly or through a round or a game).
RECORD = (Event, Table, Player, Round, Seat, Game, GameResult, AuditEntry, DebriefNote)
RECORD_TABLES = frozenset(model.__table__.name for model in RECORD)


class UnitOfWorkBreach(AssertionError):
    """A write the unit of work's rules forbid (see the module's rules)."""


def _watch(_app, **_extra) -> None:
    g.unit_of_work_watch = request.method


def _watched() -> str | None:
    """The method of the request being served; None outside one (a test's own setup, even in a
    ``test_request_context``, which serves nothing)."""
    return g.get("unit_of_work_watch") if has_request_context() else None


def _reading_request() -> bool:
    return _watched() in ("GET", "HEAD")


def _event_of(session: Session, obj) -> int | None:
    if isinstance(obj, Event):
        return obj.id
    if isinstance(obj, GameResult):
        game = obj.game if obj.game is not None else session.get(Game, obj.game_id)
        return _event_of(session, game) if game is not None else None
    if isinstance(obj, (Seat, Game)):
        round_ = obj.round if obj.round is not None else session.get(Round, obj.round_id)
        return _event_of(session, round_) if round_ is not None else None
    found = getattr(obj, "event_id", None)
    if found is None and getattr(obj, "event", None) is not None:
        found = obj.event.id
    return found


def _before_flush(session: Session, _context, _instances) -> None:
    if _watched() is None:
        return
    dirty = session.dirty
    changed = [obj for obj in chain(session.new, session.deleted, dirty)
               if obj not in dirty or session.is_modified(obj)]
    if not changed:
        return
    if _reading_request():
        raise UnitOfWorkBreach(f"a {request.method} request wrote {changed[0]!r}")
    record = [obj for obj in changed if isinstance(obj, RECORD)]
    current = session.info.get(_CURRENT)
    if record and current is None:
        raise UnitOfWorkBreach(f"{record[0]!r} written outside a unit of work")
    if not isinstance(current, EventChange):
        return
    with session.no_autoflush:
        for obj in record:
            if not current.record:
                raise UnitOfWorkBreach(f"{obj!r} written in a change that says it leaves the record alone")
            owner = _event_of(session, obj)
            if owner is not None and owner != current.event.id:
                raise UnitOfWorkBreach(f"{obj!r} of event {owner} written in a change to event {current.event.id}")


def _before_execute(state: ORMExecuteState) -> None:
    if getattr(state.statement, "is_dml", False) and _reading_request():
        raise UnitOfWorkBreach(f"a {request.method} request sent {state.statement}")


def install() -> None:
    request_started.connect(_watch)
    sa_event.listen(Session, "before_flush", _before_flush)
    sa_event.listen(Session, "do_orm_execute", _before_execute)
