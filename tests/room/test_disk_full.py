"""A full disk refuses every change until someone frees space. Whoever sent the change is told so
in plain words (not blamed on a simultaneous change, never shown a server error), nothing saved
before is lost, reading goes on, and the same form saves once there is space again.

The database's own error is raised where the driver would raise it. (On a real full disk, a
tmpfs of a few megabytes under the running server, every change answered this way and every
game confirmed before or after was kept: docs/reliability.md.)"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager

from sqlalchemy import event

from tests.conftest import PG_URL
from tests.room.conftest import seated, tokens
from tests.room.test_phone_entry import form, games_of

WRITES = ("INSERT", "UPDATE", "DELETE")


def disk_full_error() -> Exception:
    """What the driver raises when the disk is full, as the database itself makes it."""
    if PG_URL is not None:
        from psycopg.errors import DiskFull

        return DiskFull("could not extend file: No space left on device")
    connection = sqlite3.connect(":memory:")
    connection.execute("PRAGMA max_page_count = 1")  # a database that cannot grow
    try:
        connection.execute("CREATE TABLE a (x)")
        connection.execute("CREATE TABLE b (x)")
    except sqlite3.OperationalError as error:
        return error
    finally:
        connection.close()
    raise AssertionError("SQLite did not refuse to grow the database")


@contextmanager
def disk_full(engine):
    """Every write fails as on a full disk; reads go on."""
    error = disk_full_error()

    def refuse(cursor, statement, *args):
        if statement.lstrip().upper().startswith(WRITES):
            raise error

    hooks = ("do_execute", "do_executemany", "do_execute_no_params")
    for hook in hooks:
        event.listen(engine.dialect, hook, refuse)
    try:
        yield
    finally:
        for hook in hooks:
            event.remove(engine.dialect, hook, refuse)


def test_a_full_disk_is_named_as_such_and_costs_no_saved_game(app, phone, running):
    ids = list(seated(app, running, 1).values())
    url = f"/t/{tokens(app, running)[1]}"
    assert phone.post(url, data=form(1, (ids[0], ""))).status_code == 302
    with disk_full(app.extensions["db_engine"]):
        refused = phone.post(url, data=form(1, (ids[0], 1), (ids[1], "")))
        page = refused.get_data(as_text=True)
        assert refused.status_code == 503
        assert "Disk full" in page and "free some disk space" in page
        assert "same moment" not in page
        assert phone.get(url).status_code == 200
    assert [(t, n, w) for t, n, w, _v in games_of(app, running)] == [(1, 1, ids[0])]
    saved = phone.post(url, data=form(1, (ids[0], 1), (ids[1], "")))
    assert saved.status_code == 302
    assert [(t, n, w) for t, n, w, _v in games_of(app, running)] == [(1, 1, ids[0]), (1, 2, ids[1])]
