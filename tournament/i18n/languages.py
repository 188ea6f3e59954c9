"""The languages the app speaks, and the best of them for a browser's wishes.

Rules:
- English is the source language and the default; the others have a catalogue each.
- A language is named by its endonym (how its speakers write it), so a lost visitor finds theirs.
- A code outside the list is never used, stored or echoed: ``supported`` answers None for it.
"""

from __future__ import annotations

from collections.abc import Iterable

DEFAULT = "en"

# Code → endonym, in the order a language menu lists them.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
    "nl": "Nederlands",
}

CODES = tuple(LANGUAGES)
TRANSLATED = tuple(code for code in CODES if code != DEFAULT)


def supported(code: object) -> str | None:
    """The supported code ``code`` names ("de", "DE", "de-AT" → "de"), else None."""
    if not isinstance(code, str):
        return None
    primary = code.strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else None


def best_match(accept_languages: Iterable[str]) -> str | None:
    """The first supported language among the browser's, most wanted first (as Werkzeug's
    ``request.accept_languages`` iterates them), else None. "de-CH" matches "de"."""
    for wanted in accept_languages:
        code = supported(wanted)
        if code is not None:
            return code
    return None
