"""Shared fixtures: `app`, `client`, `runner`, a logged-in `organiser` client, and helpers.

The database is SQLite in a temporary folder, or the PostgreSQL server named by
TEST_DATABASE_URL (`make test` runs the suite once on each).
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, event as sa_event

from tournament import create_app, db
from tournament.models import Base, Organiser
from tournament.services import accounts

PG_URL = os.environ.get("TEST_DATABASE_URL") or None
IN_CI = os.environ.get("CI") == "true"


@pytest.fixture(scope="session")
def pg_schema():
    """On PostgreSQL: build the schema once per run; tests then empty the tables."""
    if PG_URL is None:
        yield None
        return
    engine = create_engine(PG_URL)
    Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)
    yield engine
    engine.dispose()


def _empty_all_tables(engine) -> None:
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(table.delete())


@pytest.fixture
def app(tmp_path, pg_schema):
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
        "DATABASE_URL": PG_URL or f"sqlite:///{tmp_path / 'test.sqlite3'}",
    }
    os.environ["TOURNAMENT_INSTANCE_PATH"] = str(tmp_path / "instance")
    try:
        app = create_app(config)
    finally:
        del os.environ["TOURNAMENT_INSTANCE_PATH"]
    engine = app.extensions["db_engine"]
    if PG_URL is None:
        Base.metadata.create_all(engine)
    else:
        _empty_all_tables(engine)
    yield app
    engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def organiser(app, client):
    """A test client logged in as the organiser."""
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        organiser_id = db.session().query(Organiser).one().id
    with client.session_transaction() as session:
        session["organiser_id"] = organiser_id
    return client


@contextmanager
def count_queries(app):
    """Counts SQL statements sent while the block runs."""
    statements: list[str] = []

    def before(conn, cursor, statement, *args):
        statements.append(statement)

    engine = app.extensions["db_engine"]
    sa_event.listen(engine, "before_cursor_execute", before)
    try:
        yield statements
    finally:
        sa_event.remove(engine, "before_cursor_execute", before)
