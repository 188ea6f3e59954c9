"""Fixtures for the printed materials: an event with the seed kit's ten tables."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tournament import db
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.models import Event

NAMES = [f"Player {chr(65 + i // 4)}{i % 4}" for i in range(40)]


def seed_event(app, names=NAMES, tables=10, **settings) -> int:
    """An event with one table per seed sheet (in the seed's order) and the given print settings."""
    event_id = setup_event(app, names, tables=tables)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        # Fewer tables take the first seed sheets; more keep the default rules after the tenth.
        for table, variant in zip(event.tables, SEED_VARIANTS, strict=False):
            table.variant = variant
        for key, value in settings.items():
            setattr(event, key, value)
        session.commit()
    return event_id


@pytest.fixture
def event_id(app):
    return seed_event(app)
