"""The debrief knows the end: its timeline says when the tournament ended (and was reopened),
and the printed take-away says after how many rounds it was over."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tournament import db
from tournament.models import Event
from tournament.services import rounds
from tournament.services.debrief import timeline
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _play(session, event, number):
    rounds.start_round(session, event)
    data = load_round(session, event, number)
    for table in data.tables:
        seated = sorted(data.seated_at(table), key=lambda p: p.name)
        record_games(session, data, table, [GameEntry(1, None, frozenset({seated[0].id}), None)])
    rounds.close(session, event, number)


@pytest.fixture
def ended(app):
    """Two rounds planned and played: the tournament is over."""
    event_id = setup_event(app, NAMES, tables=2)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        event.planned_rounds = 2
        session.commit()
        _play(session, event, 1)
        _play(session, event, 2)
    return event_id


def _texts(app, event_id):
    with app.app_context():
        session = db.session()
        return [(item.kind, str(item.text)) for item in timeline.build(session, session.get(Event, event_id)).items]


def test_the_timeline_ends_with_the_end_of_the_tournament(app, ended):
    assert _texts(app, ended)[-1] == ("end", "The tournament ended after round 2.")


def test_the_timeline_says_when_the_tournament_was_reopened(app, ended):
    with app.app_context():
        session = db.session()
        rounds.one_more_round(session, session.get(Event, ended))
    assert _texts(app, ended)[-1] == ("one more", "The tournament was reopened.")


def test_the_take_away_says_after_how_many_rounds_it_was_over(app, organiser, ended):
    page = organiser.get(f"/events/{ended}/print/debrief").get_data(as_text=True)
    assert "Over after 2 rounds" in page
