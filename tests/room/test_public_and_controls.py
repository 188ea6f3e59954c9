"""'Where do I sit' and the organiser's room controls."""

import pytest

from tests.online.joining import found
from tests.room.conftest import close_round, record_winner, seated, tokens
from tournament import db
from tournament.models import Event


def test_where_do_i_sit_finds_typed_names_and_shows_the_home_table_before_round_one(phone, app, event_id):
    public = tokens(app, event_id)["public"]
    assert "Ana" in found(phone, f"/s/{public}", "an").get_data(as_text=True)
    assert "Ivo" in found(phone, f"/s/{public}", "iv").get_data(as_text=True)
    with app.app_context():
        ana = next(p for p in db.session().get(Event, event_id).players if p.name == "Ana")
        home = ana.home_table.number
    data = phone.get(f"/s/{public}/{ana.id}.json").get_json()
    assert data == {"name": "Ana", "table": home, "round": None, "label": "Your home table",
                    "note": "This page updates by itself after each round.", "playing": True}


def test_after_a_round_closes_a_player_sees_the_next_rounds_table(phone, app, running):
    public = tokens(app, running)["public"]
    bottom = seated(app, running, 1)
    winner = sorted(bottom)[0]
    record_winner(app, running, 1, [winner])
    close_round(app, running)
    data = phone.get(f"/s/{public}/{bottom[winner]}.json").get_json()
    assert data["table"] == 2 and data["round"] == 2 and data["label"] == "Next: round 2 of 4"
    page = phone.get(f"/s/{public}/{bottom[winner]}").get_data(as_text=True)
    assert ">2</p>" in page


def test_where_do_i_sit_shows_nothing_but_names_and_table_numbers(phone, app, running):
    public = tokens(app, running)["public"]
    player_id = next(iter(seated(app, running, 1).values()))
    record_winner(app, running, 1, [next(iter(seated(app, running, 1)))])
    data = phone.get(f"/s/{public}/{player_id}.json").get_json()
    assert set(data) == {"name", "table", "round", "label", "note", "playing"}


def test_where_do_i_sit_refuses_unknown_tokens_and_players(phone, app, event_id):
    public = tokens(app, event_id)["public"]
    assert phone.get("/s/nope").status_code == 404
    assert phone.get(f"/s/{public}/99999").status_code == 404


def _change_status(app, event_id, player_id, status):
    from tournament.models import Player
    from tournament.services.midevent import change_status

    with app.app_context():
        session = db.session()
        change_status(session, session.get(Event, event_id), session.get(Player, player_id), status)


@pytest.mark.parametrize("status, sentence", [
    ("WITHDRAWN", "{} is not playing in the next round."),
    ("OBSERVER", "{} is watching, not playing, this round."),
])
def test_an_open_seat_page_says_a_player_who_left_the_game_is_not_playing(phone, app, running, status, sentence):
    from tournament.models import PlayerStatus

    public = tokens(app, running)["public"]
    name, player_id = next(iter(seated(app, running, 1).items()))
    _change_status(app, running, player_id, PlayerStatus[status])
    page = phone.get(f"/s/{public}/{player_id}")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert sentence.format(name) in text and "Not found" not in text
    assert f'href="/s/{public}"' in text  # back to the name list, not to the organiser's login
    data = phone.get(f"/s/{public}/{player_id}.json")
    assert data.status_code == 200
    assert data.get_json()["note"] == sentence.format(name) and data.get_json()["table"] is None


def test_room_controls_need_the_organiser_login(phone, organiser, app, event_id):
    for url in (f"/events/{event_id}/room/timer/pause", f"/events/{event_id}/room/tables/1/revoke",
                f"/events/{event_id}/room/display"):
        response = phone.post(url)
        assert response.status_code == 302 and "/login" in response.location


def test_timer_buttons_start_pause_resume_and_add_a_minute(organiser, app, event_id):
    def timer():
        return organiser.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()["timer"]

    organiser.post(f"/events/{event_id}/room/timer/study")
    assert timer()["phase"] == "study" and timer()["running"] and timer()["total"] == 300
    organiser.post(f"/events/{event_id}/room/timer/pause")
    assert not timer()["running"] and 299 <= timer()["left"] <= 300
    organiser.post(f"/events/{event_id}/room/timer/add-minute")
    assert 359 <= timer()["left"] <= 360
    organiser.post(f"/events/{event_id}/room/timer/resume")
    assert timer()["running"]
    organiser.post(f"/events/{event_id}/room/timer/stop")
    assert timer() is None
    assert organiser.post(f"/events/{event_id}/room/timer/lunch").status_code == 404


def test_durations_theme_and_chime_are_saved(organiser, app, event_id):
    organiser.post(f"/events/{event_id}/room/durations",
                   data={"study_minutes": "4", "practice_minutes": "2", "round_minutes": "9"})
    organiser.post(f"/events/{event_id}/room/display", data={"projector_theme": "light", "chime": "y"})
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert (event.study_minutes, event.practice_minutes, event.round_minutes) == (4, 2, 9)
        assert event.projector_theme == "light" and event.chime


def test_out_of_range_durations_are_refused_with_a_message(organiser, app, event_id):
    response = organiser.post(f"/events/{event_id}/room/durations", follow_redirects=True,
                              data={"study_minutes": "0", "practice_minutes": "2", "round_minutes": "999"})
    assert "between 1 and 120 minutes" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session().get(Event, event_id).round_minutes == 7


def test_the_table_links_page_shows_a_qr_code_per_table_and_revoked_tables(organiser, app, event_id):
    organiser.post(f"/events/{event_id}/room/tables/2/revoke")
    page = organiser.get(f"/events/{event_id}/room/tables").get_data(as_text=True)
    assert page.count('class="qr"') == 2
    assert "Revoked" in page
    assert tokens(app, event_id)[1] in page


def test_qr_links_name_the_laptops_lan_address_not_localhost(app, monkeypatch):
    from tournament.blueprints.links import external_url

    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", lambda: ["192.168.1.23"])
    with app.app_context(), app.test_request_context(base_url="http://127.0.0.1:5000"):
        assert external_url("table.enter", token="abc") == "http://192.168.1.23:5000/t/abc"
    with app.app_context(), app.test_request_context(base_url="http://192.168.1.50:8000"):
        assert external_url("table.enter", token="abc") == "http://192.168.1.50:8000/t/abc"
    app.config["PUBLIC_BASE_URL"] = "https://cards.example.org/"
    with app.app_context(), app.test_request_context(base_url="http://127.0.0.1:5000"):
        assert external_url("table.enter", token="abc") == "https://cards.example.org/t/abc"


def test_replacing_the_event_links_retires_the_old_projector_link(organiser, app, event_id):
    old = tokens(app, event_id)["projector"]
    organiser.post(f"/events/{event_id}/room/links/regenerate")
    assert organiser.get(f"/p/{old}").status_code == 404
    assert organiser.get(f"/p/{tokens(app, event_id)['projector']}").status_code == 200


def test_the_status_board_live_feed_changes_when_a_table_reports(organiser, app, running):
    url = f"/events/{running}/rounds/1/live.json"
    tag = organiser.get(url).headers["ETag"]
    assert organiser.get(url, headers={"If-None-Match": tag}).status_code == 304
    record_winner(app, running, 3, [next(iter(seated(app, running, 3)))])
    assert organiser.get(url, headers={"If-None-Match": tag}).status_code == 200
    board = organiser.get(f"/events/{running}/rounds/1").get_data(as_text=True)
    assert "board.js" in board and "data-live=" in board


def test_the_event_nav_links_to_the_room(organiser, event_id):
    assert f"/events/{event_id}/room" in organiser.get(f"/events/{event_id}").get_data(as_text=True)
