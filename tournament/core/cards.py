"""Old home of Five Tricks' cards, kept so ``tournament.core.cards`` imports keep working.

Invariants:
- The cards live in ``tournament.games.five_tricks.cards``; this module only re-exports every
  public name it used to define, so the two are the same objects.
"""

from __future__ import annotations

from ..games.five_tricks.cards import ACE, DECK, RANK_LABELS, RANKS, RED_SUITS, SUIT_SYMBOLS, Card, Suit

__all__ = ["ACE", "DECK", "RANKS", "RANK_LABELS", "RED_SUITS", "SUIT_SYMBOLS", "Card", "Suit"]
