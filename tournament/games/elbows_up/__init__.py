"""Elbows Up!: a bidding trick-taking game for 3 to 6 players over ten deals, with a Joker that
always wins and two Tea cards. Its rules (``scoring``, ``variants``, ``winner``), its printed
sheet (``sheets``), its scoresheet (``scorer``) and the ``ELBOWS_UP`` game the tournament plays.

Invariants:
- Importing this package loads the standard library and the pure core only; the web forms
  (``forms``) load inside the hooks that return them.
- ``ELBOWS_UP`` is the one instance; the registry serves it under ``"elbows-up"``, a key that
  never changes.
- The points of a deal are computed in ``scoring.deal_points`` only, and the winner of a game,
  whether added up by the scoresheet or reported as points, by ``winner.points_winner`` only.
- Pages and sheets say "deal" for a game's part, never "round" (the tournament's word).
"""

from __future__ import annotations

from .game import ELBOWS_UP, POINTS, ElbowsUp
from .variants import ElbowsUpVariant

__all__ = ["ELBOWS_UP", "POINTS", "ElbowsUp", "ElbowsUpVariant"]
