"""Whatever the pages let a teacher build, the app can export, import and restore: the table
plan, the players page and the import share one set of limits (core.limits), and the upload
limit fits the file of the largest event those limits are sized for."""

from __future__ import annotations

import gzip
import html
import io
import json

import pytest

from benchmarks.import_file import event_document, maximum_document, with_debrief
from tests.conftest import setup_event
from tests.transfer.conftest import row_counts
from tests.transfer.unmarked import unmarked
from tournament.core import limits
from tournament.core.planner import plan_tables


def _compact(document: dict) -> bytes:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _upload(client, raw: bytes, filename: str = "event.json"):
    return client.post("/events/import", data={"file": (io.BytesIO(raw), filename)},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("players", [804, 999, 1000])
@pytest.mark.parametrize("even", [False, True])
def test_the_suggested_plan_never_has_more_tables_than_an_event_file_holds(players, even):
    assert plan_tables(players, even=even).table_count <= limits.MAX_TABLES


def test_a_plan_for_804_players_exports_and_imports(app, organiser):
    event_id = setup_event(app, [f"Player {n:04d}" for n in range(804)])
    document = organiser.get(f"/events/{event_id}/export.json").get_json()
    assert len(document["tables"]) <= limits.MAX_TABLES
    assert _upload(organiser, _compact(document)).status_code == 302


def test_the_players_page_refuses_more_players_than_an_event_file_holds(app, organiser):
    event_id = setup_event(app, [f"Player {n:04d}" for n in range(limits.MAX_PLAYERS - 1)], tables=10)
    before = row_counts(app)
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Zed\nZoe"})
    assert response.status_code == 400
    assert f"at most {limits.MAX_PLAYERS} players" in html.unescape(response.get_data(as_text=True))
    assert row_counts(app) == before
    assert organiser.post(f"/events/{event_id}/players", data={"names": "Zed"}).status_code == 302


def test_import_refuses_more_players_than_the_pages_allow(app, organiser):
    document = event_document(tables=1, seats=limits.MAX_PLAYERS + 1, rounds=0, games=0)
    response = _upload(organiser, _compact(document))
    assert response.status_code == 400
    assert f"at most {limits.MAX_PLAYERS} are allowed" in response.get_data(as_text=True)


def test_the_sized_event_file_fits_the_upload_limit_and_imports(app, organiser):
    document = maximum_document()
    assert len(document["notes"]) == limits.MAX_NOTES  # the debrief at its limits travels too
    assert {len(note["text"]) for note in document["notes"]} == {limits.MAX_NOTE_TEXT}
    assert len(document["debrief"]["steps"]) == limits.MAX_DEBRIEF_STEPS
    raw = _compact(document)
    assert len(raw) <= limits.MAX_UPLOAD_BYTES <= app.config["MAX_CONTENT_LENGTH"]
    response = _upload(organiser, raw)
    assert response.status_code == 302, response.get_data(as_text=True)[-500:]
    copy_id = int(response.headers["Location"].rsplit("/", 1)[1])
    again = organiser.get(f"/events/{copy_id}/export.json").get_data()
    assert len(again) <= limits.MAX_UPLOAD_BYTES  # the file the app makes, it takes back
    assert len(json.loads(again)["notes"]) == limits.MAX_NOTES


def test_a_bigger_event_fits_as_the_compressed_download():
    raw = _compact(with_debrief(event_document(limits.MAX_TABLES, limits.MAX_PLAYERS // limits.MAX_TABLES,
                                               rounds=30, games=limits.SIZED_GAMES + 2)))
    assert len(raw) <= limits.MAX_FILE_BYTES
    assert len(gzip.compress(raw)) <= limits.MAX_UPLOAD_BYTES


def test_a_compressed_export_imports_like_the_plain_one(app, organiser, played):
    plain = organiser.get(f"/events/{played}/export.json").get_json()
    packed = organiser.get(f"/events/{played}/export.json.gz")
    assert packed.status_code == 200 and packed.data[:2] == b"\x1f\x8b"
    response = _upload(organiser, packed.data, filename="class-9b.json.gz")
    assert response.status_code == 302
    copy = organiser.get(response.headers["Location"] + "/export.json").get_json()
    assert unmarked(copy) == unmarked(plain)


def test_the_download_is_compact_json(organiser, played):
    body = organiser.get(f"/events/{played}/export.json").get_data(as_text=True)
    assert "\n  " not in body and body == json.dumps(json.loads(body), ensure_ascii=False, separators=(",", ":")) + "\n"


BAD_GZIP = {
    "a zip bomb": (gzip.compress(b" " * (limits.MAX_FILE_BYTES + 1)), "unpacks to more than"),
    "damaged": (b"\x1f\x8b" + b"\x00" * 40, "damaged"),
    "cut off": (gzip.compress(b'{"format": "five-tricks-event"}' * 100)[:30], "cut off"),
}


@pytest.mark.parametrize("raw, message", BAD_GZIP.values(), ids=BAD_GZIP.keys())
def test_a_bad_compressed_file_is_refused_and_nothing_changes(app, organiser, raw, message):
    before = row_counts(app)
    response = _upload(organiser, raw, filename="event.json.gz")
    assert response.status_code == 400
    assert message in html.unescape(response.get_data(as_text=True))
    assert row_counts(app) == before


def test_the_largest_event_the_limits_allow_fits_as_the_compressed_download():
    """Every cap at its maximum at once: rounds, tables, players and games per event."""
    rounds = limits.MAX_ROUNDS - 1  # closed rounds; the document adds the planned next one
    games = -(-limits.MAX_GAMES_PER_EVENT // (rounds * limits.MAX_TABLES))
    document = with_debrief(event_document(limits.MAX_TABLES, limits.MAX_PLAYERS // limits.MAX_TABLES,
                                           rounds=rounds, games=games))
    assert len(document["rounds"]) == limits.MAX_ROUNDS
    assert sum(len(r["games"]) for r in document["rounds"]) >= limits.MAX_GAMES_PER_EVENT
    raw = _compact(document)
    assert len(raw) <= limits.MAX_FILE_BYTES
    assert len(gzip.compress(raw)) <= limits.MAX_UPLOAD_BYTES


def test_closing_the_last_round_an_event_keeps_plans_no_next_round(app, monkeypatch):
    from tournament import db
    from tournament.models import Event
    from tournament.services import rounds as round_service

    monkeypatch.setattr(round_service, "MAX_ROUNDS", 1)
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        round_service.start_round(session, event)
        closed = round_service.close(session, event, 1)
        assert closed.round.number == 1 and len(event.rounds) == 1
        assert event.ended_at is not None  # the last round an event keeps ends its tournament
        with pytest.raises(Exception, match="last round one event keeps"):
            round_service.one_more_round(session, event)


def test_an_event_refuses_games_beyond_the_most_one_event_keeps(app, organiser, monkeypatch):
    from tests.app.helpers import winners_form
    from tests.room.conftest import start_round
    from tournament.services import games as game_service

    monkeypatch.setattr(game_service, "MAX_GAMES_PER_EVENT", 2)
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    start_round(app, event_id)
    url = f"/events/{event_id}/rounds/1/tables/1"
    assert organiser.post(url, data=winners_form(app, event_id, ["Ana", "Ben"])).status_code == 302
    refused = organiser.post(url, data=winners_form(app, event_id, ["Ana", "Ben", "Cem"]))
    assert refused.status_code in (400, 409)
    assert "the most one event keeps" in refused.get_data(as_text=True)


def test_import_refuses_more_games_than_one_event_keeps(app, organiser, monkeypatch):
    from tournament.services import transfer_schema

    monkeypatch.setattr(transfer_schema, "MAX_GAMES_PER_EVENT", 5)
    raw = _compact(event_document(2, 4, rounds=2, games=2))
    response = _upload(organiser, raw)
    assert response.status_code == 400
    assert "the most one event keeps" in html.unescape(response.get_data(as_text=True))


def test_a_whole_event_of_the_longest_names_can_be_pasted_at_once(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem"])
    names = "\n".join(f"{n:04d} " + "ü" * 35 for n in range(limits.MAX_PLAYERS - 3))
    response = organiser.post(f"/events/{event_id}/players", data={"names": names})
    assert response.status_code == 302, html.unescape(response.get_data(as_text=True))[-400:]
    assert row_counts(app)["Player"] == limits.MAX_PLAYERS
