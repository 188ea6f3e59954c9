"""The player's pages over HTTP: claiming a name on the public link, the personal page, the poll."""

from __future__ import annotations

from sqlalchemy import select

from tests.conftest import count_queries, setup_event
from tests.online.conftest import claim_all, online_event
from tests.online.joining import found
from tournament import db
from tournament.models import Event, OnlineClaim, Player
from tournament.services.online import claims

NAMES = ["Ana", "Ben", "<b>Cleo</b>", "Dan"]


def _public(app, event_id: int) -> str:
    with app.app_context():
        return db.session().get(Event, event_id).public_token


def _player_id(app, event_id: int, name: str) -> int:
    with app.app_context():
        return db.session().scalar(select(Player.id).where(Player.event_id == event_id, Player.name == name))


def test_the_public_page_offers_online_play_only_when_a_table_plays_online(app, client):
    online, offline = online_event(app, NAMES, 1), setup_event(app, NAMES, 1, name="Room event")
    assert "/play" in client.get(f"/s/{_public(app, online)}").get_data(as_text=True)
    assert f"/s/{_public(app, offline)}/play" not in client.get(f"/s/{_public(app, offline)}").get_data(as_text=True)


def test_the_claim_page_lists_the_playing_names_escaped_and_marks_claimed_ones(app, client):
    event_id = online_event(app, NAMES, 1)
    with app.app_context():
        session = db.session()
        claims.claim(session, session.get(Event, event_id), _player_id(app, event_id, "Ben"))
    url = f"/s/{_public(app, event_id)}/play"
    html = found(client, url, "Cleo").get_data(as_text=True)
    assert "&lt;b&gt;Cleo&lt;/b&gt;" in html and "<b>Cleo" not in html
    assert f'value="{_player_id(app, event_id, "Ana")}"' in found(client, url, "Ana").get_data(as_text=True)
    html = found(client, url, "Ben").get_data(as_text=True)
    assert f'value="{_player_id(app, event_id, "Ben")}"' not in html and "already playing" in html


def test_claiming_a_name_opens_the_players_own_screen_and_the_device_remembers_it(app, client):
    event_id = online_event(app, NAMES, 1)
    public, ana = _public(app, event_id), _player_id(app, event_id, "Ana")
    response = client.post(f"/s/{public}/play", data={"player_id": ana})
    assert response.status_code == 302 and response.location.startswith("/play/")
    page = client.get(response.location)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'id="play"' in html
    for attribute in ("data-state-url", "data-act-url", "data-csrf", "data-key", "data-poll-ms"):
        assert attribute + '="' in html
    again = client.get(f"/s/{public}/play").get_data(as_text=True)
    assert "Continue as <bdi>Ana</bdi>" in again and response.location in again


def test_a_name_playing_on_another_device_is_refused_beside_the_name(app, client):
    event_id = online_event(app, NAMES, 1)
    public, ben = _public(app, event_id), _player_id(app, event_id, "Ben")
    assert client.post(f"/s/{public}/play", data={"player_id": ben}).status_code == 302
    other = app.test_client()
    refused = other.post(f"/s/{public}/play", data={"player_id": ben, "q": "Ben"})  # found by typing "Ben"
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409
    assert "is already playing on another device. Ask the organiser to release the name" in html
    beside = html.split("already playing", 1)[1]
    assert 'class="error"' in beside.split("</li>", 1)[0]
    with app.app_context():
        assert db.session().scalar(select(OnlineClaim.token).where(OnlineClaim.player_id == ben)) in \
            client.get(f"/s/{public}/play").get_data(as_text=True)


def test_a_claim_without_a_name_is_refused_and_changes_nothing(app, client):
    event_id = online_event(app, NAMES, 1)
    response = client.post(f"/s/{_public(app, event_id)}/play", data={"player_id": "x"})
    assert response.status_code == 400 and "Tap your name." in response.get_data(as_text=True)
    with app.app_context():
        assert db.session().scalar(select(OnlineClaim.token)) is None


def test_a_poll_with_the_current_key_is_answered_204_after_one_statement(app, client):
    event_id = online_event(app, NAMES, 1)
    token = claim_all(app, event_id)["Ana"]
    first = client.get(f"/play/{token}/state?key=none")
    assert first.status_code == 200 and set(first.get_json()) == {"key", "phase", "poll_ms", "html", "pad",
                                                                   "strokes_since", "strokes", "game"}
    key = first.get_json()["key"]
    with count_queries(app) as statements:
        same = client.get(f"/play/{token}/state?key={key}")
    assert same.status_code == 204 and len(statements) == 1


def test_a_released_link_is_no_longer_the_players_on_the_page_and_the_poll(app, client):
    event_id = online_event(app, NAMES, 1)
    token = claim_all(app, event_id)["Ana"]
    with app.app_context():
        session = db.session()
        claims.release(session, session.get(Event, event_id), _player_id(app, event_id, "Ana"))
        session.commit()
    page, poll = client.get(f"/play/{token}"), client.get(f"/play/{token}/state?key=x")
    assert page.status_code == 404 and "This link is no longer yours" in page.get_data(as_text=True)
    assert poll.status_code == 404 and "This link is no longer yours" in poll.get_json()["error"]


def test_the_players_page_speaks_the_devices_language(app, client):
    event_id = online_event(app, NAMES, 1)
    token = claim_all(app, event_id)["Ana"]
    html = client.get(f"/play/{token}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="de"' in html


def test_a_refused_action_speaks_the_events_language_when_the_device_names_none(app, client):
    event_id = online_event(app, NAMES, 1)
    with app.app_context():
        session = db.session()
        session.get(Event, event_id).language = "de"
        session.commit()
    token = claim_all(app, event_id)["Ana"]
    refused = client.post(f"/play/{token}/act", json={"action": "dance", "nonce": "n-00000001"})
    assert refused.status_code == 400
    english = client.post(f"/play/{token}/act", json={"action": "dance", "nonce": "n-00000002"},
                          headers={"Accept-Language": "en"}).get_json()["error"]
    assert refused.get_json()["error"] != english
