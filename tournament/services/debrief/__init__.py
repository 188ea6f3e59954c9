"""The debrief's views: what a debrief step can show beside its prompt.

A view is a service module (``build(session, event)`` returning a frozen dataclass, read in a
fixed number of SQL statements), a partial template drawing that result as ``view`` inside one
of three wrappers the frame provides (``<div class="debrief wall">`` on the projector,
``desk`` on the organiser's debrief page, ``paper`` on the printed summary) and a stylesheet.

Rules:
- ``VIEWS`` is the one list of registered views, in the order the organiser's page and the
  printed summary show them. Registering a view is one ``View(...)`` entry there; everything
  else (the step editor's choices, the wall, the previews, the summary, the CSV links, the
  stylesheets every wrapper links) reads the list.
- A view with ``reveals`` set shows what the tables' rules were. It is drawn outside the
  organiser's own pages only once the organiser revealed the rules (``is_shown``), whatever
  asks for it.
- ``available(event)`` says whether a view has anything to show for this event (a view a
  game cannot draw); an unavailable view is left out, and a step naming it shows its prompt.
- Everything reads ``VIEWS`` when called (``registered``), never a copy taken at import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from ...core.i18n import Text
from ...models import Event

CsvTable = tuple[list[str], list[list[str]]]


@dataclass(frozen=True)
class View:
    """One debrief view (see the module's rules)."""

    key: str
    label: Text
    build: Callable[[Session, Event], Any]
    template: str  # "debrief/_<key>.html"
    stylesheet: str | None = None  # "debrief-<key>.css", under static/
    reveals: bool = False
    csv_table: Callable[[Any], CsvTable] | None = None
    controls: str | None = None  # organiser-only partial under the desk preview
    available: Callable[[Event], bool] | None = None
    summary: bool = True  # printed on the one-page summary


# Registered views, in order (set at the end of this file: their modules load after ``View``).
VIEWS: tuple[View, ...] = ()


def registered() -> tuple[View, ...]:
    """Every registered view, in order."""
    return VIEWS


def find(key: str | None) -> View | None:
    """The registered view with this key, or None (no key, an unknown or removed one)."""
    return next((view for view in VIEWS if view.key == key), None) if key else None


def is_available(view: View, event: Event) -> bool:
    return view.available is None or bool(view.available(event))


def usable(key: str | None, event: Event) -> View | None:
    """The view a step names, when it is registered and available for this event; else None
    (the step then shows its prompt only)."""
    view = find(key)
    return view if view is not None and is_available(view, event) else None


def is_shown(view: View, event: Event) -> bool:
    """Whether the view may be drawn outside the organiser's own pages: a view that reveals
    the tables' rules only after the reveal."""
    return not view.reveals or event.debrief_revealed_at is not None


def stylesheets() -> list[str]:
    """The registered views' stylesheets, each once, in order."""
    seen: list[str] = []
    for view in VIEWS:
        if view.stylesheet and view.stylesheet not in seen:
            seen.append(view.stylesheet)
    return seen


from . import journeys, notes, rules, timeline, trick  # noqa: E402  (they need the helpers above)

VIEWS = (
    View("journeys", journeys.LABEL, journeys.build, "debrief/_journeys.html", "debrief-journeys.css",
         csv_table=journeys.csv_table),
    View("timeline", timeline.LABEL, timeline.build, "debrief/_timeline.html", "debrief-timeline.css",
         csv_table=timeline.csv_table),
    View("notes", notes.LABEL, notes.build, "debrief/_notes.html", "debrief-notes.css",
         csv_table=notes.csv_table, controls="debrief/_notes_controls.html"),
    View("rules", rules.LABEL, rules.build, "debrief/_rules.html", "debrief-rules.css", reveals=True,
         csv_table=rules.csv_table),
    View("trick", trick.LABEL, trick.build, "debrief/_trick.html", "debrief-trick.css", reveals=True,
         csv_table=trick.csv_table, controls="debrief/_trick_controls.html", available=trick.available,
         summary=False),  # a moment on the wall; the rules on the summary say the same for good
)
