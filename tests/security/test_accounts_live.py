"""Accounts against the real threaded server with CSRF on: simultaneous first-run setups
create one account, and a copied session cookie (a real cookie jar) stops working after
logout and after the command-line password reset."""

from __future__ import annotations

import copy
import os
import re
import threading
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

from sqlalchemy import select

from benchmarks.harness import Client
from tournament import db
from tournament.models import AppSetting, Organiser
from tournament.services import accounts

SETUP_TRIES = int(os.environ.get("SETUP_TRIES", "10"))
BROWSERS = 12
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def _fresh_install(app) -> None:
    with app.app_context():
        session = db.session()
        session.execute(Organiser.__table__.delete())
        session.execute(AppSetting.__table__.delete())
        session.commit()


def test_simultaneous_setups_on_the_real_server_create_exactly_one_account(app, live_server):
    for attempt in range(SETUP_TRIES):
        _fresh_install(app)
        clients = [Client(live_server.url) for _ in range(BROWSERS)]
        tokens = [client.get("/setup").csrf() for client in clients]
        barrier = threading.Barrier(BROWSERS)
        replies: list = [None] * BROWSERS

        def submit(index: int, barrier=barrier, replies=replies, clients=clients, tokens=tokens) -> None:
            barrier.wait()
            replies[index] = clients[index].post("/setup", {
                "csrf_token": tokens[index], "username": f"teacher {index}",
                "password": "long enough", "confirm": "long enough"})

        threads = [threading.Thread(target=submit, args=(i,)) for i in range(BROWSERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        for client in clients:
            client.close()
        with app.app_context():
            created = list(db.session().scalars(select(Organiser.username)))
        statuses = sorted(reply.status for reply in replies)
        assert len(created) == 1, (attempt, created, statuses)
        winners = [r for r in replies if r.status == 302 and r.headers["location"].endswith("/")]
        assert len(winners) == 1, (attempt, statuses)
        for reply in replies:
            assert reply.status in (302, 409, 503), (attempt, statuses)
            if reply.status == 409:
                assert "The organiser account was just created" in reply.text


class Browser:
    """urllib with a real cookie jar; follows redirects like a browser."""

    def __init__(self, base: str, jar: CookieJar | None = None):
        self.base = base
        self.jar = jar if jar is not None else CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, path: str, form: dict | None = None) -> tuple[str, str]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        with self.opener.open(self.base + path, data=data, timeout=30) as response:
            return urllib.parse.urlsplit(response.geturl()).path, response.read().decode()

    def post_form(self, path: str, page: str, form: dict) -> tuple[str, str]:
        return self.open(path, {"csrf_token": CSRF.search(page).group(1), **form})

    def copy(self) -> Browser:
        jar = CookieJar()
        for cookie in self.jar:
            jar.set_cookie(copy.copy(cookie))
        return Browser(self.base, jar)

    def logged_in(self) -> bool:
        return self.open("/")[0] == "/"


def _log_in(base: str, password: str = "correct horse") -> Browser:
    browser = Browser(base)
    _, page = browser.open("/login")
    where, _ = browser.post_form("/login", page, {"username": "teacher", "password": password})
    assert where == "/"
    return browser


def test_copied_cookie_is_refused_after_logout_on_the_real_server(app, live_server):
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    browser = _log_in(live_server.url)
    thief = browser.copy()
    assert thief.logged_in()
    _, page = browser.open("/")
    where, _ = browser.post_form("/logout", page, {})
    assert where == "/login"
    assert not browser.logged_in()
    assert not thief.logged_in()


def test_copied_cookie_is_refused_after_the_command_line_password_reset(app, live_server):
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    thief = _log_in(live_server.url).copy()
    assert thief.logged_in()
    result = app.test_cli_runner().invoke(args=["create-organiser", "teacher"],
                                          input="brand new password\nbrand new password\n")
    assert result.exit_code == 0 and "password reset" in result.output
    assert not thief.logged_in()
    assert _log_in(live_server.url, "brand new password").logged_in()
