"""Driving every entry point of a name, and reading what was stored."""

from __future__ import annotations

import html
import io
import json

from sqlalchemy import func, select

from tests.conftest import setup_event
from tournament import db
from tournament.models import AuditEntry, Event, Player, Round, Seat
from tournament.services import rounds
from tournament.services.transfer import export_event


def page_text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def counts(app) -> dict[str, int]:
    with app.app_context():
        session = db.session()
        return {m.__name__: session.scalar(select(func.count()).select_from(m))
                for m in (Event, Player, Round, Seat, AuditEntry)}


def player_names(app, event_id: int) -> list[str]:
    with app.app_context():
        return list(db.session().scalars(select(Player.name).where(Player.event_id == event_id)))


def bare_event(app, names: list[str], name: str = "Class 9B") -> int:
    """An event with players and no table plan yet."""
    from tournament.services import events, players

    with app.app_context():
        session = db.session()
        event = events.create_event(session, name)
        players.add_players(session, event, "\n".join(names))
        return event.id


def running_event(app, names=("Xavi", "Yara", "Wes", "Vic")) -> int:
    """Two tables and a running round 1, for latecomers."""
    event_id = setup_event(app, list(names), tables=2)
    with app.app_context():
        rounds.start_round(db.session(), db.session().get(Event, event_id))
    return event_id


def export_with_name(app, name: str) -> bytes:
    """An event file with one player, whose name is replaced by ``name`` (it is nowhere else)."""
    event_id = bare_event(app, ["Xavi"], name="Source")
    with app.app_context():
        document = export_event(db.session(), db.session().get(Event, event_id))
    document["event"]["name"] = "Imported"
    document["players"][0]["name"] = name
    document["audit"] = []
    return json.dumps(document).encode()


def upload(client, raw: bytes):
    return client.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                       content_type="multipart/form-data")
