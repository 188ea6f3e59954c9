"""Elevator UP: a hand-shedding game for 3 to 6 players, laying the same or a higher floor on
the pile, with hand, face-up and face-down cards and special cards.

Invariants:
- ``ELEVATOR_UP`` is the one instance; the registry serves it under ``"elevator-up"``.
- Importing this package loads the standard library and the pure core only (WTForms loads
  inside the form hooks).
- The game's own deck is played with a standard 52-card deck, mapped once in ``variants``:
  Ace = Penthouse (the top floor), 10 = New Building, 2 = Lobby, 7 = Stuck, Jack = Door Closed.
- A game has one winner, the first player out of cards (face-down cards included); an
  unfinished game goes to the fewest cards when the table counted them, else to nobody
  (``tournament.games.shedding``).
- A table's settings: whether the 7s are Stuck and the Jacks Door Closed (else ordinary
  floors), and whether four of a floor in a row clear the pile. New tables take them from a
  cycle of all eight combinations in which neighbours differ in at least two settings.
- The rule sheet's headings and key cards never change between tables (``sheets``).
"""

from __future__ import annotations

from .game import ELEVATOR_UP, ElevatorUp
from .variants import ElevatorUpVariant

__all__ = ["ELEVATOR_UP", "ElevatorUp", "ElevatorUpVariant"]
