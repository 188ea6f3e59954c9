"""Counted nouns in the app's sentences: "1 table", "4 tables", never a bracketed plural.

A sentence that counts something is a plural message (``core.i18n.Tn``); ``plural`` remains for
English-only text. ``sentences`` and ``listing`` glue translatable parts without building a
sentence from fragments: each part is a whole sentence or a whole item.

Invariants: the singular is used for exactly one, the plural for every other count (0 included),
and the number is always written in digits before the word.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .i18n import Name, T, Text


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and `word`, with the plural form (`many`, or `word` + "s") unless count is 1."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def sentences(parts: Sequence[Text | str]) -> Text | str:
    """Sentences one after another (a space between), each still translatable on its own."""
    return _chain(list(parts), "{first} {second}")


def listing(parts: Sequence[Text | str]) -> Text | str:
    """Items separated by commas ("Ana, Ben (as ben)"), each still translatable on its own."""
    return _chain(list(parts), "{first}, {second}")


def name_list(names: Iterable[str]) -> Text | str:
    """Players' names separated by commas, each its own ``Name`` (so each sits in its own isolate on
    a page and a right-to-left name never reorders its neighbours)."""
    return listing([Name(name) for name in names])


def _chain(parts: list[Text | str], glue: str) -> Text | str:
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    if glue == "{first} {second}":
        return T("{first} {second}", first=parts[0], second=_chain(parts[1:], glue))
    return T("{first}, {second}", first=parts[0], second=_chain(parts[1:], glue))
