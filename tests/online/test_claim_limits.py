"""A device claims one name, an address holds one name of an event and tries a few claims a
minute, and the organiser can take a name back into a new personal link that the list no longer
offers. Addresses on the room's network (192.168.1.x) are counted; the laptop is not."""

from __future__ import annotations

from sqlalchemy import select

from tests.conftest import log_in_organiser
from tests.online.conftest import online_event
from tournament import db
from tournament.models import AuditEntry, Event, OnlineClaim, Player

NAMES = ["Ana", "Ben", "Cleo", "Dan"]
LAN = "192.168.1.{}"
ONE_NAME = "This device already plays as {}. If you tapped the wrong name, ask the organiser to release it"
ADDRESS_FULL = "A name has already been claimed from this device (its network address)."


def _public(app, event_id: int) -> str:
    with app.app_context():
        return db.session().get(Event, event_id).public_token


def _ids(app, event_id: int) -> dict[str, int]:
    with app.app_context():
        return dict(db.session().execute(select(Player.name, Player.id).where(Player.event_id == event_id)).all())


def held_claims(app, event_id: int) -> dict[str, tuple[str, str | None]]:
    """Name -> (token, address claimed from) of every claim of the event."""
    with app.app_context():
        rows = db.session().execute(select(Player.name, OnlineClaim.token, OnlineClaim.claimed_from)
                                    .join(Player, Player.id == OnlineClaim.player_id)
                                    .where(OnlineClaim.event_id == event_id))
        return {name: (token, address) for name, token, address in rows}


def _tap(client, public: str, player_id: int | str, address: str = "127.0.0.1"):
    return client.post(f"/s/{public}/play", data={"player_id": player_id}, environ_base={"REMOTE_ADDR": address})


def test_a_device_claims_one_name(app):
    event_id = online_event(app, NAMES, 1)
    public, ids = _public(app, event_id), _ids(app, event_id)
    device = app.test_client()  # on the laptop: no address limit, only the device's own
    first = _tap(device, public, ids["Ana"])
    assert first.status_code == 302
    second = _tap(device, public, ids["Ben"])
    assert second.status_code == 409
    assert ONE_NAME.format("Ana") in second.get_data(as_text=True)
    assert _tap(device, public, ids["Ana"]).location == first.location  # its own name: back to its link
    assert set(held_claims(app, event_id)) == {"Ana"}
    listing = device.get(f"/s/{public}/play").get_data(as_text=True)
    assert "Not you? Ask the organiser to release <bdi>Ana</bdi>, then tap your own name below." in listing


def test_an_address_holds_one_name_of_an_event_whatever_cookies_it_sends(app):
    event_id = online_event(app, NAMES, 1)
    public, ids = _public(app, event_id), _ids(app, event_id)
    assert _tap(app.test_client(), public, ids["Ana"], LAN.format(20)).status_code == 302
    refused = _tap(app.test_client(), public, ids["Ben"], LAN.format(20))  # the same phone, cookies dropped
    assert refused.status_code == 409 and ADDRESS_FULL in refused.get_data(as_text=True)
    assert _tap(app.test_client(), public, ids["Ben"], LAN.format(21)).status_code == 302
    assert _tap(app.test_client(), public, ids["Cleo"], "127.0.0.1").status_code == 302
    assert _tap(app.test_client(), public, ids["Dan"], "127.0.0.1").status_code == 302
    assert {name: address for name, (_token, address) in held_claims(app, event_id).items()} == {
        "Ana": LAN.format(20), "Ben": LAN.format(21), "Cleo": "127.0.0.1", "Dan": "127.0.0.1"}


def test_a_wrong_tap_released_by_the_organiser_lets_the_device_tap_its_own_name(app, client):
    event_id = online_event(app, NAMES, 1)
    public, ids = _public(app, event_id), _ids(app, event_id)
    phone = app.test_client()
    assert _tap(phone, public, ids["Ben"], LAN.format(30)).status_code == 302  # meant Ana
    assert _tap(phone, public, ids["Ana"], LAN.format(30)).status_code == 409
    organiser = log_in_organiser(app, client)
    assert organiser.post(f"/events/{event_id}/online/players/{ids['Ben']}/release").status_code == 302
    mine = _tap(phone, public, ids["Ana"], LAN.format(30))
    assert mine.status_code == 302
    held = held_claims(app, event_id)
    assert set(held) == {"Ana"} and mine.location == f"/play/{held['Ana'][0]}"


def test_claim_attempts_are_limited_per_address(app):
    event_id = online_event(app, NAMES, 1)
    public = _public(app, event_id)
    phone = app.test_client()
    tries = [_tap(phone, public, "x", LAN.format(40)).status_code for _ in range(11)]
    assert tries == [400] * 10 + [429]
    assert _tap(app.test_client(), public, "x", LAN.format(41)).status_code == 400
    assert {_tap(phone, public, "x").status_code for _ in range(12)} == {400}  # the laptop


def test_a_name_released_to_its_personal_link_cannot_be_claimed_from_the_list(app, client):
    event_id = online_event(app, NAMES, 1)
    public, ids = _public(app, event_id), _ids(app, event_id)
    assert _tap(app.test_client(), public, ids["Ana"], LAN.format(50)).status_code == 302
    squatted = held_claims(app, event_id)["Ana"][0]
    organiser = log_in_organiser(app, client)
    confirm = organiser.get(f"/events/{event_id}/online/players/{ids['Ana']}/release").get_data(as_text=True)
    assert 'name="new_link"' in confirm
    done = organiser.post(f"/events/{event_id}/online/players/{ids['Ana']}/release", data={"new_link": "y"},
                          follow_redirects=True)
    assert "can now be taken only through its new personal link" in done.get_data(as_text=True)

    token, address = held_claims(app, event_id)["Ana"]
    assert token != squatted and address is None
    assert app.test_client().get(f"/play/{squatted}").status_code == 404
    listing = app.test_client().get(f"/s/{public}/play").get_data(as_text=True)
    assert f'value="{ids["Ana"]}"' not in listing  # shown as playing: no button to tap
    refused = _tap(app.test_client(), public, ids["Ana"], LAN.format(51))
    assert refused.status_code == 409 and "Ana is already playing on another device" in refused.get_data(as_text=True)
    assert held_claims(app, event_id)["Ana"] == (token, None)
    printed = organiser.get(f"/events/{event_id}/print/personal-links").get_data(as_text=True)
    assert f"/play/{token}" in printed and squatted not in printed
    assert app.test_client().get(f"/play/{token}").status_code == 200
    with app.app_context():
        logged = db.session().scalars(select(AuditEntry.action).where(AuditEntry.event_id == event_id)).all()
    assert "claim moved to a new personal link" in logged
