"""Shared fixtures: `app`, `client`, `runner`, a logged-in `organiser` client, and helpers.

The database is SQLite in a temporary folder, or the PostgreSQL server named by
TEST_DATABASE_URL (`make test` runs the suite once on each).
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine
from sqlalchemy import event as sa_event
from sqlalchemy.engine import make_url

from benchmarks.harness import separate_postgres_database, wipe_postgres
from tournament import create_app, db
from tournament.models import Base, Organiser
from tournament.services import accounts

from . import unit_of_work_guard

# Every request of the suite is watched for writes the unit of work's rules forbid.
unit_of_work_guard.install()

IN_CI = os.environ.get("CI") == "true"
# The suite logs in thousands of times and tests hashing, not its cost: one iteration instead of
# scrypt (tests/accounts checks that a real install still hashes with scrypt).
CHEAP_HASH_METHOD = "pbkdf2:sha256:1"
accounts.HASH_METHOD = CHEAP_HASH_METHOD
# pytest-xdist runs the suite in several processes ("gw0", "gw1", …); each gets databases of its own.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def worker_database(url: str, name: str) -> str:
    """A database on the same PostgreSQL server for this worker alone (made if missing)."""
    return separate_postgres_database(url, f"{name}_{WORKER}" if WORKER else name)


def _pg_url() -> str | None:
    url = os.environ.get("TEST_DATABASE_URL") or None
    if url is None or not WORKER:
        return url
    return worker_database(url, make_url(url).database)


# Made at import: test modules read PG_URL as a constant (which pass they are in).
PG_URL = _pg_url()


def pytest_collection_modifyitems(config, items):
    """Tests marked `postgres` need what SQLite cannot give (row locks, several server processes),
    tests marked `sqlite` the database file itself. Each pass leaves the other's out instead of
    skipping them, so that a skip always means something is missing."""
    other = "sqlite" if PG_URL is not None else "postgres"
    left_out = [item for item in items if item.get_closest_marker(other)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker(other)]


@pytest.fixture(scope="session")
def pg_schema():
    """On PostgreSQL: build the schema once per run; tests then empty the tables."""
    if PG_URL is None:
        yield None
        return
    engine = create_engine(PG_URL)
    wipe_postgres(engine)
    Base.metadata.create_all(engine)
    yield engine
    engine.dispose()


def _empty_all_tables(engine) -> None:
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(table.delete())


def make_app(folder):
    """A test app with its instance folder (and SQLite file) in `folder`, schema ready and empty.
    On PostgreSQL every app of a worker shares its database: the tables are emptied instead."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
        "DATABASE_URL": PG_URL or f"sqlite:///{folder / 'test.sqlite3'}",
    }
    os.environ["TOURNAMENT_INSTANCE_PATH"] = str(folder / "instance")
    try:
        app = create_app(config)
    finally:
        del os.environ["TOURNAMENT_INSTANCE_PATH"]
    engine = app.extensions["db_engine"]
    if PG_URL is None:
        Base.metadata.create_all(engine)
    else:
        _empty_all_tables(engine)
    return app


@pytest.fixture
def app(tmp_path, pg_schema):
    app = make_app(tmp_path)
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def log_in_organiser(app, client):
    """The client logged in as the organiser "teacher" (created if missing)."""
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        organiser_id = db.session().query(Organiser).one().id
    with client.session_transaction() as session:
        session["organiser_id"] = organiser_id
    return client


@pytest.fixture
def organiser(app, client):
    """A test client logged in as the organiser."""
    return log_in_organiser(app, client)


@contextmanager
def count_queries(app):
    """Counts SQL statements sent while the block runs."""
    statements: list[str] = []

    def before(conn, cursor, statement, *args):
        if not statement.startswith("BEGIN"):  # transaction control, not a query
            statements.append(statement)

    engine = app.extensions["db_engine"]
    sa_event.listen(engine, "before_cursor_execute", before)
    try:
        yield statements
    finally:
        sa_event.remove(engine, "before_cursor_execute", before)


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


@pytest.fixture
def gunicorn_installed():
    """For the tests of several server processes (`serve --workers N` runs gunicorn)."""
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        if IN_CI:
            raise
        pytest.skip("gunicorn is not installed (pip install -e .)")


@pytest.fixture
def live_server(app):
    """The app served by the same guarded waitress server `flask serve` runs, on a free loopback
    port, CSRF on as in real use."""
    import threading

    from tournament import serving

    app.config["WTF_CSRF_ENABLED"] = True
    server = serving.create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    server.url = f"http://127.0.0.1:{server.effective_port}"
    yield server
    server.task_dispatcher.shutdown()
    server.close()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright. Missing browser: skip locally, fail under CI=true."""
    if not os.path.exists(CHROMIUM):
        message = f"Chromium not found at {CHROMIUM} (run `make test` as root or apt-get install chromium)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def setup_event(app, names: list[str], tables: int | None = None, name: str = "Class 9B"):
    """An event with players and a table plan, built through the services. Returns its id."""
    from tournament.services import events, players
    from tournament.services import tables as table_service

    with app.app_context():
        session = db.session()
        event = events.create_event(session, name)
        players.add_players(session, event, "\n".join(names))
        table_service.set_table_count(session, event, tables)
        return event.id
