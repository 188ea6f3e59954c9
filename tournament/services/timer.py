"""The phase timer (study, practice, round), kept by the server on the Event row.

Invariants:
- Running: the countdown ends at ``timer_started_at + timer_seconds``; ``timer_paused_left`` is None.
- Paused: ``timer_paused_left`` seconds remain; the end time is meaningless until resumed.
- No timer: ``timer_phase`` is None.
- Every function takes ``now`` explicitly, so the arithmetic is testable with fixed times and
  every screen derives the same countdown from the same stored end time.
- Functions here change the Event but never commit: the calling request commits once, so a
  round start and its countdown are saved together or not at all.
- Each change first takes the event's lock and reads the timer again: two "+1 minute" clicks at
  the same moment add two minutes, and a pause never undoes a resume it did not see.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session

from ..core.i18n import T, Text, Tp
from ..core.limits import MAX_ROUND_MINUTES
from ..models import Event
from .errors import DomainError
from .unit_of_work import event_change

PHASES = ("study", "practice", "round")
# What the projector and the room page call each phase.
PHASE_LABELS: dict[str, Text] = {"study": Tp("timer", "Study the rules"),
                                 "practice": Tp("timer", "Practice at your home table"), "round": Tp("timer", "Round")}
EXTRA_SECONDS = 60
MAX_MINUTES = MAX_ROUND_MINUTES


@dataclass(frozen=True)
class TimerView:
    phase: str
    total: int
    left: float
    running: bool
    ends_at: datetime | None  # only while running

    @property
    def expired(self) -> bool:
        return self.left <= 0


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes even for timezone-aware columns; they were stored as UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def phase_seconds(event: Event, phase: str) -> int:
    minutes = {"study": event.study_minutes, "practice": event.practice_minutes, "round": event.round_minutes}
    return int(minutes[phase]) * 60


def view(event: Event, now: datetime) -> TimerView | None:
    """What every screen shows: remaining seconds never go below zero."""
    if event.timer_phase is None:
        return None
    if event.timer_paused_left is not None:
        return TimerView(event.timer_phase, event.timer_seconds, max(0.0, event.timer_paused_left), False, None)
    if event.timer_started_at is None:
        return None
    ends_at = _aware(event.timer_started_at) + timedelta(seconds=event.timer_seconds)
    left = max(0.0, (ends_at - now).total_seconds())
    return TimerView(event.timer_phase, event.timer_seconds, left, True, ends_at)


def _run_for(event: Event, left: float, now: datetime) -> None:
    """Run with `left` seconds to go, keeping `timer_seconds` as the phase's full length."""
    event.timer_seconds = max(event.timer_seconds, math.ceil(left))
    event.timer_started_at = now - timedelta(seconds=event.timer_seconds - left)
    event.timer_paused_left = None


def start(event: Event, phase: str, now: datetime, seconds: int | None = None) -> None:
    if phase not in PHASES:
        raise DomainError(T("Unknown timer phase {phase}: choose study, practice or round.", phase=repr(phase)))
    event.timer_phase = phase
    event.timer_seconds = phase_seconds(event, phase) if seconds is None else seconds
    event.timer_started_at = now
    event.timer_paused_left = None


def pause(event: Event, now: datetime) -> None:
    current = _require(event, now)
    if current.running:
        event.timer_paused_left = current.left


def resume(event: Event, now: datetime) -> None:
    current = _require(event, now)
    if not current.running:
        _run_for(event, current.left, now)


def add_time(event: Event, now: datetime, seconds: int = EXTRA_SECONDS) -> None:
    """Adds to what is left; a timer that already reached zero restarts with the extra time."""
    current = _require(event, now)
    event.timer_seconds = current.total + seconds
    if current.running:
        _run_for(event, current.left + seconds, now)
    else:
        event.timer_paused_left = current.left + seconds


def stop(event: Event) -> None:
    event.timer_phase = None
    event.timer_started_at = None
    event.timer_paused_left = None
    event.timer_seconds = 0


def _require(event: Event, now: datetime) -> TimerView:
    current = view(event, now)
    if current is None:
        raise DomainError(T("No timer is set. Start the study, practice or round timer first."))
    return current


def set_durations(session: Session, event: Event, study: int, practice: int, round_: int) -> None:
    # One whole sentence per phase: "Study time" and "Round time" are different nouns in other languages.
    for message, minutes in ((T("Study time must be between 1 and {most} minutes."), study),
                             (T("Practice time must be between 1 and {most} minutes."), practice),
                             (T("Round time must be between 1 and {most} minutes."), round_)):
        if not 1 <= minutes <= MAX_MINUTES:
            raise DomainError(Text(message.msgid, {"most": MAX_MINUTES}))
    with event_change(session, event.id):
        event.study_minutes, event.practice_minutes, event.round_minutes = study, practice, round_


# What the Room page's timer buttons do to the event's countdown.
ACTIONS: dict[str, Callable[[Event, datetime], None]] = {
    "study": lambda event, now: start(event, "study", now),
    "practice": lambda event, now: start(event, "practice", now),
    "round": lambda event, now: start(event, "round", now),
    "pause": pause,
    "resume": resume,
    "add-minute": add_time,
    "stop": lambda event, _now: stop(event),
}


def act(session: Session, event_id: int, action: str, now: datetime) -> None:
    """One of ``ACTIONS`` on the event's countdown, decided on the timer as committed last."""
    with event_change(session, event_id) as change:
        ACTIONS[action](change.event, now)


def now_utc() -> datetime:
    return datetime.now(UTC)
