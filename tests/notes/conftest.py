"""An event with a running round at three tables and one observer, and helpers to send notes."""

from __future__ import annotations

import re

import pytest

from tests.conftest import setup_event
from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.models import DebriefNote, Event, PlayerStatus
from tournament.services import players as player_service

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "Ivo", "Zoë"]
OBSERVER = "Zoë"


def make_observer(app, event_id: int, name: str) -> int:
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        player = next(p for p in event.players if p.name == name)
        player_service.set_status(session, event, player, PlayerStatus.OBSERVER)
        session.commit()
        return player.id


@pytest.fixture
def room(app):
    """{'event': id, 'observer': player id, 'seated': a seated player's id, 'public': token, 1..3: table tokens}"""
    event_id = setup_event(app, NAMES, tables=3)
    observer = make_observer(app, event_id, OBSERVER)
    start_round(app, event_id)
    found = tokens(app, event_id)
    with app.app_context():
        seated = next(p.id for p in db.session().get(Event, event_id).players if p.name == "Ana")
    return {"event": event_id, "observer": observer, "seated": seated, **found}


def stored(app, event_id: int) -> list[DebriefNote]:
    with app.app_context():
        notes = db.session().query(DebriefNote).filter_by(event_id=event_id).order_by(DebriefNote.id).all()
        db.session().expunge_all()
        return notes


def form_keys(html: str) -> dict:
    """The note form's CSRF token and nonce, as the page shows them."""
    form = html[html.index("data-note-form"):]
    return {"csrf_token": re.search(r'name="csrf_token" value="([^"]*)"', form).group(1),
            "nonce": re.search(r'name="nonce" value="([^"]+)"', form).group(1)}
