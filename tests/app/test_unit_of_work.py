"""One change, one unit of work (services.unit_of_work): the lock, the re-read, one revision,
the audit lines and one commit, or nothing at all."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, select, update

from tournament import db
from tournament.models import AuditEntry, Event, OnlineClock, Player
from tournament.services import events, players, tables
from tournament.services.errors import DomainError, NotFound
from tournament.services.unit_of_work import (
    ChangeOfAnotherEvent,
    WriteOutsideAUnitOfWork,
    event_change,
    unit_of_work,
)


def _event(session, name="Class") -> int:
    event = events.create_event(session, name)
    players.add_players(session, event, "Ann\nBob\nCid\nDee")
    tables.set_table_count(session, event, 1)
    return event.id


def _revision(event_id: int, app) -> int:
    """As another connection sees it: committed or not there."""
    engine = create_engine(app.config.get("DATABASE_URL") or str(db.engine().url))
    try:
        with engine.connect() as connection:
            return connection.scalar(select(Event.revision).where(Event.id == event_id))
    finally:
        engine.dispose()


def _audit_lines(session, event_id: int) -> int:
    return len(session.scalars(select(AuditEntry).where(AuditEntry.event_id == event_id)).all())


def test_a_change_of_many_rows_and_flushes_moves_its_events_revision_exactly_once(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        before = _revision(event_id, app)
        with event_change(session, event_id) as change:
            for player in change.event.players:
                player.name = player.name + "!"
                session.flush()
            change.audit("player renamed", "everyone")
        assert _revision(event_id, app) == before + 1
        assert {p.name for p in session.scalars(select(Player).where(Player.event_id == event_id))} == {
            "Ann!", "Bob!", "Cid!", "Dee!"}


def test_a_refused_change_saves_nothing_not_even_its_audit_line_nor_a_revision(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        before, lines = _revision(event_id, app), _audit_lines(session, event_id)
        with pytest.raises(DomainError), event_change(session, event_id) as change:
            change.event.name = "Renamed"
            change.audit("player renamed", "Ann")
            session.flush()
            raise DomainError("refused")
        assert _revision(event_id, app) == before
        assert _audit_lines(session, event_id) == lines
        assert session.get(Event, event_id).name == "Class"


def test_a_change_that_leaves_the_record_alone_leaves_the_revision_alone(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        table_id = session.get(Event, event_id).tables[0].id
        before = _revision(event_id, app)
        with event_change(session, event_id, record=False):
            session.add(OnlineClock(table_id=table_id, event_id=event_id, version=1))
        assert _revision(event_id, app) == before


def test_a_change_that_writes_nothing_leaves_the_revision_and_every_screens_cache_alone(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        before = _revision(event_id, app)
        with event_change(session, event_id) as change:
            assert change.event.name == "Class"  # read, decided there is nothing to do
        assert _revision(event_id, app) == before
        with event_change(session, event_id):
            session.execute(update(Player).where(Player.event_id == event_id).values(name=Player.name + "?"))
        assert _revision(event_id, app) == before + 1  # a statement that writes counts as a write


def test_a_service_called_inside_a_change_joins_it_and_the_outer_one_commits_once(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        before = _revision(event_id, app)
        with event_change(session, event_id, record=False) as outer:
            with event_change(session, event_id) as inner:
                assert inner is outer
                inner.event.name = "Joined"
            assert session.in_transaction()  # the inner block committed nothing
        assert _revision(event_id, app) == before + 1  # the inner change was part of the record


def test_a_change_to_another_event_inside_a_change_is_refused_and_nothing_is_saved(app):
    with app.app_context():
        session = db.session()
        first, second = _event(session, "First"), _event(session, "Second")
        with pytest.raises(ChangeOfAnotherEvent), event_change(session, first) as change:
            change.event.name = "Changed"
            with event_change(session, second):
                pass
        assert session.get(Event, first).name == "First"


def test_objects_changed_before_a_change_begins_are_refused_not_silently_saved(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        session.get(Event, event_id).name = "Written outside"
        with pytest.raises(WriteOutsideAUnitOfWork), event_change(session, event_id):
            pass
        session.rollback()
        assert session.get(Event, event_id).name == "Class"


def test_a_change_decides_on_the_event_as_committed_last_not_as_the_page_loaded_it(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        loaded = session.get(Event, event_id)
        assert len(loaded.players) == 4
        session.rollback()  # the page's snapshot ends; another device changes the event
        engine = create_engine(str(db.engine().url))
        with engine.begin() as other:
            other.execute(update(Event).where(Event.id == event_id).values(name="Renamed elsewhere"))
            other.execute(Player.__table__.delete().where(Player.event_id == event_id, Player.name == "Ann"))
        engine.dispose()
        with event_change(session, event_id) as change:
            assert change.event is loaded
            assert change.event.name == "Renamed elsewhere"
            assert sorted(p.name for p in change.event.players) == ["Bob", "Cid", "Dee"]


def test_a_change_to_an_event_deleted_a_moment_ago_is_not_found_and_saves_nothing(app):
    with app.app_context():
        session = db.session()
        event_id = _event(session)
        events.delete_event(session, session.get(Event, event_id))
        with pytest.raises(NotFound), event_change(session, event_id):
            pass


def test_a_change_of_no_single_event_commits_once_or_not_at_all(app):
    with app.app_context():
        session = db.session()
        with pytest.raises(RuntimeError), unit_of_work(session):
            session.add(Event(name="Half", round_minutes=7, game="five-tricks", time_zone="UTC", planned_rounds=4))
            session.flush()
            raise RuntimeError("disk full")
        assert session.scalar(select(Event.id).where(Event.name == "Half")) is None
        with unit_of_work(session):
            session.add(Event(name="Whole", round_minutes=7, game="five-tricks", time_zone="UTC", planned_rounds=4))
        assert session.scalar(select(Event.id).where(Event.name == "Whole")) is not None


def test_an_imported_event_is_written_in_one_unit_of_work_with_all_its_rows(app):
    from tournament.services import transfer

    with app.app_context():
        session = db.session()
        event_id = _event(session)
        document = transfer.export_event(session, session.get(Event, event_id))
        imported = transfer.import_event(session, document, suffix=" (copy)")
        assert not session.in_transaction() or not (session.new or session.dirty)
        names = session.scalars(select(Player.name).where(Player.event_id == imported.id)).all()
        assert sorted(names) == ["Ann", "Bob", "Cid", "Dee"]


def test_the_suites_watch_fails_a_get_request_that_writes_and_a_write_outside_a_change(app):
    from tests.unit_of_work_guard import UnitOfWorkBreach

    with app.app_context():
        event_id = _event(db.session())

    def rename_on_get():
        db.session().get(Event, event_id).name = "Written by a GET"
        db.session().flush()
        return "done"

    def rename_outside_a_change():
        db.session().get(Event, event_id).name = "Written by a POST outside a change"
        db.session().flush()
        return "done"

    app.add_url_rule("/watch-get", view_func=rename_on_get)
    app.add_url_rule("/watch-post", view_func=rename_outside_a_change, methods=["POST"])
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    for method, url in (("get", "/watch-get"), ("post", "/watch-post")):
        with pytest.raises(UnitOfWorkBreach):
            getattr(client, method)(url)
