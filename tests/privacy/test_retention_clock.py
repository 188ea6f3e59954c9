"""The retention, with the clock moved: events past "Erase events … days after their last round"
go with their backups and the others stay; "never" erases nothing; a changed setting gives a
week's grace; the events list warns a week ahead and "Keep" extends; the server's start-up and
daily runs happen (their step called directly, no waiting)."""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db, retention_clock
from tournament.blueprints.organiser import retention as retention_view
from tournament.blueprints.service_config import backup_store
from tournament.models import AuditEntry, Event
from tournament.services import erasure, events, retention, rounds

NOW = datetime.now(UTC)
DAY = timedelta(days=1)


def _played(app, at: datetime, name: str) -> int:
    """An event whose round 1 started and closed at ``at``, with the close's backup on disk."""
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1, name=name)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        rounds.start_round(session, event, now=at)
        rounds.close(session, event, 1, backup_store(app), now=at)
    return event_id


def _run(app, at: datetime, *, force: bool = True):
    with app.app_context():
        return erasure.erase_expired(db.session(), backup_store(app), at, force=force)


def _events(app) -> list[int]:
    with app.app_context():
        return sorted(db.session().scalars(select(Event.id)))


def _backups(app, event_id: int) -> int:
    with app.app_context():
        event = db.session().get(Event, event_id)
        return len(backup_store(app).list_backups(event)) if event else len(
            [p for p in backup_store(app).folder.iterdir() if p.name.startswith(f"event-{event_id}-")])


def _set(app, value: str, at: datetime) -> None:
    with app.app_context():
        retention.set_retention(db.session(), value, at)


@pytest.fixture
def old_and_young(app):
    """Both played now (their backups are written now); the young one plays again in 60 days."""
    old = _played(app, NOW, "Old class")
    young = _played(app, NOW, "Young class")
    with app.app_context():
        session = db.session()
        event = session.get(Event, young)
        rounds.start_round(session, event, now=NOW + 60 * DAY)
    return old, young


def test_an_event_past_the_retention_goes_with_its_backups_and_a_younger_one_stays(app, old_and_young):
    old, young = old_and_young
    run = _run(app, NOW + 91 * DAY)
    assert [e.event_id for e in run.events] == [old]
    assert _events(app) == [young]
    assert _backups(app, old) == 0
    # Backups past the retention go too, also those of an event that stays.
    assert _backups(app, young) == 0


def test_nothing_is_erased_before_the_retention_is_over(app, old_and_young):
    old, young = old_and_young
    run = _run(app, NOW + 89 * DAY)
    assert run.events == [] and run.backups == 0
    assert _events(app) == sorted([old, young])
    assert _backups(app, old) == 1 and _backups(app, young) == 1


def test_never_erases_nothing(app, old_and_young):
    _set(app, retention.NEVER, NOW)
    run = _run(app, NOW + 3000 * DAY)
    assert run.events == [] and run.backups == 0
    assert _events(app) == sorted(old_and_young)


def test_a_shorter_setting_erases_nothing_for_a_week_after_the_change(app, old_and_young):
    old, _young = old_and_young
    _set(app, retention.NEVER, NOW)
    _set(app, "30", NOW + 40 * DAY)  # the old event's 30 days are long over
    assert _run(app, NOW + 46 * DAY).events == []
    with app.app_context():
        due = retention.warnings(db.session(), NOW + 46 * DAY)
    assert sorted(due) == [old] and due[old].erase_on == NOW + 47 * DAY
    assert [e.event_id for e in _run(app, NOW + 47 * DAY).events] == [old]


def test_keep_makes_the_last_activity_now(app, old_and_young):
    old, _young = old_and_young
    with app.app_context():
        retention.keep(db.session(), old, NOW + 85 * DAY)
    assert _run(app, NOW + 91 * DAY).events == []
    assert old in {e.event_id for e in _run(app, NOW + 176 * DAY).events}  # a full period after Keep


@pytest.fixture
def clock(monkeypatch):
    """Moves the events list's clock (and Keep's) to a chosen moment."""
    def move(at: datetime) -> None:
        monkeypatch.setattr(retention_view, "utcnow", lambda: at)
    return move


def test_the_events_list_warns_a_week_ahead_and_keep_extends(app, organiser, old_and_young, clock):
    old, _young = old_and_young
    clock(NOW + 82 * DAY)
    assert "unless you keep it" not in organiser.get("/").get_data(as_text=True)
    clock(NOW + 84 * DAY)
    page = organiser.get("/").get_data(as_text=True)
    assert page.count("unless you keep it") == 1
    assert f'action="/events/{old}/keep"' in page
    assert organiser.post(f"/events/{old}/keep").status_code == 302
    assert "unless you keep it" not in organiser.get("/").get_data(as_text=True)
    with app.app_context():
        assert retention._utc(db.session().get(Event, old).kept_at) == NOW + 84 * DAY
        logged = db.session().scalars(select(AuditEntry.action).where(AuditEntry.event_id == old)).all()
    assert logged[-1] == "event kept from erasure"
    assert _run(app, NOW + 91 * DAY).events == []


def test_the_setting_is_chosen_on_the_events_list_and_a_bad_value_is_refused_beside_it(app, organiser):
    refused = organiser.post("/retention", data={"retention_days": "7"})
    assert refused.status_code == 400
    assert "Choose how long events are kept from the list." in refused.get_data(as_text=True)
    assert organiser.post("/retention", data={"retention_days": "365"}).status_code == 302
    with app.app_context():
        assert retention.retention_days(db.session()) == 365
    assert "nothing is erased before" in organiser.get("/").get_data(as_text=True)


def test_the_daily_run_runs_once_a_day_and_the_start_up_run_always(app, old_and_young):
    old, _young = old_and_young
    morning = (NOW + 10 * DAY).replace(hour=1)
    assert retention_clock.step(app, morning) is not None
    assert retention_clock.step(app, morning + timedelta(hours=5)) is None  # the same day
    erased = retention_clock.step(app, NOW + 91 * DAY)
    assert erased is not None and [e.event_id for e in erased.events] == [old]


def test_the_server_runs_it_at_start_up(app, old_and_young, monkeypatch):
    _old, young = old_and_young
    monkeypatch.setattr(retention_clock, "utcnow", lambda: NOW + 91 * DAY)
    stop = threading.Event()
    stop.set()  # the daily loop ends at once: only the start-up run happens
    retention_clock.start(app, stop).join()
    assert _events(app) == [young]


def test_the_log_names_the_erased_event_by_number_and_date_only(app, old_and_young, caplog):
    old, _young = old_and_young
    with caplog.at_level(logging.INFO, logger=erasure.__name__):
        _run(app, NOW + 91 * DAY)
    assert f"Retention: erased event {old} (last round {NOW.date().isoformat()})" in caplog.text
    assert not any(word in caplog.text for word in ("Ana", "Ben", "Old class"))


def test_the_command_line_runs_it_by_hand(app, runner, old_and_young):
    result = runner.invoke(args=["erase-expired"])
    assert result.exit_code == 0 and "Events erased: 0." in result.output


def test_an_event_played_long_ago_counts_from_its_last_round_not_from_when_it_was_stored(app):
    """An imported class (stored today) whose rounds were played 100 days ago is past 90 days."""
    long_ago = _played(app, NOW - 100 * DAY, "Imported class")
    assert [e.event_id for e in _run(app, NOW).events] == [long_ago]


def test_an_event_without_a_round_counts_from_its_creation(app):
    unplayed = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    assert _run(app, NOW + 89 * DAY).events == []
    assert [e.event_id for e in _run(app, NOW + 91 * DAY).events] == [unplayed]


def test_the_run_sweeps_backups_no_event_owns_and_half_written_files(app, old_and_young):
    """Deleted before this version kept its word, or left by a crash between commit and file."""
    old, young = old_and_young
    with app.app_context():
        session = db.session()
        events.delete_event(session, session.get(Event, old))  # the rows only, as deleting once did
    folder = backup_store(app).folder
    partial = folder / ".partial-abc.json"
    partial.write_text("{}")
    assert _backups(app, old) == 1
    _run(app, NOW + 2 * DAY)
    assert _backups(app, old) == 0 and _backups(app, young) == 1
    assert not partial.exists()  # written now: more than a day before the run


def test_an_imported_event_with_old_rounds_is_kept_a_full_period_from_its_arrival(app):
    from tournament.services import transfer

    original = _played(app, NOW - 200 * DAY, "Last year's class")
    with app.app_context():
        session = db.session()
        arrived = transfer.import_event(session, transfer.export_event(session, session.get(Event, original))).id
    run = _run(app, NOW + DAY)
    assert [e.event_id for e in run.events] == [original]
    assert _events(app) == [arrived]
