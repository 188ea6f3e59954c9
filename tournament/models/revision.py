"""Keeps `Event.revision` moving: every flush that adds, changes or deletes a row belonging to
an event adds one to that event's revision in the same transaction.

Done in one place, on the session, so that no service can forget it; a rolled-back change rolls
its increment back with it. The increment is an SQL expression (revision + 1), so two writers
never lose one another's bump. Services write only through the ORM session (no bulk UPDATE or
DELETE statements), which is what makes this hook see every change.
"""

from __future__ import annotations

from itertools import chain

from sqlalchemy import event as sa_event
from sqlalchemy.orm import Session

from .event import Event
from .game import Game, GameTricks
from .round import Round, Seat


def _event_id(session: Session, obj) -> int | None:
    if isinstance(obj, Event):
        return obj.id
    if isinstance(obj, GameTricks):
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
