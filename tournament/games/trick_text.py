"""What a typed trick is: a few distinct cards of the game's deck, lead first.

Invariants:
- ``parse_trick`` is the one reading of a trick, for the organiser's form and for event files,
  so a trick stored by either is one the other reads.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ..core.errors import RuleError
from ..core.i18n import T, Tn
from ..core.names import clean_text
from .protocol import TrickRules

MIN_CARDS: Final = 2
MAX_CARDS: Final = 5
MAX_TYPED: Final = 120  # the stored column's length; a longer text is refused before it is read

WRONG_COUNT: Final = Tn("Type {low} to {high} cards, the lead first: this is {n} card.",
                        "Type {low} to {high} cards, the lead first: these are {n} cards.", 0)
TWICE: Final = T("The {card} is there twice: each card is in the deck once.")
TOO_LONG: Final = T("Type at most {most} characters: a trick is a few cards, like 7♥ A♣ 2♥ 3♠.")
WHAT: Final = T("The trick")


def parse_trick(rules: TrickRules[Any], text: str) -> tuple[Any, ...]:
    """The cards ``text`` names ("7♥ A♣ 2♥ 3♠", "7h, ac, 2h, 3s"), lead first; ``RuleError``
    naming the first bad card, a repeated card, or the wrong number of cards."""
    if len(text) > MAX_TYPED:
        raise RuleError(TOO_LONG.filled(most=MAX_TYPED))
    tokens = [token for token in re.split(r"[\s,;]+", clean_text(text, WHAT)) if token]
    cards = [rules.parse_card(token) for token in tokens]
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise RuleError(WRONG_COUNT.filled(n=len(cards), low=MIN_CARDS, high=MAX_CARDS))
    seen: set[Any] = set()
    for card in cards:
        if card in seen:
            raise RuleError(TWICE.filled(card=rules.face(card).label))
        seen.add(card)
    return tuple(cards)
