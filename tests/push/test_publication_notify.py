"""On PostgreSQL a change also tells the other server processes, by a NOTIFY sent inside its
transaction: the server delivers it at the commit, never earlier, and never for a change that
rolls back. A LISTEN connection in the test plays the other process."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import event as sa_event

from tests.conftest import PG_URL, setup_event
from tournament import db
from tournament.models import Event
from tournament.push.listener import libpq_address
from tournament.push.publication import CHANNEL, Publication
from tournament.services.unit_of_work import event_change

pytestmark = pytest.mark.postgres


@pytest.fixture
def listening():
    assert PG_URL is not None
    with psycopg.connect(libpq_address(PG_URL), autocommit=True) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        yield connection


def notes(connection, seconds: float = 0.3) -> list[str]:
    return [note.payload for note in connection.notifies(timeout=seconds)]


def test_a_notify_reaches_other_processes_at_the_commit_and_not_before(app, listening):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    notes(listening, 0.1)  # whatever the setup announced
    before_commit: list[list[str]] = []
    with app.app_context():
        session = db.session()

        def look(_session) -> None:
            before_commit.append(notes(listening))

        sa_event.listen(session, "before_commit", look)
        with event_change(session, event_id) as change:
            change.event.name = "Class 9C"
            change.audit("event renamed", new="Class 9C")
        sa_event.remove(session, "before_commit", look)
        revision = session.get(Event, event_id).revision
    assert before_commit == [[]]
    assert notes(listening, 2) == [Publication(event_id, revision=revision).payload()]


def test_a_change_rolled_back_at_its_commit_notifies_no_one(app, listening):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    notes(listening, 0.1)
    with app.app_context():
        session = db.session()

        def refuse(_session) -> None:
            raise RuntimeError("the commit failed")

        sa_event.listen(session, "before_commit", refuse)
        try:
            with pytest.raises(RuntimeError), event_change(session, event_id) as change:
                change.event.name = "Never saved"
        finally:
            sa_event.remove(session, "before_commit", refuse)
    assert notes(listening, 1) == []
