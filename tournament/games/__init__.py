"""The card games an event can play, behind one protocol (``CardGame``) and one registry.

Invariants:
- Standard library only at import time (see ``protocol``); a game's web pieces load when asked.
- The tournament reads a game only through ``CardGame`` and finds it only through ``get(key)``;
  nothing outside ``tournament.games`` names a particular game except ``DEFAULT``. An event's
  game is found by ``game_of(event)`` and nothing else.
"""

from __future__ import annotations

from typing import Any

from .protocol import (
    CardFace,
    CardGame,
    Paragraph,
    Report,
    ScoreField,
    ScoreLimit,
    Scorer,
    Setting,
    TablePlay,
    TableSizes,
    Tally,
    TallyLine,
    TrickRules,
)
from .registry import DEFAULT, KEY_PATTERN, all_games, get, register, unregister

__all__ = [
    "DEFAULT",
    "KEY_PATTERN",
    "CardFace",
    "CardGame",
    "Paragraph",
    "Report",
    "ScoreField",
    "ScoreLimit",
    "Scorer",
    "Setting",
    "TablePlay",
    "TableSizes",
    "Tally",
    "TallyLine",
    "TrickRules",
    "all_games",
    "game_of",
    "get",
    "register",
    "unregister",
]


def game_of(event: Any) -> CardGame[Any]:
    """The game ``event`` plays: its ``game`` key, through the registry. An event not yet saved
    (its column default not applied yet) plays the default game, as it will once saved."""
    return get(getattr(event, "game", None) or DEFAULT)
