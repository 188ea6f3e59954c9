"""The games this app can run, by key.

Invariants:
- Keys are unique and match ``KEY_PATTERN``; a key once registered names the same game until
  it is unregistered (tests only). ``DEFAULT`` (Five Tricks) is always registered and cannot
  be removed: every event made before games could be chosen plays it.
- Only objects that satisfy the ``CardGame`` protocol are accepted.
- The built-in games are imported on first use, so importing the registry costs nothing and
  pulls in no game's code; registration is safe from several threads at once.
- An unknown key is refused with a ``RuleError`` a teacher can read (an event file naming a
  game this app lacks), showing at most the first 40 printable characters of the key.
"""

from __future__ import annotations

import re
import threading
from typing import Any, Final

from ..core.errors import RuleError
from ..core.i18n import T, Text
from .protocol import CardGame

DEFAULT: Final[str] = "five-tricks"
KEY_PATTERN: Final[re.Pattern[str]] = re.compile(r"[a-z0-9-]{1,40}")

_games: dict[str, CardGame[Any]] = {}
_lock = threading.Lock()
_builtins_loaded = False


def _load_builtins() -> None:
    global _builtins_loaded
    if _builtins_loaded:
        return
    with _lock:
        if _builtins_loaded:
            return
        from .elbows_up import ELBOWS_UP
        from .elevator import ELEVATOR
        from .elevator_up import ELEVATOR_UP
        from .euchre import EUCHRE
        from .five_tricks import FIVE_TRICKS

        # The order of the game choice when an event is created: the default first.
        for game in (FIVE_TRICKS, EUCHRE, ELBOWS_UP, ELEVATOR, ELEVATOR_UP):
            _games.setdefault(game.key, game)
        _builtins_loaded = True


def _shown(key: object) -> str:
    text = key if isinstance(key, str) else repr(key)
    return "".join(char if char.isprintable() else "?" for char in text[:40]) + ("…" if len(text) > 40 else "")


def _unknown(key: object) -> Text:
    return T("This app does not know the game '{key}'.", key=_shown(key))


def register(game: CardGame[Any]) -> CardGame[Any]:
    """Add ``game`` under its key and return it (so it can decorate or end a module)."""
    _load_builtins()
    if not isinstance(game, CardGame):
        raise RuleError(T("{game} is not a game: it lacks part of what the tournament asks of a game", game=repr(game)))
    key = game.key
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise RuleError(T("a game's key is 1 to 40 lower-case letters, digits or dashes, not '{key}'", key=_shown(key)))
    with _lock:
        if key in _games:
            raise RuleError(T("A game with the key '{key}' is already registered.", key=key))
        _games[key] = game
    return game


def unregister(key: str) -> None:
    """Remove a game (tests register their own and remove it afterwards)."""
    _load_builtins()
    if key == DEFAULT:
        raise RuleError(T("The default game '{key}' cannot be removed.", key=DEFAULT))
    with _lock:
        if _games.pop(key, None) is None:
            raise RuleError(_unknown(key))


def get(key: str) -> CardGame[Any]:
    """The game registered under ``key``."""
    _load_builtins()
    game = _games.get(key) if isinstance(key, str) else None
    if game is None:
        raise RuleError(_unknown(key))
    return game


def all_games() -> tuple[CardGame[Any], ...]:
    """Every registered game, the default first, then in the order they were registered."""
    _load_builtins()
    with _lock:
        return tuple(_games.values())
