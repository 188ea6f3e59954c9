"""Elevator: a hand-shedding game for 3 to 6 players, played on a pile that climbs one rank
at a time in alternating colours, turns down after the Ace and up again after the 2.

Invariants:
- ``ELEVATOR`` is the one instance; the registry serves it under ``"elevator"``.
- Importing this package loads the standard library and the pure core only (WTForms loads
  inside the form hooks).
- A game has one winner, the first player out of cards; an unfinished game goes to the
  fewest cards when the table counted them, else to nobody (``tournament.games.shedding``).
- A table's settings: jokers (two, wild, resetting the pile; or none), the stuck elevator's
  penalty (one card per player at the table, or one card), and whether a player after a pass
  must play when able. New tables take them from a cycle of all eight combinations in which
  neighbours differ in at least two settings (``variants``).
- The rule sheet's headings and example never change between tables (``sheets``).
"""

from __future__ import annotations

from .game import ELEVATOR, Elevator
from .variants import ElevatorVariant

__all__ = ["ELEVATOR", "Elevator", "ElevatorVariant"]
