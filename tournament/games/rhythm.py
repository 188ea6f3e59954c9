"""What follows from a game's ``Rhythm``: the score slip's game columns and the guide's
sentence about a round. The default round length is ``Rhythm.round_minutes`` itself.

Invariants:
- Every page reads these two functions, so the slip, the guide and the entry pages (through
  ``CardGame.usual_games``) never disagree about what a round holds.
- A game of several short games a round keeps the slip's full width of game columns, however
  long the round: the last game is often started and cut short, and a column too many costs
  nothing on paper.
- A game of one game a round gets as many columns as the round usually holds games
  (``CardGame.usual_games`` at the smallest table, the fastest): one, unless the organiser made
  the round long enough for more; the guide then says what such a round holds.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.i18n import Text, Tn
from .protocol import CardGame, GamesPerRound, Rhythm

# As many game columns as fit across a score slip (a third of a page) with the names and totals.
SLIP_GAMES: Final = 8

# The guide's sentence for a round of several games; the games that play so state it.
SEVERAL_GAMES: Final = Tn(
    "Each round lasts {n} minute, usually long enough for several games. The player who won the most "
    "games in the round wins the round.",
    "Each round lasts {n} minutes, usually long enough for several games. The player who won the most "
    "games in the round wins the round.",
    0,
)


def slip_games(game: CardGame[Any], round_minutes: int) -> int:
    """The game columns of a score slip for rounds of ``round_minutes``."""
    if game.rhythm.games is GamesPerRound.SEVERAL:
        return SLIP_GAMES
    return min(SLIP_GAMES, max(1, game.usual_games(game.table_sizes.smallest, round_minutes)))


def round_text(game: CardGame[Any], round_minutes: int) -> Text:
    """The guide's sentence about a round of ``round_minutes``: the game's own, unless a game of
    one game a round is given rounds that hold more (then the sentence about several games)."""
    one_game = game.rhythm.games is GamesPerRound.ONE
    text = game.rhythm.round_text if not one_game or slip_games(game, round_minutes) == 1 else SEVERAL_GAMES
    return text.filled(n=round_minutes)


__all__ = ["SEVERAL_GAMES", "SLIP_GAMES", "GamesPerRound", "Rhythm", "round_text", "slip_games"]
