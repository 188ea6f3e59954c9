"""The address every link and QR code starts with: the Room page's setting, then PUBLIC_BASE_URL,
then the address the server listens on, then the LAN guess; shown and changed on the Room page."""

from __future__ import annotations

import re

import pytest

from tournament import db
from tournament.blueprints.links import choose_base
from tournament.models import AppSetting

from .conftest import tokens


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", lambda: ["192.0.2.10"])


def base(**given):
    values = dict(stored=None, configured=None, bind_host="0.0.0.0", bind_port=5000, scheme="http",
                  request_host="127.0.0.1:5000")
    values.update(given)
    return choose_base(**values)


def test_link_base_order_is_room_setting_config_bind_address_then_lan_guess(lan):
    assert base(stored="http://laptop.lan:8000", configured="https://cards.example.org/").url == "http://laptop.lan:8000"
    assert base(configured="https://cards.example.org/", bind_host="10.0.0.5").url == "https://cards.example.org"
    assert base(bind_host="10.0.0.5", bind_port=8080).url == "http://10.0.0.5:8080"
    assert base(bind_host="::").url == "http://192.0.2.10:5000"
    assert base(bind_host="0.0.0.0").source == "lan"


def test_links_use_the_address_the_server_listens_on_not_another_guess(app, lan, organiser, event_id):
    app.config.update(BIND_HOST="10.0.0.5", BIND_PORT=5000)
    page = organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    assert f"http://10.0.0.5:5000/p/{tokens(app, event_id)['projector']}" in page
    assert "192.0.2.10" not in page


def test_links_of_a_server_listening_on_this_laptop_only_warn_that_phones_cannot_open_them(
        app, lan, organiser, event_id):
    app.config.update(BIND_HOST="127.0.0.1", BIND_PORT=5000)
    page = organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    assert "Phones cannot open this address" in page
    assert "http://127.0.0.1:5000/p/" in page


def test_room_page_shows_the_chosen_base_and_why(app, lan, organiser, event_id):
    app.config.update(BIND_HOST="0.0.0.0", BIND_PORT=5000)
    page = organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    assert re.search(r"start with <code[^>]*>http://192\.0\.2\.10:5000</code>", page)
    assert "a guess" in page


def test_organiser_sets_the_link_address_on_the_room_page_and_every_link_follows(app, lan, organiser, event_id):
    response = organiser.post(f"/events/{event_id}/room/link-base", data={"base_url": " http://laptop.lan:8000/ "})
    assert response.status_code == 302
    with app.app_context():
        assert db.session().get(AppSetting, "public_base_url").value == "http://laptop.lan:8000"
    room = organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    assert "Set on this page." in room and "http://laptop.lan:8000/s/" in room
    links = organiser.get(f"/events/{event_id}/room/tables").get_data(as_text=True)
    assert f"http://laptop.lan:8000/t/{tokens(app, event_id)[1]}" in links


def test_clearing_the_link_address_goes_back_to_the_automatic_choice(app, lan, organiser, event_id):
    organiser.post(f"/events/{event_id}/room/link-base", data={"base_url": "http://laptop.lan:8000"},
                   follow_redirects=True)
    organiser.post(f"/events/{event_id}/room/link-base", data={"base_url": "  "}, follow_redirects=True)
    with app.app_context():
        assert db.session().get(AppSetting, "public_base_url") is None
    assert "laptop.lan" not in organiser.get(f"/events/{event_id}/room").get_data(as_text=True)


@pytest.mark.parametrize("typed", [
    "192.168.1.20:5000",                 # no scheme
    "ftp://192.168.1.20",
    "http://",
    "http://192.168.1.20:5000/events",   # a page, not the server
    "http://192.168.1.20:5000/?x=1",
    "http://192.168.1.20:5000#top",
    "http://teacher:secret@192.168.1.20",
    "http://192.168.1.20:99999",
    "http://" + "a" * 64 + ".lan",
    "http://lap top.lan",
    "http://[::1",
    "http://laptop\u200b.lan",
])
def test_a_bad_link_address_is_refused_beside_the_field_and_changes_nothing(app, organiser, event_id, typed):
    organiser.post(f"/events/{event_id}/room/link-base", data={"base_url": "http://laptop.lan:8000"})
    response = organiser.post(f"/events/{event_id}/room/link-base", data={"base_url": typed})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    field = page.split('class="field has-error"', 1)[1].split("</div>", 1)[0]
    assert 'name="base_url"' in field and 'class="error"' in field
    with app.app_context():
        assert db.session().get(AppSetting, "public_base_url").value == "http://laptop.lan:8000"
