"""Stable pseudonyms for a research export: P01, P02, … in the alphabetical order of the real names.

Invariants:
- The n-th name in the tie rule's order (``core.names.name_key``) becomes "P" and n, zero-padded
  to the width of the class size (at least two digits), so the pseudonyms sort among themselves
  exactly as the real names did: every tie the app broke alphabetically breaks the same way when
  the exported file is played back.
- The same list of names always gives the same pseudonyms, whatever order it comes in.
"""

from __future__ import annotations

from collections.abc import Iterable

from .names import name_key

PREFIX = "P"
MIN_DIGITS = 2


def pseudonyms(names: Iterable[str]) -> dict[str, str]:
    """Each distinct name -> its pseudonym."""
    ordered = sorted(set(names), key=name_key)
    digits = max(MIN_DIGITS, len(str(len(ordered))))
    return {name: f"{PREFIX}{position:0{digits}d}" for position, name in enumerate(ordered, start=1)}
