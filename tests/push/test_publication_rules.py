"""A change tells the screens its new revision once, after its commit: never before it (a
screen that fetched at once would read the old page), never for a change rolled back or one
that wrote nothing, and once for a change that services join from inside."""

from __future__ import annotations

import pytest
from sqlalchemy import select, text

from tests.conftest import setup_event
from tournament import db, push
from tournament.models import Event
from tournament.services.unit_of_work import event_change


@pytest.fixture
def heard(app, monkeypatch):
    """Every publication the app's hub hears, with the revision another connection read from
    the database at that moment."""
    hub = push.hub_of(app)
    engine = app.extensions["db_engine"]
    calls: list[dict] = []
    publish = hub.publish

    def recording(event_id, revision=None, table_id=None, clock=None):
        with engine.connect() as other:
            committed = other.scalar(select(Event.revision).where(Event.id == event_id))
        calls.append({"event": event_id, "revision": revision, "table": table_id, "clock": clock,
                      "committed": committed})
        publish(event_id, revision, table_id, clock)

    monkeypatch.setattr(hub, "publish", recording)
    return calls


@pytest.fixture
def event_id(app):
    return setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)


def rename(app, event_id: int, name: str) -> None:
    with app.app_context(), event_change(db.session(), event_id) as change:
        change.event.name = name
        change.audit("event renamed", new=name)


def test_a_change_is_announced_once_with_the_revision_another_connection_already_reads(app, event_id, heard):
    rename(app, event_id, "Class 9C")
    assert len(heard) == 1
    assert heard[0]["revision"] == heard[0]["committed"] is not None
    with app.app_context():
        assert db.session().get(Event, event_id).revision == heard[0]["revision"]


def test_a_change_rolled_back_announces_nothing(app, event_id, heard):
    with app.app_context(), pytest.raises(RuntimeError), event_change(db.session(), event_id) as change:
        change.event.name = "Never saved"
        change.audit("event renamed", new="Never saved")
        db.session().flush()
        raise RuntimeError("refused halfway")
    assert heard == []


def test_a_change_that_wrote_nothing_announces_nothing(app, event_id, heard):
    with app.app_context(), event_change(db.session(), event_id) as change:
        _ = change.event.name  # read, decided there was nothing to do
    assert heard == []


def test_a_change_that_services_join_from_inside_announces_once(app, event_id, heard):
    with app.app_context():
        session = db.session()
        before = session.get(Event, event_id).revision
        with event_change(session, event_id) as change:
            change.event.name = "Outer"
            with event_change(session, event_id) as inner:
                inner.event.name = "Inner"
                session.execute(text("SELECT 1"))
            assert heard == []  # the inner change leaves the commit, and the news, to the outer one
        assert [call["revision"] for call in heard] == [before + 1]
