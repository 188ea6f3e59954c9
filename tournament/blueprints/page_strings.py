"""The words the room's scripts show, and feeds put into the page's language.

Rules:
- A script holds no sentence of its own: every string it shows is a message here, translated on
  the server and handed over in a ``<script type="application/json" id="i18n">`` data block (the
  CSP runs no inline script, and a data block is not run). The scripts' ``t(key, params)``
  (static/i18n.js) reads it and fills ``{name}`` placeholders.
- Counts arrive already worded by the server (``games_label`` in the projector's feed), so no
  script guesses a language's plural rule.
- ``localised`` turns every ``Text`` inside a feed's data into the page's language; anything
  else (names, numbers) passes as it is.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request
from markupsafe import Markup

from ..core.i18n import Name, T, Text
from ..i18n import translate
from ..i18n.messages import catalogue_form
from ..name_display import names_in, shown_name

# Script name -> key -> message. A page sends the groups of the scripts it loads.
STRINGS: dict[str, dict[str, Text]] = {
    "phone": {
        "sending": T("Sending…"),
    },
    "results": {
        "winner_of_game": T("Winner of game {number}"),
    },
    "projector": {
        "table": T("Table {number}"),
        "waiting": T("waiting"),
        "out": T("out"),
        "player": T("Player"),
        "games": T("Games"),
        "to_table": T("To table"),
        "rounds": T("Rounds"),
        "top_table": T("Top table"),
        "standings": T("Standings"),
        "home_tables": T("Home tables"),
        "plan_not_ready": T("The table plan is not ready yet."),
        "round": T("Round {number}"),
        "round_results": T("Round {number} results"),
        "round_seating": T("Round {number} seating"),
        "paused_pages": T("paused"),
        "timer_paused": T("{label} · paused"),
        "time_up": T("Time!"),
        "link_replaced": T("This projector link was replaced: open the new one from the Room page."),
        "reconnecting": T("Connection lost — reconnecting…"),
    },
    "seat": {
        "your_table": T("Your table: {number}."),
    },
    "play": {
        "reconnecting": T("Connection lost — reconnecting…"),
        "time_up": T("Time!"),
        "not_sent": T("Not sent: the connection failed. Try again."),
    },
}


# Which scripts' strings each page sends (the scripts its templates load).
PAGE_SCRIPTS: dict[str, tuple[str, ...]] = {
    "table.enter": ("phone", "results"),
    "table.score": ("phone",),
    "organiser.table_results": ("results",),
    "projector.show": ("projector",),
    "projector.present": ("projector",),  # the same wall, opened with the right to step the debrief
    "play.page": ("play",),
    "public.seat": ("seat",),
    "public.note": ("seat",),  # a refused note draws the seat page again
}


def strings_for(*groups: str) -> dict[str, str]:
    """The named scripts' strings in the page's language, placeholders left for ``t`` to fill."""
    return {key: catalogue_form(text) for group in groups for key, text in STRINGS[group].items()}


def js_strings(*groups: str) -> Markup:
    """The data block the scripts read their strings from. ``<``, ``>`` and ``&`` are written as
    JSON escapes, so no translation can end the block early."""
    text = json.dumps(strings_for(*groups), ensure_ascii=False, sort_keys=True)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(f'<script type="application/json" id="i18n">{text}</script>')


def script_sentence(text: Text | str) -> str:
    """A game's sentence for a script, in the page's language, placeholders left for the script
    to fill (a game not translated yet gives plain English)."""
    return catalogue_form(text) if isinstance(text, Text) else text


def page_js_strings() -> Markup:
    """This page's data block (nothing for a page whose scripts show no words)."""
    groups = PAGE_SCRIPTS.get(request.endpoint or "", ())
    return js_strings(*groups) if groups else Markup("")


def localised(data: Any) -> Any:
    """``data`` (JSON-like) with every ``Text`` in it translated into the page's language, and
    every ``Name`` as the page shows names (public on a page of the room)."""
    if isinstance(data, Text):
        return translate(data)
    if isinstance(data, Name):
        return shown_name(data)
    if isinstance(data, dict):
        return {key: localised(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [localised(value) for value in data]
    return data


def with_names(text: Text | str, names: Any) -> Markup:
    """A sentence from a game (a ``Text`` or, from a game not translated yet, plain English) in
    the page's language, escaped, each of ``names`` in its own isolate."""
    return names_in(translate(text), names)


def init_app(app: Any) -> None:
    app.add_template_global(page_js_strings, "page_js_strings")
    app.add_template_global(script_sentence, "script_sentence")
    app.add_template_filter(with_names, "t_names")
