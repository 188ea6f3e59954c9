"""Fixtures for the room: an event with a running round, and helpers to read its tokens."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tournament import db
from tournament.models import Event
from tournament.services import rounds
from tournament.services.latest_round import latest_round

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "Ivo"]


def start_round(app, event_id: int) -> None:
    with app.app_context():
        rounds.start_round(db.session(), db.session().get(Event, event_id))


def tokens(app, event_id: int) -> dict:
    """{'projector': ..., 'public': ..., 1: token of table 1, ...}"""
    with app.app_context():
        event = db.session().get(Event, event_id)
        found = {"projector": event.projector_token, "public": event.public_token}
        found.update({t.number: t.token for t in event.tables})
        return found


def seated(app, event_id: int, table_number: int) -> dict[str, int]:
    """Name -> player id of the players at a table in the latest round (home table before)."""
    from tournament.services.round_data import load_round

    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        latest = latest_round(session, event)
        data = load_round(session, event, latest.number)
        return {p.name: p.id for p in data.seated_at(data.table(table_number))}


@pytest.fixture
def event_id(app):
    """Nine players at three tables of three."""
    return setup_event(app, NAMES, tables=3)


@pytest.fixture
def running(app, event_id):
    start_round(app, event_id)
    return event_id


def record_winner(app, event_id: int, table_number: int, winners: list[str]) -> None:
    """Record games 1..n at a table of the running round, won by the named players."""
    from tournament.services.games import GameEntry, record_games
    from tournament.services.round_data import load_round

    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        data = load_round(session, event, latest_round(session, event).number)
        table = data.table(table_number)
        ids = {p.name: p.id for p in data.seated_at(table)}
        record_games(session, data, table,
                     [GameEntry(n, None, frozenset({ids[w]}), None) for n, w in enumerate(winners, 1)])


def close_round(app, event_id: int) -> None:

    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        rounds.close(session, event, latest_round(session, event).number)


def played_first_round(app, names: list[str]) -> int:
    """An event whose round 1 was played and closed at three tables (round 2 seated, not started),
    with an organiser account "teacher"; every results, seats and projector page has content."""
    from tournament.services import accounts

    event_id = setup_event(app, names, tables=3)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    start_round(app, event_id)
    for table in (1, 2, 3):
        seated_names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [seated_names[0], seated_names[1], seated_names[0]])
    close_round(app, event_id)
    return event_id


@pytest.fixture
def phone(app):
    """A second, anonymous browser: a phone at a table that holds nothing but the link."""
    return app.test_client()
