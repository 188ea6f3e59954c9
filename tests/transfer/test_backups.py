"""Automatic backups after each round close: rotation, listing, restoring as a new event, and
file names that cannot reach anything but this event's backups."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import setup_event
from tests.transfer.conftest import row_counts
from tournament import db
from tournament.blueprints.service_config import backup_store
from tournament.models import Event, Round, RoundState
from tournament.services import backups


def _folder(app) -> Path:
    return Path(app.instance_path) / "backups"


def _files(app) -> list[str]:
    return sorted(p.name for p in _folder(app).iterdir()) if _folder(app).is_dir() else []


def test_a_backup_in_the_event_file_format_is_written_after_every_round_close(app, organiser, played):
    files = _files(app)
    assert [f.rsplit("-round-", 1)[1] for f in files] == ["1.json", "2.json"]
    latest = json.loads((_folder(app) / files[-1]).read_text(encoding="utf-8"))
    assert latest["format"] == "five-tricks-event"
    assert [r["state"] for r in latest["rounds"]] == ["closed", "closed", "planned"]


def test_rotation_keeps_the_newest_twenty_per_event(app, organiser, played):
    other = setup_event(app, ["Ana", "Ben", "Cleo"], tables=1, name="Other class")
    store = backup_store(app)
    with app.app_context():
        event = db.session().get(Event, played)
        written = [store.write(db.session(), event).name for _ in range(25)]
        store.write(db.session(), db.session().get(Event, other))
        kept = [b.name for b in store.list_backups(event)]
    assert len(kept) == backups.KEEP
    assert kept == sorted(written, reverse=True)[: backups.KEEP]
    assert len(_files(app)) == backups.KEEP + 1  # the other event's backup is not rotated away


def test_a_failed_backup_does_not_undo_the_round_close(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"], tables=2)
    _folder(app).parent.mkdir(parents=True, exist_ok=True)
    _folder(app).write_text("not a folder")  # makes every backup write fail
    organiser.post(f"/events/{event_id}/rounds/start")
    response = organiser.post(f"/events/{event_id}/rounds/1/close", follow_redirects=True)
    assert response.status_code == 200
    assert "automatic backup could not be written" in response.get_data(as_text=True)
    with app.app_context():
        round_one = db.session().query(Round).filter_by(event_id=event_id, number=1).one()
        assert round_one.state is RoundState.CLOSED


def test_the_backups_page_lists_this_events_backups(app, organiser, played):
    page = organiser.get(f"/events/{played}/backups").get_data(as_text=True)
    assert all(name in page for name in _files(app))
    assert "Restore as new event" in page


def test_restoring_a_backup_creates_a_new_event_and_leaves_the_original(app, organiser, played):
    name = _files(app)[0]  # after round 1
    before = organiser.get(f"/events/{played}/export.json").get_json()
    response = organiser.post(f"/events/{played}/backups/{name}/restore")
    assert response.status_code == 302
    new_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert new_id != played
    restored = organiser.get(f"/events/{new_id}/export.json").get_json()
    assert restored["event"]["name"] == "Class 9B (restored)"
    assert [r["state"] for r in restored["rounds"]] == ["closed", "planned"]
    after = organiser.get(f"/events/{played}/export.json").get_json()
    assert {k: v for k, v in after.items() if k != "exported_at"} == \
        {k: v for k, v in before.items() if k != "exported_at"}


@pytest.mark.parametrize("name", [
    "../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "..", "secret_key", "tournament.sqlite3",
    ".partial-abc.json", "event-1-x.json", "event-1-20240101000000-20240101-000000-000000-round-1.json",
    "event-1-20240101000000-20240101-000000-000000-round-1.json%00.txt",
])
def test_a_name_that_is_not_one_of_this_events_backups_is_refused(app, organiser, played, name):
    (Path(app.instance_path) / "secret_key").write_text("s3cret")
    before = row_counts(app)
    response = organiser.post(f"/events/{played}/backups/{name}/restore")
    assert response.status_code in (400, 404, 405)
    assert row_counts(app) == before


def test_another_events_backup_cannot_be_restored_through_this_event(app, organiser, played):
    other = setup_event(app, ["Ana", "Ben", "Cleo"], tables=1, name="Other class")
    name = _files(app)[0]
    before = row_counts(app)
    assert organiser.post(f"/events/{other}/backups/{name}/restore").status_code == 404
    assert row_counts(app) == before


def test_a_backup_removed_meanwhile_is_a_404(app, organiser, played):
    name = _files(app)[0]
    (_folder(app) / name).unlink()
    assert organiser.post(f"/events/{played}/backups/{name}/restore").status_code == 404


def test_restore_is_post_only(app, organiser, played):
    assert organiser.get(f"/events/{played}/backups/{_files(app)[0]}/restore").status_code == 405
