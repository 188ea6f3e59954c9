"""Keeps `Event.revision` moving: every committed change to a row belonging to an event adds
one to that event's revision in the same transaction.

Page caches (services.single_flight) are keyed by the revision, and with several server
processes the revision is the only thing telling one process that another changed the event.
So a change the revision misses would leave other processes serving stale pages. The rules:

- A flush (the ORM unit of work) bumps the revision of every event whose rows it adds, changes
  or deletes. Done on the session, so no service can forget it; a rolled-back change rolls its
  increment back with it. The increment is an SQL expression (revision + 1), so two writers
  never lose one another's bump.
- A bulk statement sent through the session (`session.execute(insert(Game), rows)`, Core
  `update(...)`/`delete(...)`, `query(...).delete()`, a textual INSERT/UPDATE/DELETE) on a table
  whose rows belong to an event is not seen by a flush. Inside `bulk_write(session, event_id)`
  it moves that event's revision once; anywhere else it moves the revision of every event (its
  event cannot be told from the statement in general), which is always safe, only wasteful.
  Deleting events and statements that set `revision` themselves need nothing.
- Online play's rows (`models.online`) are not the event's record and do not move it: a card
  played at a virtual table moves that table's `OnlineClock` instead.
- SQL sent to the driver directly (`connection.exec_driver_sql`) that writes such a table is
  refused unless inside `bulk_write`: the statement's event cannot even be read from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import chain

from sqlalchemy import Engine, TextClause, update
from sqlalchemy import event as sa_event
from sqlalchemy.orm import ORMExecuteState, Session

from .audit import AuditEntry
from .event import Event, Table
from .game import Game, GameResult
from .note import DebriefNote
from .player import Player
from .round import Round, Seat

# Tables whose rows belong to an event (directly or through a round or a game).
EVENT_TABLES = frozenset(model.__table__.name for model in
                         (Event, Table, Player, Round, Seat, Game, GameResult, AuditEntry, DebriefNote))
_BULK = "bulk_write_event"
_WRITE = re.compile(r"^\s*(?:insert\s+into|update|delete\s+from)\s+[\"`]?(\w+)", re.IGNORECASE)


class UnseenWrite(RuntimeError):
    """A write the revision cannot follow (see the module's rules)."""


@contextmanager
def bulk_write(session: Session, event_id: int) -> Iterator[None]:
    """Bulk statements on one event's rows inside the block; moves its revision once."""
    connection = session.connection()
    session.info[_BULK] = connection.info[_BULK] = event_id
    try:
        yield
    finally:
        session.info.pop(_BULK, None)
        connection.info.pop(_BULK, None)
    _move_revisions(session, Event.id == event_id)


def _move_revisions(session: Session, which) -> None:
    session.execute(update(Event).where(which).values(revision=Event.revision + 1)
                    .execution_options(synchronize_session=False))
    for obj in list(session.identity_map.values()):
        if isinstance(obj, Event):
            session.expire(obj, ["revision"])


def _written_table(statement) -> str | None:
    """The table an INSERT/UPDATE/DELETE statement writes; None for anything else."""
    if isinstance(statement, TextClause):
        found = _WRITE.match(statement.text)
        return found.group(1).lower() if found else None
    if getattr(statement, "is_dml", False):
        return getattr(statement.table, "name", None)
    return None


def _leaves_revision_alone(statement) -> bool:
    """Deleting events, moving the revision itself, or setting each column to itself (the
    row lock of services.locks) changes nothing a cache holds."""
    if getattr(statement, "is_delete", False):
        return True
    values = getattr(statement, "_values", None) or {}
    keys = {getattr(key, "key", key) for key in values}
    if "revision" in keys:
        return True
    return bool(values) and all(hasattr(value, "compare") and value.compare(key)
                                for key, value in values.items())


@sa_event.listens_for(Session, "do_orm_execute")
def _follow_bulk_writes(state: ORMExecuteState) -> None:
    table = _written_table(state.statement)
    if table not in EVENT_TABLES or _BULK in state.session.info:
        return
    if table == Event.__table__.name and _leaves_revision_alone(state.statement):
        return
    _move_revisions(state.session, Event.id.is_not(None))


@sa_event.listens_for(Engine, "before_cursor_execute")
def _refuse_unseen_writes(connection, _cursor, statement, _parameters, context, _executemany) -> None:
    if context is None or context.compiled is not None or _BULK in connection.info:
        return
    found = _WRITE.match(statement)
    if found and found.group(1).lower() in EVENT_TABLES:
        raise UnseenWrite(f"{statement[:60]!r} writes an event's rows outside the revision's sight; "
                          "run it inside models.revision.bulk_write(session, event_id)")


def _event_id(session: Session, obj) -> int | None:
    if isinstance(obj, Event):
        return obj.id
    if isinstance(obj, GameResult):
        game = obj.game if obj.game is not None else session.get(Game, obj.game_id)
        return _event_id(session, game) if game is not None else None
    if isinstance(obj, (Seat, Game)):
        round_ = obj.round if obj.round is not None else session.get(Round, obj.round_id)
        return _event_id(session, round_) if round_ is not None else None
    found = getattr(obj, "event_id", None)
    if found is None and getattr(obj, "event", None) is not None:
        found = obj.event.id
    return found


@sa_event.listens_for(Session, "before_flush")
def _bump_revisions(session: Session, _context, _instances) -> None:
    touched: set[int] = set()
    # `session.dirty` builds a new set on every access: read it once, or a flush of n rows
    # costs n squared (seconds when a table plan seats thousands of players).
    dirty = session.dirty
    with session.no_autoflush:
        for obj in chain(session.new, session.deleted, dirty):
            if getattr(obj, "__tablename__", None) not in EVENT_TABLES:
                continue
            if obj in dirty and not session.is_modified(obj):
                continue
            if isinstance(obj, Event) and obj in session.deleted:
                continue
            found = _event_id(session, obj)
            if found is not None:
                touched.add(found)
        for event_id in touched:
            event = session.get(Event, event_id)
            if event is not None and event not in session.deleted:
                event.revision = Event.revision + 1
