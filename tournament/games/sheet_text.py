"""The translatable wording of a rule sheet's section, shared by the games that print one.

Rules:
- A section's body is a run of whole sentences, each one message (``Text``) the translator
  words as a whole; a sentence that differs by a table setting is one message per value, never
  words glued together. Sentences are separated by a plain space.
- ``text`` is the English, exactly as the sentences read joined, for logs, tests and callers
  that want plain text; the printed sheet translates each sentence (``parts``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import Text


@dataclass(frozen=True, slots=True)
class Section:
    """A titled paragraph of a rule sheet: ``heading`` and its sentences (``parts``, with the
    spaces between them)."""

    heading: Text
    parts: tuple[Text | str, ...]

    @property
    def text(self) -> str:
        return "".join(str(part) for part in self.parts)


def section(heading: Text, *sentences: Text) -> Section:
    """A section of ``sentences``, one space between each two."""
    parts: list[Text | str] = []
    for sentence in sentences:
        if parts:
            parts.append(" ")
        parts.append(sentence)
    return Section(heading, tuple(parts))


__all__ = ["Section", "section"]
