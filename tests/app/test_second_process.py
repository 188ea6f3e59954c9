"""What another process may do beside the running server, and what it may not: read the SQLite
file or run `create-organiser` and `db-upgrade` without costing the server a single change, but
not serve the same file a second time. (The real server under load meets each of them in
tests/reliability/test_second_process.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from tournament import PROJECT_ROOT, create_app, db, one_server
from tournament.services.unit_of_work import unit_of_work

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
HOLD_THE_LOCK = """
import sys, time
from pathlib import Path
from tournament.one_server import serving
with serving(Path(sys.argv[1]), "0.0.0.0", 5003):
    print("serving", flush=True)
    time.sleep(600)
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


@pytest.fixture
def served(monkeypatch):
    """`serve` as far as waitress: the servers it would have run."""
    runs = []

    class NotServing:
        def run(self):
            runs.append("run")

    monkeypatch.setattr("tournament.serving.create_server", lambda app, **kwargs: NotServing())
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", list)
    return runs


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


def test_a_unit_of_work_holds_the_write_lock_from_its_first_read_so_another_process_cannot_slip_in(
        sqlite_app, database):
    """`create-organiser` reads the account, then writes it. Begun deferred, a commit of the
    running server in between would fail its write at once ("database is locked")."""
    with sqlite_app.app_context():
        with unit_of_work(db.session()):
            db.session().execute(text("SELECT 1"))
            assert other_process(TRY_TO_WRITE, database).returncode == 1
        db.session().execute(text("SELECT 1"))  # a page's read leaves the server free to write
        assert other_process(TRY_TO_WRITE, database).returncode == 0
        db.session().rollback()


def test_a_second_server_on_the_same_database_is_refused_naming_the_first(sqlite_app, database, served):
    with one_server.serving(database, "0.0.0.0", 5000):
        result = sqlite_app.test_cli_runner().invoke(args=["serve", "--host", "127.0.0.1", "--port", "5001"])
    assert result.exit_code == 1
    assert f"process {os.getpid()}, listening on 0.0.0.0 port 5000" in result.output
    assert "http://127.0.0.1:5000/" in result.output
    assert "Stop with Ctrl+C" not in result.output and served == []  # refused before serving anything


def test_the_server_lets_go_of_the_database_however_it_stops(sqlite_app, database, monkeypatch):
    class Interrupted:
        def run(self):
            raise KeyboardInterrupt

    monkeypatch.setattr("tournament.serving.create_server", lambda app, **kwargs: Interrupted())
    result = sqlite_app.test_cli_runner().invoke(args=["serve", "--host", "127.0.0.1", "--port", "5001"])
    assert "Stop with Ctrl+C" in result.output
    with one_server.serving(database, "127.0.0.1", 5002) as held:
        assert held


def test_a_server_killed_outright_leaves_nothing_that_refuses_the_next(database):
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK, str(database)], cwd=PROJECT_ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "serving"
        with pytest.raises(one_server.AlreadyServed) as refused, one_server.serving(database, "127.0.0.1", 5004):
            pass
        assert refused.value.holder == one_server.Holder(holder.pid, "0.0.0.0", 5003)
        holder.kill()  # SIGKILL: no clean-up of any kind
        holder.wait()
        with one_server.serving(database, "127.0.0.1", 5004) as held:
            assert held
            assert json.loads(one_server.lock_path(database).read_text())["pid"] == os.getpid()
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
