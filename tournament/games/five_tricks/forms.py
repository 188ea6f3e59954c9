"""The form of one table's Five Tricks rules, on the rules page (WTForms; loaded with the app only).

Invariants:
- The choices are the variant's own settings (``ACE_ORDER``, ``WINS_SIGN``, ``Suit``): a value
  the form accepts always makes a ``RuleVariant``.
- Suits are shown by ``Suit.symbol`` and their name, as on the tables page.
"""

from __future__ import annotations

from flask_babel import lazy_gettext  # type: ignore[import-untyped]  # ships no type information
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField

from ..form_words import lazy
from .cards import Suit
from .settings import LABELS

# One message per suit: the translation places the symbol and names the suit.
SUIT_CHOICES = [
    SelectChoice("", lazy_gettext("No trump")),
    SelectChoice(Suit.HEARTS.value, lazy_gettext("%(symbol)s Hearts", symbol=Suit.HEARTS.symbol)),
    SelectChoice(Suit.DIAMONDS.value, lazy_gettext("%(symbol)s Diamonds", symbol=Suit.DIAMONDS.symbol)),
    SelectChoice(Suit.CLUBS.value, lazy_gettext("%(symbol)s Clubs", symbol=Suit.CLUBS.symbol)),
    SelectChoice(Suit.SPADES.value, lazy_gettext("%(symbol)s Spades", symbol=Suit.SPADES.symbol)),
]


class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    ace = SelectField(lazy(LABELS["ace"]), choices=[
        SelectChoice("high", lazy_gettext("Ace high (above 7)")),
        SelectChoice("low", lazy_gettext("Ace low (below 2)")),
    ])
    wins = SelectField(lazy_gettext("Which card wins"), choices=[
        SelectChoice("highest", lazy_gettext("Highest card wins")),
        SelectChoice("lowest", lazy_gettext("Lowest card wins")),
    ])
    trump = SelectField(lazy_gettext("Trump suit"), choices=SUIT_CHOICES)
    trump_any_time = BooleanField(lazy_gettext("Trump may be played at any time (even when able to follow suit)"))
