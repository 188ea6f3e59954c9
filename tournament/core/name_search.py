"""Finding one's own name on a public page without the page listing the class.

Invariants:
- A pupil types part of their PUBLIC name (``core.public_names``); only public names are
  searched, so typing part of a hidden surname finds nobody and a search reveals nothing
  the projector does not already show.
- Nobody is listed until at least ``MIN_LETTERS`` letters are typed, except a public name
  shorter than that, found when it is typed whole.
- Letters compare as the seat finder always compared them: case and accents ignored, and
  letters people type as two (ß, Æ, Œ, Þ) or without their stroke (Ø, Ł, Đ, dotless ı)
  match their plain spelling on both sides ("strasse" finds "Straße").
- Matches come in the alphabetical order of the public names, so the order tells nothing
  about a hidden surname.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from .names import name_key

MIN_LETTERS = 2
# Longer than any name the app accepts: a longer query is nobody's name.
MAX_TYPED = 200
_LETTERS = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "þ": "th", "ı": "i"})


def fold(text: str) -> str:
    """``text`` as the search compares it; spaces inside are kept as one space."""
    lowered = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    plain = "".join(char for char in lowered if not unicodedata.combining(char))
    return " ".join(plain.translate(_LETTERS).split())


@dataclass(frozen=True)
class Found:
    """The answer to what was typed: ``typed`` (trimmed), ``matches`` as (key, public name),
    and ``too_short`` when too few letters were typed to list anyone."""

    typed: str
    matches: tuple[tuple[int, str], ...]
    too_short: bool

    @property
    def searched(self) -> bool:
        """Whether anything was typed at all (a page opened fresh asks, it does not refuse)."""
        return self.typed != ""


def search(public: Mapping[int, str], typed: str | None) -> Found:
    """The public names (by key) that contain what was typed (see the module's rules)."""
    typed = " ".join((typed or "").split())[:MAX_TYPED]
    wanted = fold(typed)
    if len(wanted) < MIN_LETTERS:
        whole = [(key, name) for key, name in public.items() if wanted and fold(name) == wanted]
        return Found(typed, tuple(sorted(whole, key=_order)), too_short=not whole)
    found = [(key, name) for key, name in public.items() if wanted in fold(name)]
    return Found(typed, tuple(sorted(found, key=_order)), too_short=False)


def _order(item: tuple[int, str]) -> tuple[tuple[tuple[int, ...], str], int]:
    return name_key(item[1]), item[0]
