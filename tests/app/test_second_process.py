"""What another process may do beside the running server: read the SQLite file or run
`create-organiser` and `db-upgrade` without costing the server a single change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from tournament import create_app, db

COUNT_ROWS = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
print(connection.execute("SELECT count(*) FROM t").fetchone()[0])
connection.close()
"""
# Exit status 0 when the write lock was free, 1 when another connection held it.
TRY_TO_WRITE = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    connection.execute("BEGIN IMMEDIATE")
except sqlite3.OperationalError:
    sys.exit(1)
connection.execute("ROLLBACK")
"""


def other_process(script: str, database: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", script, str(database)], capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.fixture
def database(tmp_path) -> Path:
    return tmp_path / "tournament.sqlite3"


@pytest.fixture
def sqlite_app(tmp_path, database, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{database}"})
    yield app
    app.extensions["db_engine"].dispose()


def test_a_new_connection_never_costs_the_open_ones_their_lock(database):
    """Were the file opened and closed outside SQLite for a new connection, the open ones would
    lose their locks (POSIX drops a process's locks on a file at any close of it), and the next
    process to close the file would delete the write-ahead log under them: every change written
    afterwards lost."""
    engine = db.make_engine(f"sqlite:///{database}")
    try:
        with engine.connect() as first:
            first.execute(text("CREATE TABLE t (x INTEGER)"))
            first.commit()
            with engine.connect() as second:
                second.execute(text("SELECT count(*) FROM t"))
                assert other_process(COUNT_ROWS, database).stdout.strip() == "0"
                first.execute(text("INSERT INTO t VALUES (1)"))
                first.commit()
                assert other_process(COUNT_ROWS, database).stdout.strip() == "1"
    finally:
        engine.dispose()
    assert other_process(COUNT_ROWS, database).stdout.strip() == "1"


def test_a_command_holds_the_write_lock_from_its_first_read_so_the_server_cannot_slip_in(sqlite_app, database):
    """`create-organiser` reads the account, then writes it. Begun deferred, a commit of the
    running server in between would fail its write at once ("database is locked")."""
    with sqlite_app.app_context():
        with db.command_changes():
            db.session().execute(text("SELECT 1"))
            assert other_process(TRY_TO_WRITE, database).returncode == 1
            db.session().commit()
        db.session().execute(text("SELECT 1"))  # a page's read leaves the server free to write
        assert other_process(TRY_TO_WRITE, database).returncode == 0
        db.session().commit()
