"""The event file: export -> import -> export gives the same document apart from `exported_at`."""

from __future__ import annotations

import io
import json
from datetime import UTC

from sqlalchemy import select

from tests.conftest import setup_event
from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.models import Event, Table
from tournament.services import transfer


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _upload(client, document: dict | bytes, filename: str = "event.json"):
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/events/import", data={"file": (io.BytesIO(raw), filename)},
                       content_type="multipart/form-data")


def _new_event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def _without_export_time(document: dict) -> dict:
    return unmarked(document)


def test_export_import_export_is_identical_apart_from_exported_at(organiser, played):
    first = _export(organiser, played)
    copy_id = _new_event_id(_upload(organiser, first))
    assert copy_id != played
    second = _export(organiser, copy_id)
    assert json.dumps(_without_export_time(second)) == json.dumps(_without_export_time(first))


def test_the_file_holds_rounds_games_tricks_manual_seats_and_the_audit_log(organiser, played):
    document = _export(organiser, played)
    assert (document["format"], document["version"]) == ("five-tricks-event", 7)
    assert [r["state"] for r in document["rounds"]] == ["closed", "closed", "planned"]
    assert any(seat["manual"] for seat in document["rounds"][1]["seats"])
    assert any(game["scores"] for game in document["rounds"][1]["games"])
    assert {p["status"] for p in document["players"]} == {"seated", "observer", "withdrawn"}
    assert {"round closed", "game recorded", "seat moved"} <= {a["action"] for a in document["audit"]}


def test_the_file_carries_no_link_secrets(app, organiser, played):
    text = organiser.get(f"/events/{played}/export.json").get_data(as_text=True)
    with app.app_context():
        event = db.session().get(Event, played)
        secrets = [event.projector_token, event.public_token]
        secrets += list(db.session().scalars(select(Table.token).where(Table.event_id == played)))
    assert all(secret and secret not in text for secret in secrets)
    assert "token" not in text


def test_an_imported_event_gets_new_link_secrets_and_can_play_on(app, organiser, played):
    copy_id = _new_event_id(_upload(organiser, _export(organiser, played)))
    with app.app_context():
        original, copy = db.session().get(Event, played), db.session().get(Event, copy_id)
        assert copy.projector_token and copy.projector_token != original.projector_token
        assert copy.public_token != original.public_token
    assert organiser.post(f"/events/{copy_id}/rounds/start").status_code == 302
    assert _export(organiser, copy_id)["rounds"][2]["state"] == "running"
    assert _export(organiser, played)["rounds"][2]["state"] == "planned"


def test_an_event_without_players_or_rounds_round_trips(app, organiser):
    with app.app_context():
        from tournament.services import events
        empty_id = events.create_event(db.session(), "Empty <i>class</i>").id
    first = _export(organiser, empty_id)
    second = _export(organiser, _new_event_id(_upload(organiser, first)))
    assert _without_export_time(second) == _without_export_time(first)


def test_a_table_plan_before_round_one_round_trips(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"], tables=2)
    first = _export(organiser, event_id)
    second = _export(organiser, _new_event_id(_upload(organiser, first)))
    assert _without_export_time(second) == _without_export_time(first)


def test_the_export_is_a_download_named_after_the_event(organiser, played):
    response = organiser.get(f"/events/{played}/export.json")
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    assert "class-9b-" in response.headers["Content-Disposition"]


def test_html_in_names_is_kept_in_the_file_and_escaped_on_the_page(organiser, played):
    copy_id = _new_event_id(_upload(organiser, _export(organiser, played)))
    page = organiser.get(f"/events/{copy_id}/players").get_data(as_text=True)
    assert "&lt;b&gt;Ben&lt;/b&gt;" in page and "<b>Ben</b>" not in page


def test_timestamps_without_a_zone_are_read_as_utc(app):
    from datetime import datetime
    assert transfer.iso(datetime(2024, 5, 2, 9, 30)) == "2024-05-02T09:30:00.000000Z"
    assert transfer.iso(datetime(2024, 5, 2, 9, 30, tzinfo=UTC)) == "2024-05-02T09:30:00.000000Z"


def test_the_import_page_offers_a_file_field(organiser):
    page = organiser.get("/events/import").get_data(as_text=True)
    assert 'type="file"' in page and 'enctype="multipart/form-data"' in page
    assert "/events/import" in organiser.get("/").get_data(as_text=True)
