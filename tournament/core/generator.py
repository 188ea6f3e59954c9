"""Old home of Five Tricks' variant generator, kept so ``tournament.core.generator`` imports keep
working.

Invariants:
- The generator lives in ``tournament.games.five_tricks.generator``; this module only
  re-exports every public name it used to define, so the two are the same objects.
"""

from __future__ import annotations

from ..games.five_tricks.generator import CANDIDATES, MIN_NEIGHBOUR_DIFFERENCES, variants_for_tables

__all__ = ["CANDIDATES", "MIN_NEIGHBOUR_DIFFERENCES", "variants_for_tables"]
