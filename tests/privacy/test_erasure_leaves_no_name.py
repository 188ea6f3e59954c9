"""Deleting an event erases its players' names from this laptop: no byte of the database file
(its free pages and write-ahead log included) or of any file under `instance/` holds them, no
table row does, and another event keeps all of its own."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import String, Text, select
from sqlalchemy import event as sa_event

from tests.agreement.conftest import answer, send
from tests.conftest import setup_event
from tests.room.conftest import seated, start_round
from tournament import db
from tournament.blueprints.service_config import backup_store
from tournament.models import AuditEntry, Base, Event, Player
from tournament.services import notes as note_service
from tournament.services import rounds

# Names no other text of the app, its catalogues or its fixtures holds.
UNUSUAL = ["Quillonia Vexbrandt", "Zebulon Ophirwald", "Ysolde Þrándóttir", "Maëlwenn Krzyżanowska"]
NAMES = [*UNUSUAL, "Ana", "Ben", "Cem", "Dora"]
OTHERS = ["Orsolya Twentyman", "Pelagius Wrenfield", "Eli", "Finn", "Gus", "Hana"]


def _played(app, organiser, names, name):
    """A played round with a disputed game, a note naming a player, and a closed round (so a
    backup on disk); round 2 is planned."""
    event_id = setup_event(app, names, tables=2, name=name)
    start_round(app, event_id)
    phone = app.test_client()
    winner = sorted(seated(app, event_id, 1))[0]
    send(phone, app, event_id, 1, {1: winner})
    answer(phone, app, event_id, 1, 1, agree=False)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        note_service.send_note(session, event, source="observer", author=names[1], flag=None,
                               text=f"{names[0]} dealt twice", nonce="n" * 20, table_number=1)
        rounds.close(session, event, 1, backup_store(app))  # as the pages close: with its backup
        backup_store(app).write(session, session.get(Event, event_id))  # as a second close would
    return event_id


def _files(app) -> list[Path]:
    database = db.sqlite_file(app.config["DATABASE_URL"])
    found = [p for p in Path(app.instance_path).rglob("*") if p.is_file()]
    if database is not None:
        found += [p for p in database.parent.glob(database.name + "*") if p.is_file()]
    return found


def _bytes_naming(app, names) -> list[str]:
    hits = []
    for path in _files(app):
        data = path.read_bytes()
        hits += [f"{path.name}: {name}" for name in names
                 if name.encode("utf-8") in data or name.encode("utf-16-le") in data]
    return hits


def _rows_naming(app, names) -> list[str]:
    """Every text column of every table, scanned by SQL (PostgreSQL has no file to read)."""
    hits = []
    with app.app_context():
        session = db.session()
        for table in Base.metadata.sorted_tables:
            for column in table.columns:
                if not isinstance(column.type, (String, Text)):
                    continue
                for name in names:
                    if session.execute(select(column).where(column.contains(name, autoescape=True)).limit(1)).first():
                        hits.append(f"{table.name}.{column.name}: {name}")
    return hits


@pytest.fixture
def two_events(app, organiser):
    doomed = _played(app, organiser, NAMES, "Class 9B")
    kept = _played(app, organiser, OTHERS, "Class 9C")
    return doomed, kept


@pytest.mark.sqlite
def test_no_byte_of_the_database_or_the_instance_folder_names_a_deleted_events_players(app, organiser, two_events):
    doomed, _kept = two_events
    assert sorted(_bytes_naming(app, UNUSUAL)) != []  # the scan finds them while the event exists
    assert organiser.post(f"/events/{doomed}/delete").status_code == 302
    assert _bytes_naming(app, UNUSUAL) == []
    assert len(_bytes_naming(app, OTHERS[:2])) >= 2  # the other class is still on disk


def test_no_row_of_any_table_names_a_deleted_events_players(app, organiser, two_events):
    doomed, kept = two_events
    assert _rows_naming(app, UNUSUAL) != []
    assert organiser.post(f"/events/{doomed}/delete").status_code == 302
    assert _rows_naming(app, UNUSUAL) == []
    with app.app_context():
        session = db.session()
        assert sorted(session.scalars(select(Player.name).where(Player.event_id == kept))) == sorted(OTHERS)
        assert session.scalar(select(AuditEntry.id).where(AuditEntry.event_id == kept).limit(1)) is not None


def test_deleting_an_event_deletes_its_backups_and_keeps_the_other_events(app, organiser, two_events):
    doomed, kept = two_events
    store = backup_store(app)
    with app.app_context():
        session = db.session()
        assert len(store.list_backups(session.get(Event, doomed))) == 2
        others = store.list_backups(session.get(Event, kept))
    page = organiser.get(f"/events/{doomed}/delete").get_data(as_text=True)
    assert "Its 2 automatic backups are deleted too." in page
    organiser.post(f"/events/{doomed}/delete")
    assert sorted(p.name for p in store.folder.iterdir()) == sorted(b.name for b in others)


def test_another_events_change_log_keeps_nothing_of_a_deleted_event(app, organiser, two_events):
    """A duplicate is its own event (its players copied, its log empty); deleting the original
    leaves no line anywhere that names it or its players."""
    doomed, _kept = two_events
    copy = organiser.post(f"/events/{doomed}/duplicate")
    assert copy.status_code == 302
    organiser.post(f"/events/{doomed}/delete")
    with app.app_context():
        lines = db.session().scalars(select(AuditEntry)).all()
        texts = " ".join(f"{a.subject} {a.old_value} {a.new_value} {a.actor}" for a in lines)
    assert "Class 9B" not in texts.replace("Class 9B (copy)", "")
    assert not any(name in texts for name in UNUSUAL)


def test_an_event_without_backups_says_it_has_none_to_delete(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    page = organiser.get(f"/events/{event_id}/delete").get_data(as_text=True)
    assert "It has no automatic backup to delete." in page



def test_every_sqlite_connection_is_opened_to_overwrite_deleted_rows(tmp_path):
    """Some SQLite builds overwrite by default, others not: the app asks for it on every connection."""
    connection = sqlite3.connect(tmp_path / "any.sqlite3")
    try:
        connection.execute("PRAGMA secure_delete=OFF")
        db._sqlite_pragmas(connection, None)
        assert connection.execute("PRAGMA secure_delete").fetchone() == (1,)
    finally:
        connection.close()


@pytest.mark.sqlite
def test_without_overwriting_the_deleted_names_would_stay_in_the_file(app, organiser, two_events):
    """What the byte scan guards against: a build that leaves deleted rows in free pages."""
    def leave_bytes(connection, _record):
        connection.execute("PRAGMA secure_delete=OFF")

    engine = app.extensions["db_engine"]
    engine.dispose()
    sa_event.listen(engine, "connect", leave_bytes)
    try:
        doomed, _kept = two_events
        assert organiser.post(f"/events/{doomed}/delete").status_code == 302
        assert _bytes_naming(app, UNUSUAL) != []
    finally:
        sa_event.remove(engine, "connect", leave_bytes)
