"""The form of one table's Five Tricks rules, on the rules page (WTForms; loaded with the app only).

Invariants:
- The choices are the variant's own settings (``ACE_ORDER``, ``WINS_SIGN``, ``Suit``): a value
  the form accepts always makes a ``RuleVariant``.
- Suits are shown by ``Suit.symbol`` and their name, as on the tables page.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l  # type: ignore[import-untyped]  # ships no type information
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField

from .cards import Suit

# One message per suit: the translation places the symbol and names the suit.
SUIT_CHOICES = [
    SelectChoice("", _l("No trump")),
    SelectChoice(Suit.HEARTS.value, _l("%(symbol)s Hearts", symbol=Suit.HEARTS.symbol)),
    SelectChoice(Suit.DIAMONDS.value, _l("%(symbol)s Diamonds", symbol=Suit.DIAMONDS.symbol)),
    SelectChoice(Suit.CLUBS.value, _l("%(symbol)s Clubs", symbol=Suit.CLUBS.symbol)),
    SelectChoice(Suit.SPADES.value, _l("%(symbol)s Spades", symbol=Suit.SPADES.symbol)),
]


class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    ace = SelectField(_l("Ace"), choices=[SelectChoice("high", _l("Ace high (above 7)")),
                                          SelectChoice("low", _l("Ace low (below 2)"))])
    wins = SelectField(_l("Which card wins"), choices=[SelectChoice("highest", _l("Highest card wins")),
                                                       SelectChoice("lowest", _l("Lowest card wins"))])
    trump = SelectField(_l("Trump suit"), choices=SUIT_CHOICES)
    trump_any_time = BooleanField(_l("Trump may be played at any time (even when able to follow suit)"))
