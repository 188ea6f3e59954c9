"""The phase timer's arithmetic, with explicit times (no clock, no app)."""

from datetime import UTC, datetime, timedelta

import pytest

from tournament.models import Event
from tournament.services import timer
from tournament.services.errors import DomainError

T0 = datetime(2026, 3, 2, 9, 0, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture
def event():
    return Event(name="x", round_minutes=7, study_minutes=5, practice_minutes=3,
                 timer_phase=None, timer_seconds=0, timer_started_at=None, timer_paused_left=None)


def test_starting_a_phase_counts_down_its_configured_minutes(event):
    timer.start(event, "round", T0)
    assert timer.view(event, at(0)).left == 420
    assert timer.view(event, at(60)).left == 360
    assert timer.view(event, at(60)).ends_at == at(420)


@pytest.mark.parametrize("phase, seconds", [("study", 300), ("practice", 180), ("round", 420)])
def test_each_phase_uses_its_own_duration(event, phase, seconds):
    timer.start(event, phase, T0)
    assert timer.view(event, T0).total == seconds


def test_remaining_time_never_goes_below_zero(event):
    timer.start(event, "practice", T0)
    view = timer.view(event, at(10_000))
    assert view.left == 0 and view.expired


def test_pause_freezes_the_remaining_time_and_resume_continues_from_it(event):
    timer.start(event, "round", T0)
    timer.pause(event, at(100))
    assert timer.view(event, at(500)).left == 320
    assert not timer.view(event, at(500)).running
    timer.resume(event, at(500))
    assert timer.view(event, at(500)).left == pytest.approx(320)
    assert timer.view(event, at(520)).left == pytest.approx(300)


def test_pausing_twice_keeps_the_first_pause(event):
    timer.start(event, "round", T0)
    timer.pause(event, at(100))
    timer.pause(event, at(200))
    assert timer.view(event, at(300)).left == 320


def test_adding_a_minute_extends_a_running_timer(event):
    timer.start(event, "round", T0)
    timer.add_time(event, at(400))
    assert timer.view(event, at(400)).left == pytest.approx(80)
    assert timer.view(event, at(400)).total == 480


def test_adding_a_minute_to_an_expired_timer_restarts_it_with_one_minute(event):
    timer.start(event, "practice", T0)
    timer.add_time(event, at(1000))
    assert timer.view(event, at(1000)).left == pytest.approx(60)
    assert timer.view(event, at(1030)).left == pytest.approx(30)


def test_adding_a_minute_while_paused_stays_paused(event):
    timer.start(event, "round", T0)
    timer.pause(event, at(400))
    timer.add_time(event, at(450))
    view = timer.view(event, at(900))
    assert not view.running and view.left == pytest.approx(80)


def test_stored_naive_times_are_read_as_utc(event):
    """SQLite returns timezone-aware columns without their zone."""
    timer.start(event, "round", T0)
    event.timer_started_at = T0.replace(tzinfo=None)
    assert timer.view(event, at(20)).left == 400


def test_stop_clears_the_timer(event):
    timer.start(event, "round", T0)
    timer.stop(event)
    assert timer.view(event, at(1)) is None


def test_pause_without_a_timer_is_refused_with_a_message(event):
    with pytest.raises(DomainError, match="No timer"):
        timer.pause(event, T0)


def test_unknown_phase_is_refused(event):
    with pytest.raises(DomainError, match="Unknown timer phase"):
        timer.start(event, "lunch", T0)
