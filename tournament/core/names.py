"""Player names: the gate for typed text, the alphabetical order, and what "the same name" means.

Invariants:
- A valid name is a ``str`` with at least one non-space character; the core never alters it.
- Alphabetical order is the Unicode Collation Algorithm's default order (DUCET 10.0.0, the
  collation table pyuca ships, pinned so every laptop and every future install orders alike),
  compared at primary strength: case and accents are ignored, and Ø, Ł, Æ, ß sort with O, L,
  AE, ss as a person expects, not after Z. The exact string decides only between names that
  are otherwise equal, so two different strings never share a ``name_key`` and every ranking
  built on it is total and repeatable.
- ``fold_name`` is the primary collation key as text: two names are "the same name" (refused
  side by side in one event) exactly when that order cannot tell them apart, so within an
  event the exact-string fallback never decides a tie. The core itself treats "Ana" and "ana"
  as two players; only the exact string identifies one.
- ``clean_text`` is the one gate for text a person types: after it, text is NFC, trimmed, has
  single spaces, and holds no control or invisible character and no word mixing lookalike
  alphabets.
"""

from __future__ import annotations

import hashlib
import unicodedata
from functools import lru_cache

from pyuca.collator import Collator_10_0_0

from .errors import RuleError
from .i18n import Name, T, Text, Tp


def require_name(name: object) -> str:
    """Return ``name`` unchanged if it can identify a player."""
    if not isinstance(name, str):
        raise RuleError(T("a player's name must be text, not {value}", value=repr(name)))
    if not name.strip():
        raise RuleError(T("a player's name cannot be empty or blank"))
    return name


# Unicode categories that never belong in text a person typed: controls (Cc, NUL included),
# format characters (Cf: zero-width, direction marks and isolates, soft hyphen, BOM),
# surrogates, private-use and unassigned code points.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_UNNAMED = {"Cc": T("a control character"), "Cf": T("a format character"),
            "Cs": T("a broken character (surrogate)"), "Co": T("a private-use character"),
            "Cn": T("an unassigned character")}


def _invisible(char: str) -> bool:
    return unicodedata.category(char) in _REFUSED_CATEGORIES or char.isspace()


A_NAME = T("A name")  # what ``clean_text`` calls the text unless told


def clean_text(text: str, what: Text | str = A_NAME) -> str:
    """The one gate for text a person enters (names, event names, usernames).

    Composes to NFC (so "e" + combining acute and "é" are the same name), drops invisible and
    space characters at both ends (lists copied from web pages and chat apps carry them),
    turns every inner run of spaces (no-break space included) into one space, and refuses text
    that still holds a control or invisible character, naming it, because such a name would
    look identical to another one on every page and sort where nobody expects. A word mixing
    Latin, Cyrillic or Greek letters is refused for the same reason (lookalike letters).
    ``what`` names the text in the refusal (a ``Text`` such as ``T("The event name")`` reads in
    the page's language).
    """
    if not isinstance(text, str):
        raise RuleError(T("{what} must be text, not {value}", what=what, value=repr(text)))
    composed = unicodedata.normalize("NFC", text)
    start, end = 0, len(composed)
    while start < end and _invisible(composed[start]):
        start += 1
    while end > start and _invisible(composed[end - 1]):
        end -= 1
    cleaned = " ".join(part for part in _split_spaces(composed[start:end]) if part)
    if not cleaned:
        raise RuleError(T("{what} cannot be empty or blank", what=what))
    for char in cleaned:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            # A character's Unicode name is the same in every language (like a code point).
            label: Text | str = unicodedata.name(char, "") or _UNNAMED[unicodedata.category(char)]
            raise RuleError(T(
                "{what} contains an invisible or control character ({code} {label}); "
                "retype it or delete that character", what=what, code="U+" + format(ord(char), "04X"), label=label))
    mixed = _mixed_script_word(cleaned)
    if mixed:
        raise RuleError(T(
            "{what} mixes {scripts} letters in one word (“{word}”): some of them "
            "only look like the others, so the name would look the same as a different one; retype it",
            what=what, scripts=mixed, word=Name(_one_word(cleaned))))
    return cleaned


# Alphabets whose letters include exact lookalikes of each other (Latin "A", Cyrillic "А", Greek
# "Α"). A word mixing them is a paste accident or a disguise; whole words in one alphabet are fine.
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def _scripts(word: str) -> list[str]:
    found: list[str] = []
    for char in word:
        if unicodedata.category(char).startswith("L"):
            script = unicodedata.name(char, "").split(" ", 1)[0]
            if script in _LOOKALIKE_SCRIPTS and script not in found:
                found.append(script)
    return found


# How an alphabet is named in "mixes Latin and Cyrillic letters" (an adjective before "letters").
_SCRIPT_NAMES = {"LATIN": Tp("letters", "Latin"), "CYRILLIC": Tp("letters", "Cyrillic"),
                 "GREEK": Tp("letters", "Greek")}


def _and(parts: list[Text]) -> Text:
    return parts[0] if len(parts) == 1 else T("{first} and {second}", first=parts[0], second=_and(parts[1:]))


def _mixed_script_word(text: str) -> Text | None:
    for word in text.split(" "):
        scripts = _scripts(word)
        if len(scripts) > 1:
            return _and([_SCRIPT_NAMES[script] for script in scripts])
    return None


def _one_word(text: str) -> str:
    return next(word for word in text.split(" ") if len(_scripts(word)) > 1)


def _split_spaces(text: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    for char in text:
        if char.isspace() and char not in "\t\n\r\v\f":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


# Pinned rather than pyuca's default ``Collator``, which changes with the Python version: the
# tie rule must give the same answer on every laptop an event is moved to.
@lru_cache(maxsize=1)
def _collator() -> Collator_10_0_0:
    return Collator_10_0_0()


@lru_cache(maxsize=4096)
def _primary(name: str) -> tuple[int, ...]:
    """Primary weights of ``name`` (spaces normalised): letters only, no case, no accents."""
    full: tuple[int, ...] = _collator().sort_key(" ".join(name.split()))
    return full[: full.index(0)] if 0 in full else full


# Keys longer than this are hashed so the stored key fits its column (String(320)) whatever a
# ligature expands to; a hex key's length is a multiple of 4, so a hashed key never equals one.
_LONGEST_KEY = 316


def fold_name(name: str) -> str:
    """What "the same name" means: ``fold_name(a) == fold_name(b)`` exactly when the alphabetical
    order ignores every difference between them ("Zoë" and "ZOE", "Øystein" and "Oystein",
    "Straße" and "Strasse", "  Émile " and "emile"). Not for display."""
    require_name(name)
    key = "".join(f"{weight:04x}" for weight in _primary(name))
    if len(key) > _LONGEST_KEY:
        key = "h" + hashlib.sha256(key.encode()).hexdigest()
    return key


def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """Sort key of the alphabetical order (the tie rule and every list of names): the Unicode
    Collation Algorithm's default order at primary strength, the exact string only as a last resort."""
    require_name(name)
    return (_primary(name), name)


def same_name(first: str, second: str) -> bool:
    """True when two names would be confused on a projector (the order cannot tell them apart)."""
    return fold_name(first) == fold_name(second)
