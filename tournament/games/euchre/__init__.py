"""Euchre: four players in two partnerships, the game to 10 points, scored hand by hand.

Invariants:
- ``EUCHRE`` is the one instance; the registry serves it under ``"euchre"``. Importing this
  package loads the standard library and the pure core only (WTForms loads in the form hooks).
- Tables are exactly four; partners sit opposite. A game's winners are a team of two.
- The scoring rules live in ``scoring`` alone (points per hand, the teams fixed by the first
  hand, the end at 10 points, the winner of an unfinished game: the team ahead, none if level);
  the scorer, the game's result and the docs all follow it.
- A table's settings (``variants``) are ``no_trump`` and ``stick_the_dealer``; its rule sheet
  (``sheets``) states only the rules that table plays, in one layout shared by every table.
"""

from __future__ import annotations

from .game import EUCHRE, Euchre
from .scorer import EUCHRE_SCORER, EuchreScorer
from .variants import EuchreVariant

__all__ = ["EUCHRE", "EUCHRE_SCORER", "Euchre", "EuchreScorer", "EuchreVariant"]
