"""The mark an imported event's name gets when another event already has that name."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from babel.dates import format_skeleton

from ... import time_zones
from ...core.i18n import T
from ...i18n import translate

# Day and short month in each language's own order and punctuation ("27. Nov.", "27 de nov.");
# no year: the import is today's. English as the app's lists write it, day first.
DAY = "dMMM"


def imported_mark(settings: dict[str, Any], attempt: int) -> str:
    """" (imported 27 Nov)", then " (imported 27 Nov, 2)" …, in the event's own language and
    its zone's today: the name is the event's, read on its projector and sheets."""
    language = settings["language"]
    today = datetime.now(time_zones.zone(settings["time_zone"])).date()
    day = format_skeleton(DAY, today, locale="en_GB" if language == "en" else language)
    if attempt == 1:
        text = T("(imported {date})", date=day)
    else:
        text = T("(imported {date}, {number})", date=day, number=attempt)
    return " " + translate(text, locale=language)
