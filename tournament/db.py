"""Engine and per-request session.

One engine per app; one session per request (or CLI command), closed at teardown.
SQLite gets WAL (phones and the projector read while the organiser writes) and
foreign keys (SQLite leaves them off by default).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app, g
from sqlalchemy import Engine, create_engine, event
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


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
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
