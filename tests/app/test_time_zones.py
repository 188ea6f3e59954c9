"""Pages show moments in the event's time zone (stored in UTC); the zone is chosen when the
event is created, changed on its settings page, and travels in the event file."""

from __future__ import annotations

import html
import io
import json
from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import setup_event
from tournament import db, time_zones
from tournament.blueprints.moments import local_time
from tournament.blueprints.service_config import backup_store
from tournament.models import AuditEntry, Event
from tournament.services import backups, duplicate, transfer

WINTER_NOON = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)
SUMMER_NOON = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)


def _set_zone(app, event_id: int, zone: str) -> None:
    with app.app_context():
        session = db.session()
        session.get(Event, event_id).time_zone = zone
        session.commit()


def _zone_of(app, event_id: int) -> str:
    with app.app_context():
        return db.session().get(Event, event_id).time_zone


@pytest.fixture
def berlin_event(app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dev"])
    _set_zone(app, event_id, "Europe/Berlin")
    return event_id


def test_noon_utc_shows_as_13_in_berlin_winter_and_14_in_summer_on_the_audit_log(app, organiser, berlin_event):
    with app.app_context():
        session = db.session()
        for at, subject in ((WINTER_NOON, "winter"), (SUMMER_NOON, "summer")):
            session.add(AuditEntry(event_id=berlin_event, actor="teacher", action="rename", subject=subject, at=at))
        session.commit()
    page = organiser.get(f"/events/{berlin_event}/audit").get_data(as_text=True)
    assert "When (Europe/Berlin)" in page
    assert "15 Jan 13:00:00" in page and "15 Jul 14:00:00" in page
    assert "12:00:00" not in page


def test_noon_utc_shows_as_13_in_berlin_winter_and_14_in_summer_on_the_backups_page(app, organiser, berlin_event):
    store = backup_store(app)
    store.folder.mkdir(parents=True, exist_ok=True)
    with app.app_context():
        event = db.session().get(Event, berlin_event)
        for number, at in enumerate((WINTER_NOON, SUMMER_NOON), start=1):
            name = f"{backups._prefix(event)}{at:{backups.STAMP}}-round-{number}.json"
            (store.folder / name).write_text("{}", encoding="utf-8")
    page = organiser.get(f"/events/{berlin_event}/backups").get_data(as_text=True)
    assert "Taken (Europe/Berlin)" in page
    assert "15 Jan 2026 13:00:00" in page and "15 Jul 2026 14:00:00" in page


def test_the_event_list_shows_the_creation_day_in_the_events_zone(app, organiser):
    # 23:30 UTC on 31 December is already New Year's Day in Berlin.
    event_id = setup_event(app, ["Ana", "Ben", "Cleo"])
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        event.created_at, event.time_zone = datetime(2026, 12, 31, 23, 30, tzinfo=UTC), "Europe/Berlin"
        session.commit()
    page = organiser.get("/").get_data(as_text=True)
    assert "1 Jan 2027" in page and "31 Dec 2026" not in page


def test_a_naive_moment_from_sqlite_is_read_as_utc():
    assert local_time(datetime(2026, 1, 15, 12, 0), "Europe/Berlin", "clock") == "13:00:00"
    assert local_time(None, "Europe/Berlin") == ""


def test_the_settings_page_changes_the_zone_in_its_proper_spelling(app, organiser, berlin_event):
    response = organiser.post(f"/events/{berlin_event}/settings",
                              data={"name": "Class 9B", "round_minutes": "7", "time_zone": " america/new_york "})
    assert response.status_code == 302
    assert _zone_of(app, berlin_event) == "America/New_York"


def test_the_settings_page_refuses_an_unknown_zone_beside_the_field_and_changes_nothing(app, organiser, berlin_event):
    response = organiser.post(f"/events/{berlin_event}/settings",
                              data={"name": "Renamed", "round_minutes": "9", "time_zone": "Mars/Olympus"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    # The message sits in the time zone field's box, and the form keeps what was typed.
    field = page[page.index('name="time_zone"'):]
    field = field[: field.index("</div>")]
    assert "“Mars/Olympus” is not a time zone this app knows" in html.unescape(field)
    assert 'value="Mars/Olympus"' in page and 'value="Renamed"' in page
    with app.app_context():
        event = db.session().get(Event, berlin_event)
        assert (event.name, event.round_minutes, event.time_zone) == ("Class 9B", 7, "Europe/Berlin")


@pytest.mark.parametrize("hostile", [
    "<script>alert(1)</script>",
    "Europe/" + "A" * 10_000,
    "Europe/Ber\x00lin",
    "Europe/Ber\x1blin",
    "Europe/Berlin\u202e",
    "../../../../etc/passwd",
    "/usr/share/zoneinfo/UTC",
])
def test_a_hostile_time_zone_is_refused_with_a_4xx_never_a_500(app, organiser, berlin_event, hostile):
    for url in (f"/events/{berlin_event}/settings", "/events"):
        response = organiser.post(url, data={"name": "Class 9C", "round_minutes": "7", "time_zone": hostile})
        assert 400 <= response.status_code < 500, url
        page = response.get_data(as_text=True)
        assert "not a time zone this app knows" in page
        assert "<script>alert" not in page
        message = page.split('name="time_zone"', 1)[1].split('<small class="error">', 1)[1].split("</small>")[0]
        assert len(message) < 300 and "\x00" not in message and "\x1b" not in message  # never echoes junk
    assert _zone_of(app, berlin_event) == "Europe/Berlin"
    with app.app_context():
        assert db.session().query(Event).count() == 1


def test_a_new_event_defaults_to_the_laptops_own_zone(app, organiser, monkeypatch):
    monkeypatch.setattr(time_zones, "_system_zone_name", lambda: "Europe/Lisbon")
    page = organiser.get("/").get_data(as_text=True)
    assert 'name="time_zone"' in page and 'value="Europe/Lisbon"' in page
    assert '<datalist id="time-zones">' in page and '<option value="Pacific/Auckland">' in page
    response = organiser.post("/events", data={"name": "Class 9C", "round_minutes": "7"})
    assert response.status_code == 302
    with app.app_context():
        assert db.session().query(Event).one().time_zone == "Europe/Lisbon"


def test_a_new_event_can_choose_another_zone(app, organiser, monkeypatch):
    monkeypatch.setattr(time_zones, "_system_zone_name", lambda: "Europe/Lisbon")
    response = organiser.post("/events", data={"name": "Class 9C", "round_minutes": "7", "time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    with app.app_context():
        assert db.session().query(Event).one().time_zone == "Asia/Tokyo"


@pytest.mark.parametrize("answer", [None, "", "Local Time", "Mars/Olympus", OSError("no zone configured"), "Etc/UTC"])
def test_a_laptop_whose_zone_cannot_be_told_starts_events_in_utc(monkeypatch, answer):
    def system_zone():
        if isinstance(answer, Exception):
            raise answer
        return answer
    monkeypatch.setattr(time_zones, "_system_zone_name", system_zone)
    assert time_zones.local_zone() == "UTC"


def test_the_login_lockout_says_when_in_the_laptops_zone(app, client, monkeypatch):
    from tournament.services import accounts
    monkeypatch.setattr(time_zones, "_system_zone_name", lambda: "Asia/Kolkata")  # UTC+05:30, no DST
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    page = ""
    for _ in range(12):
        response = client.post("/login", data={"username": "teacher", "password": "wrong password"})
        if response.status_code == 429:
            page = response.get_data(as_text=True)
            break
    assert page, "the login was never throttled"
    reset_at = datetime.now(UTC) + timedelta(seconds=int(response.headers["Retry-After"]))
    # The clock time in Kolkata (UTC+05:30), not the server's; a second or two of slack for the request.
    nearby = {local_time(reset_at + timedelta(seconds=s), "Asia/Kolkata", "clock") for s in range(-3, 3)}
    assert page.split("(at ", 1)[1][:8] in nearby


def test_the_event_file_keeps_the_time_zone_and_its_moments_stay_utc(app, organiser, berlin_event):
    with app.app_context():
        session = db.session()
        session.add(AuditEntry(event_id=berlin_event, actor="teacher", action="rename", subject="x", at=WINTER_NOON))
        session.commit()
        document = transfer.export_event(session, session.get(Event, berlin_event))
        assert document["event"]["time_zone"] == "Europe/Berlin"
        assert document["audit"][0]["at"] == "2026-01-15T12:00:00.000000Z"
        copy = transfer.import_event(session, json.loads(transfer.to_json(document)))
        assert copy.time_zone == "Europe/Berlin"
        again = transfer.export_event(session, copy)
        assert again["event"] == document["event"]


def test_an_event_file_without_a_time_zone_imports_as_utc(app, organiser, berlin_event):
    with app.app_context():
        session = db.session()
        document = transfer.export_event(session, session.get(Event, berlin_event))
    del document["event"]["time_zone"]
    response = organiser.post("/events/import", content_type="multipart/form-data",
                              data={"file": (io.BytesIO(json.dumps(document).encode()), "old.json")})
    assert response.status_code == 302
    imported = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    assert _zone_of(app, imported) == "UTC"


def test_an_event_file_with_an_unknown_time_zone_is_refused_naming_the_field(app, organiser, berlin_event):
    with app.app_context():
        session = db.session()
        document = transfer.export_event(session, session.get(Event, berlin_event))
    document["event"]["time_zone"] = "Mars/Olympus"
    response = organiser.post("/events/import", content_type="multipart/form-data",
                              data={"file": (io.BytesIO(json.dumps(document).encode()), "mars.json")})
    assert response.status_code == 400
    assert "event.time_zone" in html.unescape(response.get_data(as_text=True))
    with app.app_context():
        assert db.session().query(Event).count() == 1


def test_a_duplicate_keeps_the_time_zone(app, berlin_event):
    with app.app_context():
        session = db.session()
        copy = duplicate.duplicate_event(session, session.get(Event, berlin_event))
        assert copy.time_zone == "Europe/Berlin"
