"""Every organiser page and action needs the organiser's login; anonymous visitors are sent to
the login page and see no data. Routes are found in the URL map, so a new one is covered at once."""

from __future__ import annotations

import re

import pytest

from tests.fuzz.conftest import NAMES_A, NAMES_B, fingerprint, valid_url
from tests.fuzz.test_fuzz_reads import GET_RULES
from tests.security.conftest import ORGANISER_BLUEPRINTS, PUBLIC_ENDPOINTS, organiser_rules


def test_every_route_is_organiser_only_or_listed_as_public(app):
    for rule in app.url_map.iter_rules():
        assert rule.endpoint.split(".")[0] in ORGANISER_BLUEPRINTS or rule.endpoint in PUBLIC_ENDPOINTS, (
            f"{rule.endpoint} ({rule.rule}) is neither behind the organiser login nor listed as public")
    assert len(organiser_rules(app)) > 40


def test_every_organiser_route_redirects_anonymous_requests_to_login_without_data(app, world):
    anonymous = app.test_client()
    before = fingerprint(app)
    secrets = [n for n in NAMES_A + NAMES_B if len(n) > 3]
    secrets += world.table_tokens[world.a] + list(world.projector_tokens.values())
    checked = 0
    for rule in organiser_rules(app):
        url = valid_url(rule, world)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            response = anonymous.open(url, method=method, data={"name": "Intruder", "tables": "2"})
            assert response.status_code == 302, (method, url, response.status_code)
            assert "/login?next=" in response.location, (method, url)
            body = response.get_data(as_text=True)
            assert not [s for s in secrets if s in body], (method, url)
            checked += 1
    assert checked > 50
    assert fingerprint(app) == before


def test_a_fresh_install_sends_anonymous_requests_to_setup_not_to_the_pages(app):
    anonymous = app.test_client()
    for rule in organiser_rules(app):
        url = re.sub(r"<[^>]+>", "1", rule.rule)
        response = anonymous.get(url) if "GET" in rule.methods else anonymous.post(url)
        assert response.status_code == 302 and response.location.endswith("/setup"), url


def test_a_session_naming_a_deleted_organiser_is_anonymous(app, world):
    client = app.test_client()
    with client.session_transaction() as session:
        session["organiser_id"] = world.organiser_id + 1000
    response = client.get(f"/events/{world.a}")
    assert response.status_code == 302 and "/login" in response.location


TOKEN_ROUTES = ["/p/{t}", "/p/{t}/feed.json", "/s/{t}", "/t/{t}"]


@pytest.mark.parametrize("route", TOKEN_ROUTES)
def test_each_link_opens_only_its_own_kind_of_page(client, world, route):
    """A table's link is no projector link and no where-do-I-sit link, and so on."""
    kinds = {"/p/": world.projector_tokens[world.a], "/s/": world.public_tokens[world.a],
             "/t/": world.table_tokens[world.b][0]}
    own = route[:3]
    for prefix, token in kinds.items():
        status = client.get(route.format(t=token)).status_code
        assert (status == 200) == (prefix == own), (route, prefix, status)
    assert client.get(route.format(t="")).status_code in {404, 308}
    assert client.get(route.format(t="x" * 24)).status_code == 404


def test_every_public_route_is_a_get_request_except_the_phone_and_note_forms_and_login(app):
    writers = {r.endpoint for r in app.url_map.iter_rules() if r.endpoint in PUBLIC_ENDPOINTS and "POST" in r.methods}
    assert writers == {"organiser.setup", "organiser.login", "table.enter", "table.score", "table.note", "table.agree",
                       "table.presence_answer", "public.note",
                       "play.act", "play.here", "public.claim", "projector.present_step", "projector.present_stop"}
    # An observer's note is sent from the seat page (a GET route); its address takes only the form.
    # An online player's action and presence beacon are sent from the player's page; a debrief
    # step from the projector's presenter page; a table's answer about a result, and who is at
    # the table, from its results page.
    sent_from_pages = {"public.note", "play.act", "play.here", "projector.present_step", "projector.present_stop",
                       "table.agree", "table.presence_answer"}
    assert set(PUBLIC_ENDPOINTS) - sent_from_pages <= set(GET_RULES)
