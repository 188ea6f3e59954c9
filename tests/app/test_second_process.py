"""What another process may do beside the running server: read the SQLite file without costing
the server a single change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from tournament import db

COUNT_ROWS = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
print(connection.execute("SELECT count(*) FROM t").fetchone()[0])
connection.close()
"""


def other_process(script: str, database: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", script, str(database)], capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.fixture
def database(tmp_path) -> Path:
    return tmp_path / "tournament.sqlite3"


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
