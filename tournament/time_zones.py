"""The event's time zone: an IANA name ("Europe/Berlin") checked against the zone data.

Moments are stored in UTC; an event's zone only changes how they are shown (see
blueprints.moments). A zone is accepted only if it is one of the zone data's names (any
letter case, stored in its proper spelling), so nothing typed reaches the file system or the
database unchecked.
"""

from __future__ import annotations

import logging
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from .core.errors import RuleError

log = logging.getLogger(__name__)

DEFAULT = "UTC"
MAX_LENGTH = 64  # the column's width; the longest IANA name has 32 characters
# Names in the zone folder that are not zones a person would choose.
_NOT_ZONES = {"localtime", "posixrules", "Factory"}
# Linux calls UTC "Etc/UTC"; the settings show it under its plain name.
_UTC_ALIASES = {"Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "UCT", "Universal", "Zulu"}
# The areas a teacher picks a city from; the rest are legacy aliases (US/Pacific, EST5EDT, Etc/GMT+3).
_AREAS = ("Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/",
          "Pacific/")


@cache
def _known() -> dict[str, str]:
    """Every zone name the zone data knows, by its lower-case spelling."""
    return {name.lower(): name for name in available_timezones() - _NOT_ZONES} | {"utc": DEFAULT}


@cache
def common_zones() -> tuple[str, ...]:
    """The zones offered in the settings' list: UTC and every city zone, in alphabetical order."""
    return (DEFAULT, *sorted(name for name in _known().values() if name.startswith(_AREAS)))


def check_zone(raw: str | None) -> str:
    """The zone's proper name, or a RuleError a teacher can act on. Never echoes a long or
    unprintable value back (it may be anything a hostile form sent)."""
    name = (raw or "").strip()
    if not name:
        raise RuleError("Choose the event's time zone, for example Europe/Berlin or UTC")
    known = _known().get(name.lower()) if len(name) <= MAX_LENGTH else None
    if known is None:
        shown = f"“{name}” is" if len(name) <= MAX_LENGTH and name.isprintable() else "That is"
        raise RuleError(f"{shown} not a time zone this app knows. Choose one from the list, written "
                        "as region/city like Europe/Berlin or America/New_York, or UTC")
    return known


def zone(name: str | None) -> ZoneInfo:
    """The zone of a stored name; a name the zone data no longer has (an upgrade removed it)
    shows times in UTC rather than failing the page."""
    try:
        return ZoneInfo(check_zone(name))
    except RuleError:
        return ZoneInfo(DEFAULT)


def _system_zone_name() -> str | None:
    """What the operating system says its zone is (Windows registry, macOS and Linux settings, TZ)."""
    import tzlocal

    return tzlocal.get_localzone_name()


def local_zone() -> str:
    """The laptop's own zone as the server sees it: the default for a new event and the zone of
    pages that belong to no event (the login page). UTC when the system's answer is missing
    or not a zone name."""
    try:
        name = check_zone(_system_zone_name())
        return DEFAULT if name in _UTC_ALIASES else name
    except Exception as error:  # any failure to find it only means "use UTC"
        log.info("the system's time zone is unknown (%s); using UTC", error)
        return DEFAULT
