"""Highest card wins: a second game that exists only in the tests.

It proves the game seam: everything the tournament needs from this game lives in this package
(rules, variants, result checks, rule sheet, variant form), and an event plays it from start to
export without a line of it anywhere in ``tournament/``. Registered by ``tests/games/conftest.py``.
"""

from __future__ import annotations

from .game import CARD, HIGHEST_CARD, HighestCard, Variant

__all__ = ["CARD", "HIGHEST_CARD", "HighestCard", "Variant"]
