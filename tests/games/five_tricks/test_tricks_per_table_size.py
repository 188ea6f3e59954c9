"""A Five Tricks game at n players has at most ⌊28 / n⌋ tricks, each player's and all together."""

from __future__ import annotations

import pytest

from tournament.core.errors import RuleError
from tournament.games.five_tricks import FIVE_TRICKS
from tournament.games.five_tricks.tricks import most_tricks
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.games.protocol import Report

SIX = ("Ana", "Ben", "Çelik", "Dan", "Eve", "Fay")


@pytest.mark.parametrize(("players", "most"), [(2, 14), (3, 9), (4, 7), (5, 5), (6, 4)])
def test_a_game_has_at_most_28_cards_shared_by_the_players_tricks(players: int, most: int) -> None:
    assert most_tricks(players) == most
    assert FIVE_TRICKS.score is not None and FIVE_TRICKS.score.limit(players).most == most
    assert FIVE_TRICKS.score.limit(players).total == most


def test_a_player_cannot_take_more_tricks_than_a_game_at_the_table_has() -> None:
    report = Report(scores=dict(zip(SIX, (1, 11, 0, 1, 1, 0), strict=True)))
    with pytest.raises(RuleError) as refused:
        FIVE_TRICKS.check_report(SEED_VARIANTS[0], report, SIX)
    assert "at most 4 tricks a game at a table of 6" in str(refused.value)


def test_a_table_cannot_report_more_tricks_in_all_than_a_game_there_has() -> None:
    report = Report(scores=dict(zip(SIX, (1, 1, 1, 1, 1, 0), strict=True)))
    with pytest.raises(RuleError) as refused:
        FIVE_TRICKS.check_report(SEED_VARIANTS[0], report, SIX)
    assert str(refused.value) == ("5 tricks in one game is more than the cards allow: 28 cards make at most "
                                  "4 tricks a game at a table of 6.")


def test_fewer_tricks_than_the_most_pass_as_a_table_may_deal_fewer_cards() -> None:
    FIVE_TRICKS.check_report(SEED_VARIANTS[0], Report(scores=dict(zip(SIX, (2, 1, 0, 0, 0, 0), strict=True))), SIX)
    FIVE_TRICKS.check_report(SEED_VARIANTS[0], Report(scores=dict(zip(SIX, (4, 0, 0, 0, 0, 0), strict=True))), SIX)
