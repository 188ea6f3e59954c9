"""Session cookies and the Content-Security-Policy of every kind of response."""

from __future__ import annotations

import pytest

from tests.fuzz.conftest import valid_url

ALLOWED_SOURCES = {"'self'", "'none'", "data:"}


def _policy_allows_no_outside_origin(response) -> None:
    policy = response.headers.get("Content-Security-Policy")
    assert policy, (response.status_code, response.mimetype)
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"] and directives["object-src"] == ["'none'"]
    for name, sources in directives.items():
        assert set(sources) <= ALLOWED_SOURCES, (name, sources)


def test_login_sets_an_httponly_samesite_session_cookie(app, world):
    response = app.test_client().post("/login", data={"username": "teacher", "password": "correct horse"})
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("session=")
    attributes = {a.strip().split("=")[0].lower(): a.strip() for a in cookie.split(";")[1:]}
    assert "httponly" in attributes
    assert attributes["samesite"].lower() in {"samesite=lax", "samesite=strict"}


def test_first_run_setup_sets_an_httponly_samesite_session_cookie(app):
    response = app.test_client().post("/setup", data={"username": "t", "password": "long enough",
                                                      "confirm": "long enough"})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_every_page_json_feed_and_download_has_a_policy_without_outside_origins(app, world):
    client = app.test_client()
    with client.session_transaction() as session:
        session["organiser_id"] = world.organiser_id
    kinds = set()
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods:
            response = client.get(valid_url(rule, world))
            _policy_allows_no_outside_origin(response)
            kinds.add(response.mimetype)
    assert {"text/html", "application/json", "text/csv", "text/css"} <= kinds


@pytest.mark.parametrize("method, path, status", [
    ("GET", "/no/such/page", 404), ("GET", "/p/unknown/feed.json", 404), ("DELETE", "/events", 405),
    ("POST", "/events", 415), ("GET", "/p/unknown", 404), ("GET", "/t/unknown", 404),
    ("GET", "/static/app.css", 200), ("GET", "/static/phone.js", 200), ("GET", "/static/missing.css", 404),
    ("GET", "/health", 200), ("GET", "/events/1", 302),
])
def test_error_pages_redirects_and_static_files_have_the_policy_too(client, world, method, path, status):
    kwargs = {"json": {}} if status == 415 else {}
    response = client.open(path, method=method, **kwargs)
    assert response.status_code == status
    _policy_allows_no_outside_origin(response)


def test_a_refused_csrf_token_page_has_the_policy(app, world):
    app.config["WTF_CSRF_ENABLED"] = True
    response = app.test_client().post("/login", data={"username": "teacher", "password": "x"})
    assert response.status_code == 400
    _policy_allows_no_outside_origin(response)


def test_a_not_modified_answer_has_the_policy(client, world):
    url = f"/p/{world.projector_tokens[world.a]}/feed.json"
    tag = client.get(url).headers["ETag"]
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 304
    _policy_allows_no_outside_origin(response)
