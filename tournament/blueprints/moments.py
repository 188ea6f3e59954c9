"""The one way a page shows a moment: in the event's time zone, in the page's language.

Moments are stored in UTC; every page that shows one goes through `local_time` (the Jinja
filter of the same name), so a zone or language change is one change here. Files and
spreadsheets keep ISO 8601 UTC (services.transfer.iso), which machines read.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from babel.dates import format_datetime

from .. import time_zones
from ..i18n.locale import current_language

# Named patterns (Unicode date patterns: Babel translates the month names for the locale).
FORMATS = {
    "date": "d MMM y",            # the list of events
    "short": "d MMM HH:mm:ss",    # the audit log: this week's lines, to the second
    "long": "d MMM y HH:mm:ss",   # backups, kept across weeks
    "clock": "HH:mm:ss",          # a moment later today ("try again at …")
    "minute": "HH:mm",            # the debrief's timeline: what happened during one lesson
}


def zone_name(where: Any = None) -> str:
    """The zone a page shows times in: the event's (an object with `time_zone`), a zone name,
    or the laptop's own zone for pages that belong to no event."""
    if where is None:
        return time_zones.local_zone()
    if isinstance(where, str):
        return where
    return where.time_zone


def local_time(moment: datetime | None, where: Any = None, format: str = "short") -> str:
    """`moment` as the people in the room read it on their clocks. A naive moment is UTC (SQLite
    hands back naive datetimes for columns stored as UTC). None shows as an empty string."""
    if moment is None:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return format_datetime(moment, FORMATS[format], tzinfo=time_zones.zone(zone_name(where)), locale=current_language())


def machine_time(moment: datetime | None) -> str:
    """`moment` for a `<time datetime>`: UTC to the second, since HTML allows at most three
    digits of a second and nobody reads the rest. None shows as an empty string."""
    if moment is None:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def init_app(app) -> None:
    app.add_template_filter(local_time, "local_time")
    app.add_template_filter(machine_time, "machine_time")
