"""The automatic backup of a round close: when the page after the close says it is saved, the
file is complete under its final name and holds the event as exported; when writing it fails,
the organiser is told and the close stays committed."""

from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import urlsplit

from tests.app.helpers import page_text, seating, winners_form
from tests.conftest import setup_event
from tests.races.harness import organiser_client
from tournament import db
from tournament.blueprints.organiser.transfer import BACKUP_SAVED
from tournament.models import Event, Round, RoundState
from tournament.services import backups

NAMES = ["Ána", "<b>Ben</b>", "Cleo", "Dan", "Émile", "Fay", "Gus", "Hal"]


def _folder(app) -> Path:
    return Path(app.instance_path) / "backups"


def _round_one_played(app, organiser) -> int:
    event_id = setup_event(app, NAMES, tables=2)
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    for table in (1, 2):
        seated = sorted(n for n, t in seating(app, event_id, 1).items() if t == table)
        organiser.post(f"/events/{event_id}/rounds/1/tables/{table}", data=winners_form(app, event_id, seated[:3]))
    return event_id


def _without_time(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "exported_at"}


def test_the_backup_is_complete_when_the_page_after_the_close_says_it_is_saved(app, organiser):
    event_id = _round_one_played(app, organiser)
    page = organiser.post(f"/events/{event_id}/rounds/1/close", follow_redirects=True)
    assert page.status_code == 200 and str(BACKUP_SAVED) in html.unescape(page_text(page))
    files = sorted(p.name for p in _folder(app).iterdir())
    assert len(files) == 1 and backups.NAME.fullmatch(files[0]), files  # no half-written ".partial-" file
    written = json.loads((_folder(app) / files[0]).read_text(encoding="utf-8"))
    exported = organiser.get(f"/events/{event_id}/export.json").get_json()
    assert _without_time(written) == _without_time(exported)
    assert [r["state"] for r in written["rounds"]] == ["closed", "planned"]
    assert len(written["rounds"][1]["seats"]) == len(NAMES)


def test_a_backup_that_fails_after_the_close_is_shown_and_the_close_stays_committed(app, organiser, monkeypatch):
    event_id = _round_one_played(app, organiser)

    def disk_full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backups.os, "replace", disk_full)  # fails after the file was written in full
    page = organiser.post(f"/events/{event_id}/rounds/1/close", follow_redirects=True)
    text = html.unescape(page_text(page))
    assert page.status_code == 200
    assert "automatic backup could not be written" in text
    assert str(BACKUP_SAVED) not in text
    assert list(_folder(app).iterdir()) == []  # nothing half-written is left behind
    with app.app_context():
        session = db.session()
        rounds = {r.number: r.state for r in session.query(Round).filter_by(event_id=event_id)}
        assert rounds == {1: RoundState.CLOSED, 2: RoundState.PLANNED}
        assert session.get(Event, event_id) is not None
    assert len(seating(app, event_id, 2)) == len(NAMES)


def test_through_the_real_server_the_results_page_names_a_backup_that_is_already_complete(app, organiser, request):
    event_id = _round_one_played(app, organiser)
    server = request.getfixturevalue("live_server")  # CSRF on from here, as in the room
    tab = organiser_client(server.url)
    token = tab.get(f"/events/{event_id}/rounds/1/close").csrf()
    close = tab.post(f"/events/{event_id}/rounds/1/close", {"csrf_token": token})
    assert close.status == 302
    results = tab.get(urlsplit(close.headers["location"]).path)
    assert results.status == 200 and str(BACKUP_SAVED) in html.unescape(results.text)
    files = list(_folder(app).iterdir())
    assert len(files) == 1 and backups.NAME.fullmatch(files[0].name)
    assert [r["state"] for r in json.loads(files[0].read_bytes())["rounds"]] == ["closed", "planned"]
