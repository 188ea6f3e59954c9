"""Engine and per-request session.

One engine per app; one session per request (or CLI command), closed at teardown.
SQLite gets WAL (phones and the projector read while the organiser writes) and
foreign keys (SQLite leaves them off by default). An SQLite file is created 0600 just before
the first connection (see private_files), so its -wal and -shm files are private too.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app, g
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

from .private_files import secure_sqlite
from sqlalchemy.orm import Session, sessionmaker


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


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite URL; None for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if not parsed.get_backend_name() == "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    if parsed.database.startswith("file:"):
        return None
    return Path(parsed.database)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = sqlite_file(url)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        if path is not None:
            # Before SQLite opens (and perhaps creates) the file, so it is never born readable.
            event.listen(engine, "do_connect", lambda *_args: secure_sqlite(path))
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


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
