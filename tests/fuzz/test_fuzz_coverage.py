"""The fuzzer cannot forget a route: every state-changing route has its fields listed, every
route that reads the query string (found by watching `request.args` on a visit of every page)
has its parameters listed, and every cookie the app reads (watched the same way) is among the
cookies it sends, in tests/fuzz/targets.py."""

from __future__ import annotations

from tests.fuzz.conftest import valid_url
from tests.fuzz.targets import COOKIES, FORM_FIELDS, QUERY_PARAMS

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}


def test_every_state_changing_route_is_fuzzed(app):
    changing = {r.endpoint for r in app.url_map.iter_rules() if r.methods & STATE_CHANGING}
    assert changing - set(FORM_FIELDS) == set(), "add the new route's fields to FORM_FIELDS"
    assert set(FORM_FIELDS) - changing == set(), "FORM_FIELDS lists a route that no longer exists"


def test_every_route_that_reads_the_query_string_is_fuzzed(app, world):
    readers: set[str] = set()
    base = app.request_class

    class WatchedRequest(base):
        @property
        def args(self):
            readers.add(self.endpoint)
            return base.args.__get__(self)

    app.request_class = WatchedRequest
    client = app.test_client()
    with client.session_transaction() as session:
        session["organiser_id"] = world.organiser_id
    visited = 0
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods:
            response = client.get(valid_url(rule, world) + "?probe=1")
            assert response.status_code < 500, rule.rule
            visited += 1
    assert visited > 30 and "print.preview" in readers  # the watch itself works
    assert readers - set(QUERY_PARAMS) == set(), "add the route's query parameters to QUERY_PARAMS"


def test_every_cookie_the_app_reads_is_fuzzed(app, world):
    read: set[str] = set()
    base = app.request_class

    class Watched(dict):
        def get(self, key, default=None, type=None):
            read.add(key)
            return super().get(key, default)

        def __getitem__(self, key):
            read.add(key)
            return super().__getitem__(key)

        def __contains__(self, key):
            read.add(key)
            return super().__contains__(key)

    class WatchedRequest(base):
        @property
        def cookies(self):
            return Watched(base.cookies.__get__(self))

    app.request_class = WatchedRequest
    client = app.test_client()
    with client.session_transaction() as session:
        session["organiser_id"] = world.organiser_id
    for logged_in in (True, False):
        if not logged_in:
            client.delete_cookie(app.config["SESSION_COOKIE_NAME"])
        for rule in app.url_map.iter_rules():
            if "GET" in rule.methods:
                client.get(valid_url(rule, world))
    assert {"session", "online_play", "lang"} <= read  # the watch itself works
    assert read - set(COOKIES) == set(), "add the cookie to COOKIES"
