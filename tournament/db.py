"""Engine and per-request session.

One engine per app; one session per request (or CLI command), closed at teardown.
SQLite gets WAL (phones and the projector read while the organiser writes) and
foreign keys (SQLite leaves them off by default). An SQLite file is created 0600 when the engine
is made, before its first connection (see private_files), so its -wal and -shm files are private
too; nothing but SQLite ever opens the file once a connection may exist.

Transactions, so that simultaneous requests never see each other half done:
- A transaction begun inside ``write_transaction`` writes: the unit of work
  (services.unit_of_work) is the one caller. On SQLite it begins IMMEDIATE (the single write
  lock, waited for up to the busy timeout). On PostgreSQL it takes transaction-scoped advisory
  locks: a change to one event holds CHANGES_LOCK shared plus that event's own lock, so the
  phones of one class never wait for another class's; a change no single event holds
  (accounts, creating, importing or deleting events, migrations) holds CHANGES_LOCK
  exclusively and so waits for, and holds up, every other change.
- Any other transaction only reads, from one snapshot: a deferred BEGIN on SQLite, REPEATABLE
  READ on PostgreSQL. So a page, or a form read before its change begins, never pairs a table
  with the seats of an event deleted a moment later. A writing transaction on PostgreSQL reads
  at READ COMMITTED instead: after waiting for its locks it must see what the change before it
  committed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from flask import Flask, current_app, g
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from .private_files import secure_sqlite


def database_url(app: Flask) -> str:
    url: str | None = app.config.get("DATABASE_URL")
    if url:
        return url
    return "sqlite:///" + str(Path(app.instance_path) / "tournament.sqlite3")


BUSY_TIMEOUT_MS = 10_000  # how long an SQLite connection waits for a lock


def _sqlite_pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # A deleted row's bytes are overwritten, not left in free pages: erasing an event erases
    # its players' names from the file too (services.erasure).
    cursor.execute("PRAGMA secure_delete=ON")
    cursor.close()
    # The sqlite3 module would begin transactions only at the first write, so the reads
    # before it would each see a different moment; _sqlite_begin begins them instead.
    dbapi_connection.isolation_level = None


# Any fixed number: the advisory lock every change takes on PostgreSQL.
CHANGES_LOCK = 5_121_957


@dataclass(frozen=True)
class _Writing:
    event_id: int | None  # None: a change no single event holds


_WRITING: ContextVar[_Writing | None] = ContextVar("db_writing", default=None)


@contextmanager
def write_transaction(event_id: int | None) -> Iterator[None]:
    """Transactions begun inside write (see the module's rules): ``event_id`` is the one event
    the change touches, or None. Per thread (and per task): other requests are not affected."""
    token = _WRITING.set(_Writing(event_id))
    try:
        yield
    finally:
        _WRITING.reset(token)


def is_writing() -> bool:
    """Whether a transaction begun now would write (inside ``write_transaction``)."""
    return _WRITING.get() is not None


def _sqlite_begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE" if _WRITING.get() is not None else "BEGIN")


def _postgres_begin(connection: Connection) -> None:
    writing = _WRITING.get()
    if writing is None:
        return
    connection.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
    if writing.event_id is None:
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({CHANGES_LOCK})")
        return
    # Always shared-then-event, and changes of no single event take only the exclusive one: no cycle.
    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock_shared({CHANGES_LOCK})")
    # The two-key form: a key space apart from CHANGES_LOCK's single key.
    connection.execute(text(f"SELECT pg_advisory_xact_lock({CHANGES_LOCK}, CAST(:event AS integer))"),
                       {"event": int(writing.event_id)})


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
    engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20, isolation_level="REPEATABLE READ")
    event.listen(engine, "begin", _postgres_begin)
    return engine


def init_app(app: Flask) -> None:
    engine = make_engine(database_url(app))
    app.extensions["db_engine"] = engine
    app.extensions["db_sessionmaker"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)


def engine() -> Engine:
    return cast(Engine, current_app.extensions["db_engine"])


# What a session carries of the app's settings, for the services that need them: they are
# given the session, never the app.
APP_SECRET = "app_secret"  # the deals' seeds derive from it (services.online.seed)
ONLINE_AWAY_BUCKET = "online_away_bucket"  # seconds (services.online.view)
PUSH_HUB = "push_hub"  # the app's streams, told of each commit (push.publication)


def session() -> Session:
    """The session of the current request; created on first use, carrying the app's settings
    the services read (``APP_SECRET``, ``ONLINE_AWAY_BUCKET``, ``PUSH_HUB``)."""
    if "db_session" not in g:
        made: Session = current_app.extensions["db_sessionmaker"]()
        made.info[APP_SECRET] = current_app.config["SECRET_KEY"]
        if "push" in current_app.extensions:
            made.info[PUSH_HUB] = current_app.extensions["push"]
        if "ONLINE_AWAY_BUCKET_SECONDS" in current_app.config:
            made.info[ONLINE_AWAY_BUCKET] = current_app.config["ONLINE_AWAY_BUCKET_SECONDS"]
        g.db_session = made
    return cast(Session, g.db_session)


def _close_session(_exc: BaseException | None) -> None:
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()
