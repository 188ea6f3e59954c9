"""Game winners and round rankings at one table.

Invariants:
- Inputs map a player's name to a count of tricks or games; names must be valid (``names``) and
  counts whole numbers >= 0. Bad input is refused before anything is computed.
- More is better; equal counts are ordered by ``name_key`` (alphabetical, ignoring case and
  accents), so in a tie for most the alphabetically first ranks higher and in a tie for fewest
  the alphabetically last ranks lowest. The result never depends on the mapping's order.
- A game in which nobody took a trick has no winner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import RuleError, require_count
from .i18n import Name, T, Text
from .names import name_key, require_name


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a table's round ranking."""

    player: str
    games: int
    place: int  # 1 = round winner; places are unique because ties are broken alphabetically


def validate_counts(counts: object, what: Text | str) -> dict[str, int]:
    """Copy of ``counts`` after checking every name and count; ``what`` names the counted thing."""
    if not isinstance(counts, Mapping):
        raise RuleError(T("expected a mapping of player name to {what}, not {value}", what=what, value=repr(counts)))
    checked: dict[str, int] = {}
    for player, count in counts.items():
        require_name(player)
        checked[player] = require_count(count, T("{what} for {player}", what=what, player=Name(player)))
    return checked


def _order(counts: Mapping[str, int]) -> list[str]:
    return sorted(counts, key=lambda player: (-counts[player], name_key(player)))


def game_winner(tricks: Mapping[str, int]) -> str | None:
    """Player with the most tricks (alphabetical on a tie); ``None`` if no trick was taken."""
    checked = validate_counts(tricks, T("tricks"))
    if not any(checked.values()):
        return None
    return _order(checked)[0]


def rank_players(games_won: Mapping[str, int]) -> list[str]:
    """Players best first: most games won, ties in alphabetical order."""
    return _order(validate_counts(games_won, T("games won")))


def standings(games_won: Mapping[str, int]) -> tuple[Standing, ...]:
    """``rank_players`` with each player's games and place, for results screens."""
    checked = validate_counts(games_won, T("games won"))
    return tuple(
        Standing(player=player, games=checked[player], place=place)
        for place, player in enumerate(_order(checked), start=1)
    )
