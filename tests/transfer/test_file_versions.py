"""The event file names its game (version 2); files written before games could be chosen
(version 1) still import, as Five Tricks events with the same rules at every table."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.transfer.conftest import row_counts
from tournament import db
from tournament.games import get
from tournament.games import settings as declared
from tournament.models import Event, Table
from tournament.services import events, players, transfer
from tournament.services import tables as table_service

VERSION_1_FILE = Path(__file__).parent / "fixtures" / "event-v1.json"


def _upload(client, raw: bytes):
    return client.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                       content_type="multipart/form-data")


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _imported_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def test_an_event_file_of_version_1_still_imports_with_its_variants(app, organiser):
    old = json.loads(VERSION_1_FILE.read_text(encoding="utf-8"))
    assert old["version"] == 1 and "game" not in old  # written by the exporter of version 1
    event_id = _imported_id(_upload(organiser, VERSION_1_FILE.read_bytes()))
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event.game == "five-tricks"
        five_tricks = get("five-tricks")
        assert [declared.to_json(five_tricks.settings, t.variant) for t in event.tables] == [
            t["variant"] for t in old["tables"]]
    again = _export(organiser, event_id)
    # Everything the old file said comes back; only the version, the named game, the event's
    # time zone (UTC, as the old app showed times) and the tables' online settings are new.
    assert (again["version"], again["game"]) == (7, "five-tricks")
    # Its tournament plays the default 4 rounds (more if it had them) and has not ended.
    assert again["event"] == {**old["event"], "time_zone": "UTC", "language": "en", "planned_rounds": 4,
                              "ended_at": None, "table_agreement": "ask", "names_shown": "initial"}
    # Every table of an older file is played in the room.
    assert again["tables"] == [{**t, "online": False, "app_referees": False} for t in old["tables"]]
    for key in ("players", "audit"):
        assert again[key] == old[key], key
    # A game's one "winner" and its "tricks" read as the winners and scores of version 2.
    for round_ in old["rounds"]:
        round_["games"] = [{"table": g["table"], "number": g["number"], "version": g["version"],
                            "winners": [g["winner"]] if g["winner"] else [], "scores": g["tricks"]}
                           for g in round_["games"]]
    assert again["rounds"] == old["rounds"]
    assert any(g["scores"] for r in again["rounds"] for g in r["games"])


def test_export_writes_the_game_key(app, organiser):
    with app.app_context():
        event_id = events.create_event(db.session(), "Class 4B").id
    document = _export(organiser, event_id)
    assert (document["format"], document["version"], document["game"]) == ("five-tricks-event", 7, "five-tricks")
    assert list(document)[:3] == ["format", "version", "game"]


def test_an_event_of_another_game_keeps_its_game_through_export_and_import(app, organiser, second_game):
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Class 4C", game=second_game.key)
        players.add_players(session, event, "Ana\nBen\nCleo\nDan\nEve\nFay")
        table_service.set_table_count(session, event, 2)
        event_id = event.id
    document = _export(organiser, event_id)
    assert document["game"] == second_game.key
    copy_id = _imported_id(_upload(organiser, json.dumps(document).encode()))
    with app.app_context():
        copy = db.session().get(Event, copy_id)
        assert copy.game == second_game.key
        assert [t.variant for t in copy.tables] == list(declared.default_variants(second_game.settings, 2))


def test_an_unknown_game_in_an_event_file_is_refused_in_words(app, organiser):
    document = json.loads(VERSION_1_FILE.read_text(encoding="utf-8"))
    document.update(version=2, game="chess")
    before = row_counts(app)
    response = _upload(organiser, json.dumps(document).encode())
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 400
    assert "game: This app does not know the game 'chess'." in page
    assert "nothing was changed" in page
    assert row_counts(app) == before


def test_a_new_event_plays_a_game_the_app_knows(app):
    with app.app_context():
        session = db.session()
        assert events.create_event(session, "Class 4D").game == "five-tricks"
        with pytest.raises(events.DomainError, match="does not know the game 'chess'"):
            events.create_event(session, "Class 4E", game="chess")
        assert session.scalar(select(Event.id).where(Event.name == "Class 4E")) is None


def test_the_automatic_backup_is_a_current_version_file_that_restores(app, organiser, played):
    """The backup is the export; a restore reads it back with the same game and tables."""
    with app.app_context():
        session = db.session()
        event = session.get(Event, played)
        document = transfer.export_event(session, event)
        assert (document["version"], document["game"]) == (7, "five-tricks")
        restored = transfer.import_bytes(session, transfer.to_json(document, compact=True).encode(),
                                         suffix=" (restored)")
        assert restored.game == "five-tricks"
        def variants(event_id: int) -> list[dict]:
            return [t.variant_data for t in session.scalars(
                select(Table).where(Table.event_id == event_id).order_by(Table.number))]

        assert variants(restored.id) == variants(played)
