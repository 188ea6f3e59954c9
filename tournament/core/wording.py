"""Counted nouns in the app's sentences: "1 table", "4 tables", never a bracketed plural.

Invariants: the singular is used for exactly one, the plural for every other count (0 included),
and the number is always written in digits before the word.
"""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and `word`, with the plural form (`many`, or `word` + "s") unless count is 1."""
    return f"{count} {word if count == 1 else many or word + 's'}"
