"""The one error type the core raises.

Invariants:
- Every rejection of bad input is a ``RuleError``, which *is* a ``ValueError``, so callers that
  only know the documented contract (``ValueError``) still catch it.
- Messages are written for the facilitator: they name the offending value and what was expected,
  never an internal variable name.
- Messages are ``Text`` values where they are marked for translation (``core.i18n``); the web
  edge translates ``.text``, everything else reads ``str(error)`` in English.
- Raising never leaves anything half-changed: core functions validate before they compute and
  never mutate their arguments.
"""

from __future__ import annotations

from .i18n import T, Text


class RuleError(ValueError):
    """Input that breaks a rule of the tournament or of Five Tricks.

    The message is a ``Text`` (translated where it is shown) or a plain ``str``; ``.text`` keeps
    it as given, and ``str(error)`` is its English, as before messages were translatable."""

    def __init__(self, text: Text | str = "") -> None:
        super().__init__(str(text))
        self.text = text


def require_int(value: object, what: Text | str) -> int:
    """Return ``value`` if it is a true integer; ``bool`` is refused because ``True`` games is a slip.
    ``what`` names the value (a ``Text``, so it reads in the page's language)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(T("{what} must be a whole number, not {value}", what=what, value=repr(value)))
    return value


def require_count(value: object, what: Text | str) -> int:
    """Return ``value`` if it is a whole number of at least zero."""
    count = require_int(value, what)
    if count < 0:
        raise RuleError(T("{what} cannot be negative (got {count})", what=what, count=count))
    return count
