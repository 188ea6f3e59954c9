"""The form of one table's Five Tricks rules, on the rules page (WTForms; loaded with the app only).

Invariants:
- The choices are the variant's own settings (``ACE_ORDER``, ``WINS_SIGN``, ``Suit``): a value
  the form accepts always makes a ``RuleVariant``.
- Suits are shown by ``Suit.symbol`` and their name, as on the tables page.
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectChoice, SelectField

from .cards import Suit

SUIT_CHOICES = [SelectChoice("", "No trump")] + [
    SelectChoice(suit.value, f"{suit.symbol} {suit.value.capitalize()}") for suit in Suit
]


class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
    ace = SelectField("Ace", choices=[SelectChoice("high", "Ace high (above 7)"),
                                      SelectChoice("low", "Ace low (below 2)")])
    wins = SelectField("Which card wins", choices=[SelectChoice("highest", "Highest card wins"),
                                                   SelectChoice("lowest", "Lowest card wins")])
    trump = SelectField("Trump suit", choices=SUIT_CHOICES)
    trump_any_time = BooleanField("Trump may be played at any time (even when able to follow suit)")
