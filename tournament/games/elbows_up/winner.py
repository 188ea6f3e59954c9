"""Who wins a game of Elbows Up!: the one function both the scoresheet and a table's reported
points go through, so the two can never disagree.

Rules: the most points wins; players tied on the most points are ordered alphabetically (the
app's collation, ``core.ranking.game_winner``) and the first wins; nobody wins while nobody has
a point (no deal scored yet, or every deal scored nothing).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.ranking import game_winner


def points_winner(points: Mapping[str, int]) -> str | None:
    """The winner's name among ``points`` (name -> points), or ``None`` while nobody scored."""
    return game_winner(points)
