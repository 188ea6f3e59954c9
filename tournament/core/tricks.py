"""Old home of Five Tricks' trick rules, kept so ``tournament.core.tricks`` imports keep working.

Invariants:
- The rules live in ``tournament.games.five_tricks.tricks``; this module only re-exports every
  public name it used to define, so the two are the same objects.
"""

from __future__ import annotations

from ..games.five_tricks.tricks import legal_cards, trick_winner

__all__ = ["legal_cards", "trick_winner"]
