"""The event an organiser's page is about, read once per request.

A page reads the event's own row, and only the collections it shows: loading every table,
player and round of a 600-player event for a page that needs its name was most of the cost
of the standings page. Counts come from ``services.events.event_counts`` instead."""

from __future__ import annotations

from flask import g
from sqlalchemy import inspect

from .. import db
from ..models import Event
from ..services import events as event_service

# Tables before players, so each player's home table is found in the session, not queried.
COLLECTIONS = ("tables", "players", "rounds")


def with_collections(event: Event, *names: str) -> Event:
    """Reads each named collection not read yet, one statement each (never one per row)."""
    unknown = set(names) - set(COLLECTIONS)
    if unknown:
        raise ValueError(f"not a collection of the event: {', '.join(sorted(unknown))}")
    unloaded = inspect(event).unloaded
    for name in COLLECTIONS:
        if name in names and name in unloaded:
            getattr(event, name)
    return event


def current_event(event_id: int, *collections: str) -> Event:
    """The event the view's ``event_id`` names: its row, read on the first call of the request
    (after the login check), with the named collections ("tables", "players", "rounds"). No
    such event: the usual 404 page."""
    event = g.get("current_event")
    if event is None or event.id != event_id:
        event = g.current_event = event_service.event_row(db.session(), event_id)
    return with_collections(event, *collections)
