"""Suit symbols in a game's text drawn in their colours, as on the printed sheets."""

from __future__ import annotations

from markupsafe import Markup, escape

from ...core.i18n import Text
from ...games.five_tricks.cards import Suit
from ...i18n import translate
from . import bp

_SUIT_OF_SYMBOL = {suit.symbol: suit for suit in Suit}


@bp.app_template_filter("suits")
def suit_marks(text: Text | str) -> Markup:
    """``text`` in the page's language, escaped, each suit symbol in a ``suit-<name>`` span (the
    stylesheets colour it)."""
    return Markup("").join(
        Markup('<span class="suit-{}">{}</span>').format(_SUIT_OF_SYMBOL[char].value, char)
        if char in _SUIT_OF_SYMBOL else escape(char)
        for char in translate(text)
    )
