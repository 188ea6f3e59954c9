"""Engine and per-request session.

One engine per app; one session per request (or CLI command), closed at teardown.
SQLite gets WAL (phones and the projector read while the organiser writes) and
foreign keys (SQLite leaves them off by default). An SQLite file is created 0600 when the engine
is made, before its first connection (see private_files), so its -wal and -shm files are private
too; nothing but SQLite ever opens the file once a connection may exist.

Transactions, so that simultaneous requests never see each other half done:
- A request that changes something (any method but GET/HEAD/OPTIONS) is serialised with every
  other such request from its first statement: on SQLite its transactions begin IMMEDIATE
  (the single write lock, waited for up to the busy timeout); on PostgreSQL they begin by
  taking a transaction-scoped advisory lock (see _postgres_begin). So what a form handler reads
  before calling a service is already what the service will decide on. Services also lock the
  event's row (services.locks), which keeps them correct when called outside a request.
- On PostgreSQL a table phone's or an online player's POST (the bulk of a big hall's writes)
  waits only for changes to its own event and for organiser changes: it holds CHANGES_LOCK shared plus its event's
  lock, while every other changing request holds CHANGES_LOCK exclusively. The device's event
  is read from its token before the locks; a table or a claim never moves to another event, so
  that read cannot be stale (a token revoked meanwhile is found missing after the lock, as before).
- A command that changes the database (`create-organiser`, `db-upgrade`) begins its transactions
  as such a request does, so while the server runs it waits for the write lock instead of failing.
- A request whose change is committed may say so (`changes_done`): what it reads afterwards to
  draw its answer begins as a page's transaction does, holding no write lock.
- On SQLite any other transaction reads one snapshot (a deferred BEGIN), so a page never pairs
  a seat with a player deleted a moment later. (PostgreSQL pages read at READ COMMITTED.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g, has_app_context, has_request_context, request
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from .models.base import is_token
from .private_files import secure_sqlite


def database_url(app: Flask) -> str:
    url = app.config.get("DATABASE_URL")
    if url:
        return url
    return "sqlite:///" + str(Path(app.instance_path) / "tournament.sqlite3")


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()
    # The sqlite3 module would begin transactions only at the first write, so the reads
    # before it would each see a different moment; _sqlite_begin begins them instead.
    dbapi_connection.isolation_level = None


# Any fixed number: the advisory lock every changing request takes on PostgreSQL.
CHANGES_LOCK = 5_121_957


def _changing() -> bool:
    if has_request_context():
        return request.method not in ("GET", "HEAD", "OPTIONS") and not g.get("db_changes_done", False)
    return has_app_context() and g.get("db_command_changes", False)


@contextmanager
def command_changes() -> Iterator[None]:
    """A command that changes the database (`create-organiser`, `db-upgrade`) while the server
    may be running: its transactions begin as a changing request's do. A deferred one would read
    first and then fail at its first write ("database is locked", without waiting) whenever the
    server committed in between."""
    g.db_command_changes = True
    try:
        yield
    finally:
        g.pop("db_command_changes", None)


def changes_done() -> None:
    """The request's change is committed and what it does next only reads (an answer drawn from
    the new state): its later transactions begin as a page's do, so no write lock is held while
    the answer is drawn, and every other device's change goes ahead meanwhile."""
    g.db_changes_done = True


def _sqlite_begin(connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE" if _changing() else "BEGIN")


# The devices whose posts change only their own event, and how their token finds it.
_DEVICE_EVENT = {
    "table": "SELECT event_id FROM tables WHERE token = :token",
    "play": "SELECT event_id FROM online_claims WHERE token = :token",
}


def _phone_event(connection) -> int | None:
    """The event a table's phone or an online player's device posts to; None for any other request."""
    if not has_request_context():
        return None
    query = _DEVICE_EVENT.get(request.blueprint or "")
    token = (request.view_args or {}).get("token") if query is not None else None
    if not is_token(token):
        return None
    return connection.execute(text(query), {"token": token}).scalar()


def _postgres_begin(connection) -> None:
    if not _changing():
        return
    event_id = _phone_event(connection)
    if event_id is None:
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({CHANGES_LOCK})")
        return
    # Always shared-then-event, and organiser changes take only the exclusive one: no cycle.
    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock_shared({CHANGES_LOCK})")
    # The two-key form: a key space apart from CHANGES_LOCK's single key.
    connection.execute(text(f"SELECT pg_advisory_xact_lock({CHANGES_LOCK}, CAST(:event AS integer))"),
                       {"event": int(event_id)})


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite URL; None for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    if parsed.database.startswith("file:"):
        return None
    return Path(parsed.database)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = sqlite_file(url)
        if path is not None:
            # Once, before SQLite opens (and perhaps creates) the file, so it is never born
            # readable; never per connection, when this process's other connections hold locks.
            secure_sqlite(path)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    event.listen(engine, "begin", _postgres_begin)
    return engine


def init_app(app: Flask) -> None:
    engine = make_engine(database_url(app))
    app.extensions["db_engine"] = engine
    app.extensions["db_sessionmaker"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)


def engine() -> Engine:
    return current_app.extensions["db_engine"]


def session() -> Session:
    """The session of the current request; created on first use."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessionmaker"]()
    return g.db_session


def _close_session(_exc: BaseException | None) -> None:
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()
