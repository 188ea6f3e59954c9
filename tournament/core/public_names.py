"""The name the room sees: what a player's name becomes on public screens, phones and printed links.

Invariants:
- ``NamesShown.FULL`` shows the name as entered; ``INITIAL`` keeps every word but the last and
  the last word's first letter ("María José García" → "María José G."); a name of one word
  is shown whole (the app cannot tell a surname inside it: give such a pupil a nickname).
  ``NICKNAME`` shows the player's nickname, and "first name and initial" for a player who has none,
  so that a surname never appears because a nickname is missing.
- Two players whose public names would look the same (compared as the alphabetical order
  compares names: case and accents ignored) get more letters of their last word, one at a
  time, until they differ ("Ana Ga." / "Ana Gó."), but never the whole last word; names still
  alike then get a number in the order of the real names ("Ana Martí. 1" / "Ana Martí. 2"). A
  public name is never the full name unless the full name is all there is to show.
- Only the display changes: ties and every order still use the real names (``core.names``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from .names import fold_name, name_key

FULL_STOP = "."


class NamesShown(enum.Enum):
    """What an event shows of its players' names in the room."""

    FULL = "full"
    INITIAL = "initial"
    NICKNAME = "nickname"


@dataclass(frozen=True)
class Named:
    """What the rule needs of a player: an identity, the real name, the nickname if any."""

    key: int
    name: str
    nickname: str | None = None


def _shortened(name: str, letters: int) -> str:
    """``name`` with its last word cut to ``letters`` letters (never all of them) and a full stop;
    whole for a name of one word, or whose last word is a single letter."""
    words = name.split()
    if len(words) < 2 or len(words[-1]) < 2:
        return name
    last = words[-1]
    # Marks before the first letter (a quote, a bracket) stay and are not counted as letters.
    lead = next((index for index, char in enumerate(last) if char.isalnum()), 0)
    keep = lead + min(letters, len(last) - lead - 1)
    if keep <= lead:
        return name
    return " ".join([*words[:-1], last[:keep] + FULL_STOP])


def _candidate(person: Named, shown: NamesShown, letters: int) -> str:
    if shown is NamesShown.FULL:
        return person.name
    if shown is NamesShown.NICKNAME and person.nickname:
        return person.nickname
    return _shortened(person.name, letters)


def _alike(names: dict[int, str]) -> list[list[int]]:
    """Groups of two or more keys whose names look the same."""
    groups: dict[str, list[int]] = {}
    for key, name in names.items():
        groups.setdefault(fold_name(name), []).append(key)
    return [keys for keys in groups.values() if len(keys) > 1]


def public_names(people: Iterable[Named], shown: NamesShown) -> dict[int, str]:
    """Each person's public name by ``key``: as ``shown`` says, made distinct from the others'."""
    by_key = {person.key: person for person in people}
    letters = dict.fromkeys(by_key, 1)
    while True:
        names = {key: _candidate(person, shown, letters[key]) for key, person in by_key.items()}
        growing = False
        for keys in _alike(names):
            for key in keys:
                if _candidate(by_key[key], shown, letters[key] + 1) != names[key]:
                    letters[key] += 1
                    growing = True
        if not growing:
            break
    # Names that no more letters can tell apart without showing a whole surname get a number,
    # in the order of the real names.
    for keys in _alike(names):
        for number, key in enumerate(sorted(keys, key=lambda key: name_key(by_key[key].name)), start=1):
            names[key] = f"{names[key]} {number}"
    return names
