"""How player names appear on pages: isolated from the text around them, and in alphabetical order.

Rules:
- A name is shown inside a bidirectional isolate (``<bdi>``), so a right-to-left name (Arabic,
  Hebrew) or a name starting with a direction character cannot reverse the sentence, list or
  number next to it. Names are escaped like any other text.
- ``names_in`` isolates the given names where they occur, as whole words, in a sentence built
  elsewhere (a tie line, a move's reason); the rest of the sentence is escaped text.
- ``by_name`` puts any list of players or names in the one alphabetical order (``name_key``).
- On a page of the room (``show_room_names``: projector, phones, online screens, printed
  personal links, take-away) every name shown through these helpers, and every ``Name`` of a
  translated message, is the player's public name (``services.public_names``); lists are still
  built and ordered with the real names, only what is shown changes. Organiser pages never call
  it, so they show the names as typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from flask import Flask, current_app, g, has_app_context
from markupsafe import Markup, escape

from .core.names import name_key


def show_room_names(event: Any) -> None:
    """This page is seen by the room: show ``event``'s players by their public names. The names
    are read on first use, and once per revision (``_room_names``), so a poll answered from its
    cache reads no player."""
    g.room_event = event
    g.pop("room_names", None)


def shown_name(name: Any) -> Any:
    """``name`` as this page shows it: the public name on a page of the room, else as given."""
    if not isinstance(name, str):
        return name
    names = _shown_names()
    if not names or name in names:
        return names.get(name, name)
    if name in names.values():  # already public (a label built for this page): never shown twice over
        return name
    # A line built from names (a team, a score line): each name in it is shown as the room sees it.
    return "".join(names[text] if is_name else text for text, is_name in name_parts(name, names))


def shown_in(sentence: str) -> Markup:
    """A sentence stored as typed (the change log's English), escaped, with every player's name
    in it shown as the page shows names: public, and isolated, on a page of the room."""
    names = _shown_names()
    return names_in(sentence, names) if names else escape(sentence)


def _shown_names() -> dict[str, str]:
    """Real name -> public name on a page of the room; empty on any other page."""
    if not has_app_context():
        return {}
    names: dict[str, str] | None = g.get("room_names")
    if names is None:
        event = g.get("room_event")
        if event is None:
            return {}
        names = g.room_names = _room_names(event)
    return names


def _room_names(event: Any) -> dict[str, str]:
    """The event's public names, read once per revision: every phone and screen of the room asks
    for them on every page, and a player, a nickname or the setting changes only in a change."""
    from .services.public_names import room_names_by_name
    from .services.single_flight import revision_cache

    revision = event.revision  # read first: the names built are never older than it
    names: dict[str, str] = revision_cache(current_app, "room names").get(
        (event.id, event.projector_token), revision, lambda: room_names_by_name(event))
    return names


def isolate(name: object) -> Markup:
    """One displayed name, escaped, in a ``<bdi>`` isolate."""
    return Markup("<bdi>{}</bdi>").format(shown_name(name))


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
    """A sentence with each of ``names`` isolated and everything escaped. On a page of the room
    the sentence may hold a name as typed (a game's plain English) or already public (a
    translated message): both are found, and shown public."""
    names = list(names)
    wanted = [*names, *(shown_name(name) for name in names)]
    return Markup("").join(isolate(text) if is_name else escape(text)
                           for text, is_name in name_parts(sentence, wanted))


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
    app.add_template_filter(shown_name, "shown_name")
    app.add_template_filter(shown_in, "shown_in")
    app.add_template_filter(names_in, "names_in")
    app.add_template_filter(by_name, "by_name")
