"""Every route a device reaches without a login, sent every hostile cookie value in every cookie
the app reads: never a 5xx, and nothing changes. Cookies are text any device sets, so each one
the app reads is checked like a link's token before it reaches a query (PostgreSQL answers a
NUL in a query parameter with an error, SQLite finds no row)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.fuzz.conftest import fingerprint, valid_url
from tests.fuzz.targets import COOKIES, HOSTILE_COOKIES
from tests.fuzz.test_fuzz_forms import ANONYMOUS_FORMS
from tournament import create_app

# Routes behind the organiser's login answer a stranger with a redirect before reading anything
# but the session cookie, which the random fuzzing of every route covers.
LOGIN_BLUEPRINTS = {"organiser", "room", "print"}
ANONYMOUS_PAGES = {"organiser.login", "organiser.setup", "organiser.health"}


def _public_rules() -> list[tuple[str, str, str]]:
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    rules = []
    for rule in app.url_map.iter_rules():
        public = rule.endpoint.split(".")[0] not in LOGIN_BLUEPRINTS
        for method in sorted(rule.methods & {"GET", "POST"}):
            anonymous = ANONYMOUS_PAGES if method == "GET" else ANONYMOUS_FORMS
            if public or rule.endpoint in anonymous:
                rules.append((method, rule.endpoint, rule.rule))
    return sorted(rules)


PUBLIC_RULES = _public_rules()


def test_the_sweep_reaches_the_pages_that_read_cookies():
    endpoints = {endpoint for _method, endpoint, _rule in PUBLIC_RULES}
    assert {"public.claim", "public.pick", "table.enter", "play.page", "projector.show"} <= endpoints


@pytest.mark.parametrize("method, endpoint, rule", PUBLIC_RULES, ids=[f"{m} {e}" for m, e, _r in PUBLIC_RULES])
def test_hostile_cookies_on_every_public_route_never_fail_and_change_nothing(app, world, probe, method, endpoint,
                                                                            rule):
    url = valid_url(SimpleNamespace(endpoint=endpoint, rule=rule), world)
    for value in HOSTILE_COOKIES:
        client, headers = probe.cookie_client("; ".join(f"{name}={value}" for name in COOKIES), logged_in=False)
        response = client.open(url, method=method, headers=headers)
        assert response.status_code < 500, f"{method} {url} {headers} -> {response.status_code}"
    # Once per route rather than per value: the comparison reads every table.
    assert fingerprint(app) == probe.clean
