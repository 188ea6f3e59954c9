"""One layout for every table's rule sheet of an event, in whatever language it is printed.

The sheets of one game share their headings; only the wording under a heading changes with a
table's rules, and so would the height of its block, differently in each language. So each
section of a sheet carries the same section as the event's other sheets word it (the game's
default sheets for the event's table count and the tables' own rules): the page stacks those
wordings invisibly in the section's cell, and every table's block is as tall as the longest
wording of that section in the page's language. Nothing here knows a game's words.

Rules:
- Sheets whose sections differ in number or headings from the others' get no other wordings
  (each sheet is laid out by its own words alone).
- A section's other wordings are distinct, differ from its own, and keep the family's order,
  so the page is the same for the same event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, eq=False)
class LaidOutSheet:
    """A game's rule sheet (every attribute read through to it) that knows, for each of its
    sections, how the other sheets of its event word that section."""

    sheet: Any
    others: tuple[tuple[Any, ...], ...]

    def __getattr__(self, name: str) -> Any:
        if name in ("sheet", "others") or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.sheet, name)

    def others_of(self, index: int) -> tuple[Any, ...]:
        """The other wordings of section ``index`` (none when the sheets cannot be aligned)."""
        return self.others[index] if index < len(self.others) else ()


def _headings(sheet: Any) -> tuple[Any, ...] | None:
    sections = getattr(sheet, "sections", None)
    if sections is None:
        return None
    return tuple(section.heading for section in sections)


def aligned(sheet: Any, family: Sequence[Any]) -> Any:
    """``sheet`` with the other wordings of each section among the ``family`` of sheets (its
    event's), or ``sheet`` itself when its sections do not line up with every other sheet's."""
    headings = _headings(sheet)
    if headings is None or any(_headings(other) != headings for other in family):
        return sheet
    others = []
    for index, own in enumerate(sheet.sections):
        wordings: list[Any] = []
        for other in family:
            section = other.sections[index]
            if section != own and section not in wordings:
                wordings.append(section)
        others.append(tuple(wordings))
    return LaidOutSheet(sheet, tuple(others))


def distinct(sheets: Iterable[Any]) -> tuple[Any, ...]:
    """``sheets`` without repeats, in their first order."""
    seen: list[Any] = []
    for sheet in sheets:
        if sheet not in seen:
            seen.append(sheet)
    return tuple(seen)
