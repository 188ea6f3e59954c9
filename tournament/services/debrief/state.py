"""The debrief's state: whether the rules are revealed and which step the wall shows.

Rules:
- Every change is the organiser's, one unit of work (services.unit_of_work): decided on the
  state read under the event's lock, written to the log, and committed. Each is idempotent: revealing a
  revealed event, showing the step already shown or stopping a stopped debrief changes nothing
  and logs nothing, so a button pressed twice (or a clicker's key held) acts once.
- Next and previous are stated from the step the caller saw (``seen``), not from the state:
  two presses of "next" sent from step 3 both show step 4, never step 5.
- Showing a step whose view reveals the tables' rules reveals them first: the organiser chose
  to show that step, and the wall may draw it only once revealed (``services.debrief.is_shown``).
- Hiding the rules again (an undo) leaves the step; the wall then draws that step's prompt only.
- The wall shows the state kept here, so every screen showing the event's projector shows the
  same step, whoever pressed the key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from ...core.i18n import T, Text
from ...core.limits import MAX_DEBRIEF_STEPS
from ...models import Event
from .. import audit
from ..errors import DomainError
from ..unit_of_work import event_change
from .steps import is_default, step_view, steps_for


def _now() -> datetime:
    return datetime.now(UTC)


def _reveal(session: Session, event: Event, why: str = "") -> bool:
    if event.debrief_revealed_at is not None:
        return False
    event.debrief_revealed_at = _now()
    audit.log(session, event.id, audit.ORGANISER, "rules revealed", why)
    return True


def reveal(session: Session, event: Event) -> bool:
    """Reveal every table's rules; True when this call revealed them."""
    with event_change(session, event.id):
        changed = _reveal(session, event)
        return changed


def hide(session: Session, event: Event) -> bool:
    """Hide the rules again (undo a reveal); True when this call hid them."""
    with event_change(session, event.id):
        changed = event.debrief_revealed_at is not None
        if changed:
            event.debrief_revealed_at = None
            audit.log(session, event.id, audit.ORGANISER, "rules hidden again")
        return changed


def show_step(session: Session, event: Event, index: int) -> int:
    """Put step ``index`` (from 0) on the wall, revealing the rules first when its view shows
    them. Out of range: refused. Returns the index shown."""
    with event_change(session, event.id):
        steps = steps_for(event)
        if not 0 <= index < len(steps):
            raise DomainError(T("There is no step {number}: the debrief has steps 1 to {count}.",
                                number=index + 1, count=len(steps)), field="step")
        view = step_view(steps[index], event)
        if view is not None and view.reveals:
            _reveal(session, event, f"step {index + 1}")
        if event.debrief_step != index:
            audit.log(session, event.id, audit.ORGANISER, "debrief step shown", f"step {index + 1}",
                      old=None if event.debrief_step is None else str(event.debrief_step + 1), new=str(index + 1))
            event.debrief_step = index
        return index


def move(session: Session, event: Event, seen: int | None, by: int) -> int:
    """Next (``by`` 1) or previous (-1) from the step the caller saw (None: the debrief has not
    started: next and previous both show the first step). The ends stay where they are."""
    count = len(steps_for(event))
    target = 0 if seen is None else min(max(seen + by, 0), count - 1)
    return show_step(session, event, target)


def stop(session: Session, event: Event) -> bool:
    """The wall follows the tournament again; True when this call stopped the debrief."""
    with event_change(session, event.id):
        step = event.debrief_step
        if step is None:
            return False
        audit.log(session, event.id, audit.ORGANISER, "debrief stopped", old=str(step + 1))
        event.debrief_step = None
        return True


def set_steps(session: Session, event: Event, steps: Sequence[dict[str, str]] | None,
              language: Callable[[Text], str] | None = None) -> None:
    """The event's own steps (the JSON form, already cleaned by the form), or None for the
    default sequence. Steps equal to the defaults as ``language`` words them are stored as
    None, so they keep following the event's language. A wall showing a step past the new
    end shows the last one."""
    if steps is not None and not steps:
        raise DomainError(T("A debrief needs at least one step."))
    if steps is not None and len(steps) > MAX_DEBRIEF_STEPS:
        raise DomainError(T("A debrief has at most {most} steps.", most=MAX_DEBRIEF_STEPS))
    defaults = steps is None or (language is not None and is_default(steps, language))
    stored = None if steps is None or defaults else [dict(step) for step in steps]
    with event_change(session, event.id):
        if stored != event.debrief_steps:
            audit.log(session, event.id, audit.ORGANISER, "debrief steps changed",
                      new=str(len(stored)) if stored is not None else "default")
            event.debrief_steps = stored
            if event.debrief_step is not None:
                event.debrief_step = min(event.debrief_step, len(steps_for(event)) - 1)
