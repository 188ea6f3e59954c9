"""On PostgreSQL a change to one event waits only for changes to that event and for changes no
single event holds (tournament/db.py): with several server processes and several events in one
hall, one class never queues behind another class."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import create_engine, text

from tests.conftest import PG_URL, setup_event
from tests.room.conftest import seated, start_round, tokens
from tests.room.test_phone_entry import form
from tournament.db import CHANGES_LOCK

# Only the PostgreSQL pass collects these (see the `postgres` marker in tests/conftest.py).
pytestmark = pytest.mark.postgres

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn"]
WAIT = 1.5  # long enough to tell waiting from not waiting, on a busy machine


@pytest.fixture
def two_events(app):
    found = []
    for name in ("Class A", "Class B"):
        event_id = setup_event(app, NAMES, tables=2, name=name)
        start_round(app, event_id)
        found.append(event_id)
    return found


@pytest.fixture
def holder():
    """Another database session holding an advisory lock until released."""
    engine = create_engine(PG_URL)
    connection = engine.connect()
    yield connection
    if connection.in_transaction():
        connection.rollback()
    connection.close()
    engine.dispose()


def _in_background(client, url, data):
    outcome: dict = {}

    def send():
        outcome["status"] = client.post(url, data=data).status_code

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread, outcome


def _phone_post(app, event_id):
    ids = list(seated(app, event_id, 1).values())
    return _in_background(app.test_client(), f"/t/{tokens(app, event_id)[1]}", form(1, (ids[0], "")))


def test_a_phone_write_waits_for_its_own_event_and_not_for_another(app, two_events, holder):
    first, second = two_events
    holder.execute(text("SELECT pg_advisory_xact_lock(:c, :e)"), {"c": CHANGES_LOCK, "e": first})
    own, own_outcome = _phone_post(app, first)
    other, other_outcome = _phone_post(app, second)
    other.join(timeout=30)
    assert other_outcome.get("status") == 302
    assert own.is_alive(), "a phone did not wait for a change to its own event"
    holder.rollback()
    own.join(timeout=30)
    assert own_outcome.get("status") == 302


def test_an_organiser_change_waits_for_a_phone_write_in_flight_at_its_event_only(app, organiser, two_events, holder):
    first, second = two_events
    holder.execute(text("SELECT pg_advisory_xact_lock_shared(:c)"), {"c": CHANGES_LOCK})
    holder.execute(text("SELECT pg_advisory_xact_lock(:c, :e)"), {"c": CHANGES_LOCK, "e": first})
    other, other_outcome = _in_background(organiser, f"/events/{second}/room/timer/study", {})
    other.join(timeout=30)
    assert other_outcome.get("status") == 302
    change, outcome = _in_background(organiser, f"/events/{first}/room/timer/study", {})
    change.join(timeout=WAIT)
    assert change.is_alive(), "an organiser change did not wait for a phone write in flight"
    holder.rollback()
    change.join(timeout=30)
    assert outcome.get("status") == 302


def test_a_change_of_no_single_event_waits_for_every_change_in_flight(app, organiser, two_events, holder):
    holder.execute(text("SELECT pg_advisory_xact_lock_shared(:c)"), {"c": CHANGES_LOCK})
    change, outcome = _in_background(organiser, "/accounts/language", {"language": "de"})
    change.join(timeout=WAIT)
    assert change.is_alive(), "an account change did not wait for a change in flight"
    holder.rollback()
    change.join(timeout=30)
    assert outcome.get("status") == 302


def test_a_phone_write_waits_for_an_organiser_change(app, two_events, holder):
    holder.execute(text("SELECT pg_advisory_xact_lock(:c)"), {"c": CHANGES_LOCK})
    phone, outcome = _phone_post(app, two_events[1])
    phone.join(timeout=WAIT)
    assert phone.is_alive(), "a phone write did not wait for an organiser change"
    holder.rollback()
    phone.join(timeout=30)
    assert outcome.get("status") == 302
