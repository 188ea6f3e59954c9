"""With CSRF protection on (as in real use), every state-changing route refuses a POST without a
valid token with 400, and nothing changes. Routes come from the URL map."""

from __future__ import annotations

import re

import pytest

from tests.fuzz.conftest import fingerprint, valid_url

# Data that would change something if the token were not checked.
PLAUSIBLE = {"name": "Forged", "round_minutes": "9", "names": "Mallory", "tables": "2", "table": "1",
             "ace": "low", "wins": "lowest", "trump": "", "study_minutes": "9", "practice_minutes": "9",
             "projector_theme": "light", "paper_size": "letter", "sheet_copies": "3",
             "username": "teacher", "password": "correct horse", "confirm": "correct horse",
             "round": "1", "games-0-number": "1", "games-0-winner": ""}


def _logged_in(app, world):
    client = app.test_client()
    with client.session_transaction() as session:
        session["organiser_id"] = world.organiser_id
    return client


@pytest.mark.parametrize("token", [None, "forged", ""])
def test_every_state_changing_route_refuses_a_post_without_a_valid_csrf_token(app, world, token):
    app.config["WTF_CSRF_ENABLED"] = True
    client = _logged_in(app, world)
    before = fingerprint(app)
    posts = [r for r in app.url_map.iter_rules() if "POST" in r.methods]
    assert len(posts) > 25
    for rule in posts:
        data = dict(PLAUSIBLE, player=str(world.player_ids[world.a][0]))
        if token is not None:
            data["csrf_token"] = token
        response = client.post(valid_url(rule, world), data=data)
        assert response.status_code == 400, (rule.endpoint, response.status_code)
        assert fingerprint(app) == before, rule.endpoint


def test_the_same_post_with_the_pages_token_is_accepted(app, world):
    """The control for the test above: the refusal is about the token, not the data."""
    app.config["WTF_CSRF_ENABLED"] = True
    client = _logged_in(app, world)
    page = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)[1]
    response = client.post("/events", data={"name": "With token", "round_minutes": "7", "csrf_token": token})
    assert response.status_code == 302


def test_a_token_from_another_session_is_refused(app, world):
    app.config["WTF_CSRF_ENABLED"] = True
    victim, attacker = _logged_in(app, world), _logged_in(app, world)
    victim.get("/")  # the victim's session has a token of its own
    stolen = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', attacker.get("/").get_data(as_text=True))[1]
    before = fingerprint(app)
    assert victim.post(f"/events/{world.a}/delete", data={"csrf_token": stolen}).status_code == 400
    assert fingerprint(app) == before
