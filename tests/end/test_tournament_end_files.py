"""The event file (version 5) carries the tournament's number of rounds and its end; older files
import as the database upgrade made stored events; a duplicate copies the number of rounds,
not the end."""

from __future__ import annotations

import io
import json

from tests.transfer.conftest import played  # noqa: F401  (a fixture)
from tournament import db
from tournament.models import Event


def _export(organiser, event_id: int) -> dict:
    return organiser.get(f"/events/{event_id}/export.json").get_json()


def _import(organiser, document: dict):
    raw = json.dumps(document).encode()
    return organiser.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                          content_type="multipart/form-data")


def _imported(app, response) -> Event:
    assert response.status_code == 302, response.get_data(as_text=True)
    event_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        event = db.session().get(Event, event_id)
        db.session().expunge(event)
        return event


def test_an_ended_tournament_exports_its_rounds_and_end_and_imports_ended(app, organiser, played):  # noqa: F811
    assert organiser.post(f"/events/{played}/end").status_code == 302  # round 3 was planned: dropped
    document = _export(organiser, played)
    assert document["version"] == 7
    assert document["event"]["planned_rounds"] == 2 and document["event"]["ended_at"] is not None
    event = _imported(app, _import(organiser, document))
    assert event.planned_rounds == 2 and event.ended_at is not None


def test_an_older_file_imports_playing_with_at_least_its_rounds(app, organiser, played):  # noqa: F811
    document = _export(organiser, played)  # two rounds closed, round 3 planned
    document["version"] = 4
    del document["event"]["planned_rounds"], document["event"]["ended_at"]
    event = _imported(app, _import(organiser, document))
    assert event.planned_rounds == 4 and event.ended_at is None
    many = {**document, "rounds": document["rounds"][:2]}
    for number in range(3, 7):  # six closed rounds: the plan grows to hold them
        many["rounds"].append({**document["rounds"][1], "number": number})
    many["rounds"][-1] = {**many["rounds"][-1], "state": "planned", "games": [], "started_at": None,
                          "closed_at": None}
    assert _imported(app, _import(organiser, many)).planned_rounds == 6


def test_a_file_ending_the_tournament_over_a_planned_round_is_refused(app, organiser, played):  # noqa: F811
    document = _export(organiser, played)
    document["event"]["ended_at"] = "2026-11-27T10:00:00.000000Z"
    response = _import(organiser, document)
    assert response.status_code == 400
    assert "a tournament ends only after a closed round" in response.get_data(as_text=True)


def test_a_file_with_fewer_planned_rounds_than_it_has_is_refused(app, organiser, played):  # noqa: F811
    document = _export(organiser, played)
    document["event"]["planned_rounds"] = 2  # round 3 is in the file
    response = _import(organiser, document)
    assert response.status_code == 400
    assert "event.planned_rounds" in response.get_data(as_text=True)


def test_a_duplicate_copies_the_number_of_rounds_but_not_the_end(app, organiser, played):  # noqa: F811
    with app.app_context():
        db.session().get(Event, played).planned_rounds = 5
        db.session().commit()

    def copy() -> dict:
        response = organiser.post(f"/events/{played}/duplicate")
        return _export(organiser, int(response.headers["Location"].rsplit("/", 1)[1]))["event"]

    assert copy()["planned_rounds"] == 5
    organiser.post(f"/events/{played}/end")
    assert copy()["ended_at"] is None  # the new class starts playing
