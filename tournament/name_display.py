"""How player names appear on pages: isolated from the text around them, and in alphabetical order.

Rules:
- A name is shown inside a bidirectional isolate (``<bdi>``), so a right-to-left name (Arabic,
  Hebrew) or a name starting with a direction character cannot reverse the sentence, list or
  number next to it. Names are escaped like any other text.
- ``names_in`` isolates the given names where they occur, as whole words, in a sentence built
  elsewhere (a tie line, a move's reason); the rest of the sentence is escaped text.
- ``by_name`` puts any list of players or names in the one alphabetical order (``name_key``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

from .core.names import name_key


def isolate(name: object) -> Markup:
    """One displayed name, escaped, in a ``<bdi>`` isolate."""
    return Markup("<bdi>{}</bdi>").format(name)


def name_parts(sentence: str, names: Iterable[str]) -> list[tuple[str, bool]]:
    """``sentence`` cut into (text, is_a_name) pieces; longer names are matched first, and only
    where no letter or digit touches them, so "Ana" is not found inside "Anabel"."""
    wanted = sorted({name for name in names if name}, key=len, reverse=True)
    if not wanted:
        return [(sentence, False)]
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, wanted)) + r")(?!\w)")
    parts: list[tuple[str, bool]] = []
    last = 0
    for match in pattern.finditer(sentence):
        if match.start() > last:
            parts.append((sentence[last:match.start()], False))
        parts.append((match.group(0), True))
        last = match.end()
    if last < len(sentence):
        parts.append((sentence[last:], False))
    return parts


def names_in(sentence: str, names: Iterable[str]) -> Markup:
    """A sentence with each of ``names`` isolated and everything escaped."""
    return Markup("").join(isolate(text) if is_name else escape(text)
                           for text, is_name in name_parts(sentence, names))


def by_name(items: Iterable[Any], attribute: str | None = None) -> list[Any]:
    """Items in alphabetical order of their name (``attribute`` of each item, or the item itself)."""
    def key(item: Any) -> tuple[tuple[int, ...], str]:
        value = item
        for part in (attribute.split(".") if attribute else ()):
            value = getattr(value, part)
        return name_key(value)
    return sorted(items, key=key)


def init_app(app: Flask) -> None:
    app.add_template_filter(isolate, "name")
    app.add_template_filter(names_in, "names_in")
    app.add_template_filter(by_name, "by_name")
