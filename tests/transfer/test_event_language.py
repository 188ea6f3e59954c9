"""An event's language travels in its file: exported, imported (absent: English, an unknown code
refused in words, nothing changed) and kept by a duplicate."""

from __future__ import annotations

import io
import json

import pytest

from tests.transfer.conftest import row_counts, shown
from tournament import db
from tournament.core.limits import LANGUAGE_CODES
from tournament.i18n.languages import CODES
from tournament.models import Event


def _speak(app, event_id: int, code: str) -> None:
    with app.app_context():
        db.session().get(Event, event_id).language = code
        db.session().commit()


def _export(client, event_id: int) -> dict:
    return json.loads(client.get(f"/events/{event_id}/export.json").get_data(as_text=True))


def _upload(client, document: dict):
    return client.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "event.json")},
                       content_type="multipart/form-data")


def _imported_language(app, response) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)
    new_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        return db.session().get(Event, new_id).language


def test_the_languages_an_event_file_accepts_are_the_languages_the_app_speaks() -> None:
    assert LANGUAGE_CODES == CODES


def test_an_events_language_is_exported_and_imported_with_it(app, organiser, played):
    _speak(app, played, "de")
    document = _export(organiser, played)
    assert document["event"]["language"] == "de"
    assert _imported_language(app, _upload(organiser, document)) == "de"


def test_a_file_without_a_language_imports_in_english(app, organiser, played):
    _speak(app, played, "fr")
    document = _export(organiser, played)
    del document["event"]["language"]
    assert _imported_language(app, _upload(organiser, document)) == "en"


@pytest.mark.parametrize("code", ["xx", "DE", "de-AT", ""])
def test_a_language_the_app_does_not_speak_is_refused_naming_it_and_nothing_is_imported(app, organiser, played, code):
    document = _export(organiser, played)
    document["event"]["language"] = code
    before = row_counts(app)
    response = _upload(organiser, document)
    assert response.status_code == 400
    page = shown(response.get_data(as_text=True))
    assert f"event.language: '{code}' is not a language this app speaks; use one of en, de, fr, es, it, pt, nl" in page
    assert row_counts(app) == before


def test_a_language_that_is_not_text_is_refused(app, organiser, played):
    document = _export(organiser, played)
    document["event"]["language"] = 7
    response = _upload(organiser, document)
    assert response.status_code == 400
    assert "event.language: must be text, not a number" in shown(response.get_data(as_text=True))


def test_a_duplicate_speaks_the_language_of_its_original(app, organiser, played):
    _speak(app, played, "nl")
    response = organiser.post(f"/events/{played}/duplicate")
    assert response.status_code == 302
    copy_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        assert db.session().get(Event, copy_id).language == "nl"
