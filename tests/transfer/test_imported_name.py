"""An imported event whose name another event has gets a mark with the day, in the event's language."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

from babel.dates import format_skeleton


def _import(organiser, document: dict) -> str:
    response = organiser.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
                              content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)
    return organiser.get(response.headers["Location"] + "/export.json").get_json()["event"]["name"]


def _today(locale: str) -> str:
    return format_skeleton("dMMM", datetime.now(UTC).date(), locale=locale)


def test_an_imported_event_whose_name_is_taken_is_marked_imported_with_the_day(organiser, played):
    document = organiser.get(f"/events/{played}/export.json").get_json()
    assert _import(organiser, document) == f"Class 9B (imported {_today('en_GB')})"


def test_a_second_import_of_the_same_name_gets_a_number_so_no_two_events_share_a_name(organiser, played):
    document = organiser.get(f"/events/{played}/export.json").get_json()
    names = [_import(organiser, document) for _ in range(2)]
    assert names == [f"Class 9B (imported {_today('en_GB')})", f"Class 9B (imported {_today('en_GB')}, 2)"]


def test_the_mark_speaks_the_events_language(organiser, played):
    document = organiser.get(f"/events/{played}/export.json").get_json()
    document["event"]["language"] = "de"
    assert _import(organiser, document) == f"Class 9B (importiert am {_today('de')})"


def test_a_name_no_event_has_is_kept_as_it_is(organiser, played):
    document = organiser.get(f"/events/{played}/export.json").get_json()
    document["event"]["name"] = "7B Thursday"
    assert _import(organiser, document) == "7B Thursday"


def test_a_longest_name_still_fits_with_its_mark(app, organiser):
    from tournament import db
    from tournament.services import events
    with app.app_context():
        event_id = events.create_event(db.session(), "x" * 120).id
    name = _import(organiser, organiser.get(f"/events/{event_id}/export.json").get_json())
    assert len(name) <= 120 and name.endswith(f" (imported {_today('en_GB')})")
