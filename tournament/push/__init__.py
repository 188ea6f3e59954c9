"""Changes pushed to every screen that follows an event, by Server-Sent Events.

A screen (projector, boards, Room page, table phone, where-do-I-sit, debrief wall, online
player) opens `/push/<ticket>` with `EventSource`. The stream says only *that* something
changed: the event's revision, and for an online player the table's clock. The screen then
fetches what it shows through its usual feed, so each feed's privacy rules stay where they are.

- `tickets`: the signed path a page hands its script (which event, which table).
- `hub`: per app, the last revision and clocks known, and every open stream, written by ONE
  thread however many screens wait (no thread per idle screen).
- `handoff`: the servers (waitress's loop in `serving`, gunicorn's workers in
  `gunicorn_worker`) give a `/push/` request's socket to the hub instead of the WSGI app.
- `publication`: what a committed change announces; `services.unit_of_work` sends it after
  its commit (and, on PostgreSQL, as a NOTIFY that the server delivers at the commit).
- `listener`: on PostgreSQL, each server process LISTENs for the others' changes.

Polling stays the fallback: a screen whose stream cannot be held polls as before.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app

from .hub import Hub
from .listener import Listener
from .tickets import stream_path

__all__ = ["Hub", "hub_of", "init_app", "listen"]


def init_app(app: Flask) -> None:
    # Behind a reverse proxy every stream comes from the proxy's address: no per-address cap
    # (as for connections, serving.options_for).
    per_address = 0 if app.config["PROXY_FIX"] else app.config["STREAMS_PER_ADDRESS"]
    app.extensions["push"] = Hub(app.config["SECRET_KEY"], per_address=per_address)
    app.add_template_global(push_path, "push_path")


def push_path(event_id: int, table_id: int | None = None) -> str:
    """The stream a page's script opens to follow the event (or one online table)."""
    return stream_path(current_app.config["SECRET_KEY"], event_id, table_id)


def hub_of(app: Any) -> Hub | None:
    """The app's hub (None for a WSGI callable that is not this app)."""
    hub = getattr(app, "extensions", {}).get("push")
    return hub if isinstance(hub, Hub) else None


def listen(app: Any) -> Listener | None:
    """On PostgreSQL, a started listener for the other server processes' changes."""
    from .. import db

    hub = hub_of(app)
    if hub is None or not db.database_url(app).startswith("postgresql"):
        return None
    return Listener(db.database_url(app), hub).start()
