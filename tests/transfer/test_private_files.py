"""The instance folder holds the events, the organiser's password hash, the session key and the
backups: on a shared laptop no other account may read any of it (POSIX permissions)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from sqlalchemy import text

from tournament import create_app, db
from tournament.blueprints.service_config import backup_store
from tournament.migrate import upgrade
from tournament.services import accounts, events

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file permissions")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def usual_umask():
    """The umask of a normal desktop login: new files 0644, folders 0755."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def laptop_app(instance: Path):
    """The app as `make run` starts it: database in the instance folder, key generated there."""
    os.environ["TOURNAMENT_INSTANCE_PATH"] = str(instance)
    try:
        return create_app({"TESTING": True})
    finally:
        del os.environ["TOURNAMENT_INSTANCE_PATH"]


def test_instance_folder_database_wal_and_key_are_private_to_the_account(tmp_path, usual_umask):
    instance = tmp_path / "instance"
    app = laptop_app(instance)
    upgrade(db.make_engine(db.database_url(app)))
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        with db.engine().connect() as connection:  # keeps the WAL and its index open
            connection.execute(text("SELECT 1"))
            database = instance / "tournament.sqlite3"
            assert mode(instance) == 0o700
            assert mode(database) == 0o600
            assert mode(instance / "secret_key") == 0o600
            companions = [database.with_name(database.name + s) for s in ("-wal", "-shm")]
            assert all(p.exists() for p in companions)
            assert [mode(p) for p in companions] == [0o600, 0o600]
    app.extensions["db_engine"].dispose()


def test_backups_folder_and_files_are_private(tmp_path, usual_umask):
    instance = tmp_path / "instance"
    app = laptop_app(instance)
    upgrade(db.make_engine(db.database_url(app)))
    with app.app_context():
        event = events.create_event(db.session(), "Class 9B")
        written = backup_store(app).write(db.session(), event)
    assert mode(written.parent) == 0o700
    assert mode(written) == 0o600
    app.extensions["db_engine"].dispose()


def test_an_existing_install_is_tightened_when_the_app_starts(tmp_path, usual_umask):
    instance = tmp_path / "instance"
    (instance / "backups").mkdir(parents=True)
    old_files = [instance / "tournament.sqlite3", instance / "tournament.sqlite3-wal",
                 instance / "tournament.sqlite3-shm", instance / "secret_key",
                 instance / "backups" / "event-1-20240101000000-20240101-000000-000000-round-1.json"]
    for path in old_files:
        path.write_bytes(b"")
        path.chmod(0o644)
    for folder in (instance, instance / "backups"):
        folder.chmod(0o755)
    (instance / "secret_key").write_text("k" * 64)
    app = laptop_app(instance)
    assert [mode(p) for p in old_files] == [0o600] * len(old_files)
    assert (mode(instance), mode(instance / "backups")) == (0o700, 0o700)
    app.extensions["db_engine"].dispose()
