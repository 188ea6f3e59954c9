"""The poll key moves with the clock only while the screen shows a deal (its "away" marks)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.conftest import count_queries
from tests.online.conftest import claim_all, online_event, start
from tests.room.conftest import close_round
from tournament import db
from tournament.models import Event
from tournament.services.online import settings, view

NAMES = ["Cleo", "ana", "Ben", "Dan"]
BEFORE = datetime(2026, 1, 1, 10, 0, 14, tzinfo=UTC)
AFTER = BEFORE + timedelta(seconds=2)  # the next AWAY_BUCKET


def _keys(app, token: str) -> tuple[str | None, str | None, int]:
    with app.app_context():
        session = db.session()
        with count_queries(app) as statements:
            first = view.poll_key(session, token, BEFORE)
        return first, view.poll_key(session, token, AFTER), len(statements)


def test_the_poll_key_moves_with_the_clock_only_while_a_deal_is_on_screen(app):
    event_id = online_event(app, NAMES, 1)
    token = claim_all(app, event_id)["ana"]
    before, after, statements = _keys(app, token)
    assert before == after and statements == 1  # waiting before round 1: no deal on screen
    start(app, event_id)
    before, after, statements = _keys(app, token)
    assert before != after and statements == 1  # a deal at an online table
    close_round(app, event_id)
    before, after, _ = _keys(app, token)
    assert before == after  # between rounds


def test_the_poll_key_ignores_the_clock_at_a_table_played_in_the_room(app):
    event_id = online_event(app, NAMES, 1)
    token = claim_all(app, event_id)["ana"]
    with app.app_context():
        session = db.session()
        settings.set_tables(session, session.get(Event, event_id), {1: settings.Wanted(False)})
    start(app, event_id)
    before, after, statements = _keys(app, token)
    assert before == after and statements == 1
