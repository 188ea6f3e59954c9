"""Rate limits hold whichever of several server processes answers: `serve --workers 3` on
PostgreSQL, every request on a connection of its own (as a script would send them, so they land
on any process), the counts in the database the processes share."""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import select

from benchmarks.harness import Client, Server, prepare_database
from tests.conftest import setup_event
from tournament import create_app, db
from tournament.models import Event, Player, Table
from tournament.services import accounts
from tournament.services.online import claims

# Only the PostgreSQL pass collects these (see the `postgres` marker in tests/conftest.py).
pytestmark = [pytest.mark.postgres, pytest.mark.usefixtures("gunicorn_installed")]

WORKERS = 3
ACTIONS_PER_LINK = 4  # a minute, set for the server below (the default is 120)
CSRF = re.compile(r'\bdata-csrf="([^"]+)"')


@pytest.fixture
def served(tmp_path, server_database, monkeypatch):
    """(the server's address, a personal link): the organiser "teacher" and an event whose
    table plays online, in a database of their own, served by WORKERS processes."""
    prepare_database(server_database)
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path / "setup"))
    app = create_app({"TESTING": True, "SECRET_KEY": "setup", "DATABASE_URL": server_database})
    monkeypatch.delenv("TOURNAMENT_INSTANCE_PATH")
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], 1)
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        session.scalar(select(Table).where(Table.event_id == event_id)).online = True
        session.commit()
        player_id = session.scalar(select(Player.id).where(Player.event_id == event_id).limit(1))
        link = claims.personal_link_token(session, session.get(Event, event_id), player_id)
    app.extensions["db_engine"].dispose()
    monkeypatch.setenv("TOURNAMENT_ONLINE_LIMIT_PER_LINK", f"{ACTIONS_PER_LINK} per minute")
    server = Server(tmp_path, server_database, threads=4, workers=WORKERS).start()
    try:
        yield server.base, link
    finally:
        server.stop()


def _apart(client: Client, method: str, path: str, **options):
    """One request on a connection of its own: the next one may reach another process."""
    try:
        return client.request(method, path, **options)
    finally:
        client.close()


def test_wrong_passwords_are_limited_across_worker_processes(served):
    base, _link = served
    browser = Client(base)
    token = _apart(browser, "GET", "/login").csrf()
    wrong = {"csrf_token": token, "username": "teacher", "password": "wrong guess"}
    statuses = [_apart(browser, "POST", "/login", form=wrong).status for _ in range(5 * WORKERS)]
    assert statuses == [401] * 5 + [429] * (5 * WORKERS - 5)


def test_a_links_actions_are_limited_across_worker_processes(served):
    base, link = served
    device = Client(base)
    csrf = CSRF.search(_apart(device, "GET", f"/play/{link}").text).group(1)
    headers = {"Content-Type": "application/json", "X-CSRFToken": csrf}
    statuses = [_apart(device, "POST", f"/play/{link}/act", headers=headers,
                       body=json.dumps({"action": "chat", "text": "hello", "nonce": f"nonce-{n:04d}"}).encode()).status
                for n in range(ACTIONS_PER_LINK * WORKERS)]
    assert 429 not in statuses[:ACTIONS_PER_LINK]
    assert statuses[ACTIONS_PER_LINK:] == [429] * (ACTIONS_PER_LINK * (WORKERS - 1))
