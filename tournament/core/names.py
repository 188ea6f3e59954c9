"""Player names: validation, the alphabetical tie rule, and the uniqueness fold.

Invariants:
- A valid name is a ``str`` with at least one non-space character; the core never alters it.
- ``name_key`` orders names as displayed (first name first), ignoring case and accents; the exact
  string decides only between names that are otherwise equal. Two different strings therefore
  never share a key, so every ranking built on it is total and repeatable.
- ``fold_name`` is what "the same name" means for the web app's uniqueness check: accents
  stripped, case folded, surrounding space trimmed and inner runs of space collapsed.
  The core itself treats "Ana" and "ana" as two players; only the exact string identifies one.
"""

from __future__ import annotations

import unicodedata

from .errors import RuleError


def require_name(name: object) -> str:
    """Return ``name`` unchanged if it can identify a player."""
    if not isinstance(name, str):
        raise RuleError(f"a player's name must be text, not {name!r}")
    if not name.strip():
        raise RuleError("a player's name cannot be empty or blank")
    return name


def fold_name(name: str) -> str:
    """Case- and accent-insensitive, whitespace-normalised form: ``"  Émile "`` -> ``"emile"``."""
    require_name(name)
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())


def name_key(name: str) -> tuple[str, str]:
    """Sort key for the tie rule: folded name first, the exact string only as a last resort."""
    return (fold_name(name), name)


def same_name(first: str, second: str) -> bool:
    """True when two names would be confused on a projector (differ only in case/accents/space)."""
    return fold_name(first) == fold_name(second)
