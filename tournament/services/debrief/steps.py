"""The debrief's steps: what the wall shows one after another once the tournament is over.

Rules:
- The default sequence follows debrief practice for Barnga: feelings first, then what happened
  (the journeys, the timeline, the tables' notes), then the reveal (every table's rules, one
  trick under each), then what it means, where it happens in real life, and what next.
- An event's own steps are stored in ``Event.debrief_steps`` as ``{"title", "prompt", "view"}``
  (plain text as the organiser typed it, in the event's language). None means the default
  sequence, which is never stored: it is kept as messages, so it reads in the event's language
  whatever that is set to later.
- A step's view key names a registered view (``services.debrief``) or nothing (""). A key that
  is not registered, or a view not available for the event, leaves the step with its prompt.
- Steps are numbered from 1 on the pages; ``Event.debrief_step`` holds the index (from 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.i18n import T, Text
from ...core.limits import MAX_DEBRIEF_STEPS, MAX_STEP_PROMPT, MAX_STEP_TITLE
from ...models import Event
from . import View, usable


@dataclass(frozen=True)
class Step:
    title: Text | str
    prompt: Text | str
    view: str = ""  # a view's key, or "" for none

    def stored(self, language: Any = None) -> dict[str, str]:
        """The JSON form; messages in ``language`` (a function ``Text -> str``), English if none."""
        words = language or str
        return {"title": words(self.title), "prompt": words(self.prompt), "view": self.view}


DEFAULT_STEPS: tuple[Step, ...] = (
    Step(T("How did it feel?"),
         T("Think of one word for how you felt during the tournament. When did that feeling change, and why?")),
    Step(T("What happened?"),
         T("Where did you play, and who travelled with you? What happened when you arrived at a new table?"),
         "journeys"),
    Step(T("What happened, in order"),
         T("Which moments stand out? When did you first sense that something was not as you expected?"),
         "timeline"),
    Step(T("What the tables noticed"),
         T("What did your table write down during the rounds? Where did you disagree, and how did you settle it "
           "without words?"),
         "notes"),
    Step(T("Every table's rules"),
         T("Every table played by slightly different rules. Who suspected it, and when? What did you think of "
           "a player who seemed to play “wrong”?"),
         "rules"),
    Step(T("One trick, different winners"),
         T("The same cards take a different winner at each table. Who was right?"),
         "trick"),
    Step(T("What does it mean?"),
         T("What did you do when the rules you knew stopped working? What helped you, and what made it harder?")),
    Step(T("Where does this happen in real life?"),
         T("Where have you met people who follow rules you could not see: a new school, a new country, a new "
           "team, a new job?")),
    Step(T("What will you do differently?"),
         T("Next time you are among people whose rules differ from yours, what will you do first?")),
)


def _step(entry: object) -> Step | None:
    if not isinstance(entry, dict):
        return None
    title, prompt, view = entry.get("title"), entry.get("prompt", ""), entry.get("view", "")
    if not isinstance(title, str) or not title.strip() or not isinstance(prompt, str) or not isinstance(view, str):
        return None
    return Step(title[:MAX_STEP_TITLE], prompt[:MAX_STEP_PROMPT], view)


def steps_for(event: Event) -> list[Step]:
    """The event's steps: its own, or the default sequence (messages, in whatever language the
    page reads them). Stored entries that are not steps (a damaged file) are skipped; none left
    means the defaults."""
    stored = event.debrief_steps
    if isinstance(stored, list):
        own = [step for step in map(_step, stored[:MAX_DEBRIEF_STEPS]) if step is not None]
        if own:
            return own
    return list(DEFAULT_STEPS)


def is_default(steps: Sequence[dict[str, str]], language: Any) -> bool:
    """Whether ``steps`` (the JSON form) are the default sequence as ``language`` words it."""
    return list(steps) == [step.stored(language) for step in DEFAULT_STEPS]


def current_step(event: Event) -> tuple[int, Step] | None:
    """The step on the wall (its index and the step), or None when the wall follows the
    tournament. An index past the end (steps removed meanwhile) shows the last step."""
    if event.debrief_step is None:
        return None
    steps = steps_for(event)
    index = min(max(event.debrief_step, 0), len(steps) - 1)
    return index, steps[index]


def step_view(step: Step, event: Event) -> View | None:
    """The view the step shows for this event, or None (prompt only)."""
    return usable(step.view, event)
