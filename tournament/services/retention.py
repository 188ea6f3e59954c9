"""How long the laptop keeps an event after its last round, kept laptop-wide in `app_settings`.

A database without the setting is a new install: 90 days (migration 0016 writes "never" for a
database that already held events, so an upgrade erases nothing)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from ..models import AppSetting

KEY = "retention_days"
NEVER = "never"
CHOICES = (NEVER, "30", "90", "365")
DEFAULT = "90"


def retention_days(session: Session) -> int | None:
    """Days an event is kept after its last round; None for "never erase"."""
    setting = session.get(AppSetting, KEY)
    value = setting.value if setting is not None and setting.value in CHOICES else DEFAULT
    return None if value == NEVER else int(value)
