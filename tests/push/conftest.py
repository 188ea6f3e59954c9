"""Fixtures for the stream tests: an event with a running round, served by the real server."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tests.room.conftest import NAMES, start_round
from tournament import db
from tournament.models import Event


def revision(app, event_id: int) -> int:
    """The event's revision as committed in the database."""
    with app.app_context():
        return db.session().get(Event, event_id).revision


@pytest.fixture
def running(app):
    """Nine players at three tables, round 1 running."""
    event_id = setup_event(app, NAMES, tables=3)
    start_round(app, event_id)
    return event_id
