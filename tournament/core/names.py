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


# Unicode categories that never belong in text a person typed: controls (Cc, NUL included),
# format characters (Cf: zero-width, direction marks and isolates, soft hyphen, BOM),
# surrogates, private-use and unassigned code points.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def _invisible(char: str) -> bool:
    return unicodedata.category(char) in _REFUSED_CATEGORIES or char.isspace()


def clean_text(text: str, what: str = "A name") -> str:
    """The one gate for text a person enters (names, event names, usernames).

    Composes to NFC (so "e" + combining acute and "é" are the same name), drops invisible and
    space characters at both ends (lists copied from web pages and chat apps carry them),
    turns every inner run of spaces (no-break space included) into one space, and refuses text
    that still holds a control or invisible character, naming it, because such a name would
    look identical to another one on every page and sort where nobody expects.
    """
    if not isinstance(text, str):
        raise RuleError(f"{what} must be text, not {text!r}")
    composed = unicodedata.normalize("NFC", text)
    start, end = 0, len(composed)
    while start < end and _invisible(composed[start]):
        start += 1
    while end > start and _invisible(composed[end - 1]):
        end -= 1
    cleaned = " ".join(part for part in _split_spaces(composed[start:end]) if part)
    if not cleaned:
        raise RuleError(f"{what} cannot be empty or blank")
    for char in cleaned:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            label = unicodedata.name(char, "a control character")
            raise RuleError(
                f"{what} contains an invisible or control character (U+{ord(char):04X} {label}); "
                "retype it or delete that character"
            )
    return cleaned


def _split_spaces(text: str) -> list[str]:
    parts, current = [], []
    for char in text:
        if char.isspace() and char not in "\t\n\r\v\f":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


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
