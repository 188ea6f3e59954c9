"""How long the laptop keeps an event after its last round, kept laptop-wide in `app_settings`,
and the one place that says when each event is erased.

A database without the setting is a new install: 90 days (migration 0016 writes "never" for a
database that already held events, so an upgrade erases nothing).

An event's last activity is its last round's close or start (its creation while it has no
round), its end, or the last "Keep" (`Event.kept_at`), whichever is latest; it is erased
`retention_days` after that. Changing the setting never erases an event sooner than `GRACE`
after the change, so the events list's warning (shown `WARNING` ahead) is always there to be
seen before anything goes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..core.i18n import T
from ..models import AppSetting, Event, Round
from .errors import DomainError
from .unit_of_work import event_change, unit_of_work

KEY = "retention_days"
CHANGED_KEY = "retention_changed_at"  # when the setting last changed (ISO, UTC)
NEVER = "never"
CHOICES = (NEVER, "30", "90", "365")
DEFAULT = "90"
GRACE = timedelta(days=7)
WARNING = timedelta(days=7)


def _value(session: Session, key: str) -> str | None:
    setting = session.get(AppSetting, key)
    return setting.value if setting is not None else None


def _put(session: Session, key: str, value: str) -> None:
    setting = session.get(AppSetting, key)
    if setting is None:
        session.add(AppSetting(key=key, value=value))
    else:
        setting.value = value


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def setting(session: Session) -> str:
    """The stored choice, one of ``CHOICES``."""
    value = _value(session, KEY)
    return value if value in CHOICES else DEFAULT


def retention_days(session: Session) -> int | None:
    """Days an event is kept after its last round; None for "never erase"."""
    value = setting(session)
    return None if value == NEVER else int(value)


def changed_at(session: Session) -> datetime | None:
    """When the organiser last changed the setting; None if never (a new install's default)."""
    value = _value(session, CHANGED_KEY)
    try:
        return _utc(datetime.fromisoformat(value)) if value else None
    except ValueError:
        return None


def set_retention(session: Session, value: str, now: datetime) -> bool:
    """Store a choice of ``CHOICES``; the change's time starts the grace. False: nothing changed."""
    if value not in CHOICES:
        raise DomainError(T("Choose how long events are kept from the list."), field="retention_days")
    with unit_of_work(session):
        if setting(session) == value and _value(session, KEY) is not None:
            return False
        _put(session, KEY, value)
        _put(session, CHANGED_KEY, _utc(now).isoformat())
    return True


def grace_until(session: Session) -> datetime | None:
    """Nothing is erased before this moment (a week after the setting changed)."""
    changed = changed_at(session)
    return None if changed is None else changed + GRACE


def erase_after(moment: datetime, days: int, grace: datetime | None) -> datetime:
    """When something dated ``moment`` (an event's last activity, a backup's writing) goes."""
    due = _utc(moment) + timedelta(days=days)
    return due if grace is None else max(due, grace)


@dataclass(frozen=True)
class Due:
    event_id: int
    last_activity: datetime
    erase_on: datetime


def last_activities(session: Session, event_ids: list[int] | None = None) -> dict[int, datetime]:
    """Each event's last activity (see the module), in one statement."""
    latest = (select(Round.event_id, func.max(Round.started_at).label("started"),
                     func.max(Round.closed_at).label("closed")).group_by(Round.event_id).subquery())
    query = (select(Event.id, Event.created_at, Event.ended_at, Event.kept_at, latest.c.started, latest.c.closed)
             .outerjoin(latest, latest.c.event_id == Event.id))
    if event_ids is not None:
        query = query.where(Event.id.in_(event_ids))
    found = {}
    for event_id, created, ended, kept, started, closed in session.execute(query):
        played = [m for m in (started, closed, ended) if m is not None]
        moments = [m for m in (*(played or [created]), kept) if m is not None]
        found[event_id] = max(_utc(_as_datetime(m)) for m in moments)
    return found


def _as_datetime(value: datetime | str) -> datetime:
    # SQLite hands an aggregate of a date column back as its stored text.
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def due_dates(session: Session, event_ids: list[int] | None = None) -> dict[int, Due]:
    """When each event will be erased; empty when the laptop keeps events for ever."""
    days = retention_days(session)
    if days is None:
        return {}
    grace = grace_until(session)
    return {event_id: Due(event_id, last, erase_after(last, days, grace))
            for event_id, last in last_activities(session, event_ids).items()}


def warnings(session: Session, now: datetime) -> dict[int, Due]:
    """The events the next week's runs will erase: the events list warns on each."""
    return {event_id: due for event_id, due in due_dates(session).items() if due.erase_on <= _utc(now) + WARNING}


def keep(session: Session, event_id: int, now: datetime) -> None:
    """"Keep": the event's last activity becomes now, so it stays another full period."""
    with event_change(session, event_id) as change:
        change.event.kept_at = now
        change.audit("event kept from erasure")
