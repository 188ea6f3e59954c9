"""Elbows Up!'s points per deal, case by case, as the rules (and docs/games/elbows-up.md) state them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tournament.core.errors import RuleError
from tournament.games.elbows_up.scoring import MAX_DEAL_POINTS, MAX_GAME_POINTS, deal_points


@pytest.mark.parametrize(("bid", "tricks", "tea", "points"), [
    pytest.param(6, 6, None, 30, id="bid_6_took_6_scores_30"),
    pytest.param(6, 9, None, 30, id="bid_6_took_more_still_scores_30"),
    pytest.param(8, 8, None, 30, id="exact_big_bid_scores_30_not_10_plus_bid"),
    pytest.param(9, 6, None, 30, id="big_bid_short_but_6_or_more_scores_30"),
    pytest.param(7, 5, None, 0, id="big_bid_with_5_tricks_is_short_and_scores_0"),
    pytest.param(5, 7, None, 7, id="bid_5_took_7_scores_the_tricks"),
    pytest.param(0, 0, None, 10, id="bid_0_and_no_trick_scores_10"),
    pytest.param(0, 3, None, 3, id="bid_0_and_tricks_taken_score_the_tricks"),
    pytest.param(4, 4, None, 14, id="exact_bid_scores_10_plus_bid"),
    pytest.param(1, 1, None, 11, id="exact_bid_of_1_scores_11"),
    pytest.param(5, 5, None, 15, id="exact_bid_of_5_scores_15"),
    pytest.param(4, 3, None, 0, id="fewer_tricks_than_bid_scores_0"),
    pytest.param(3, 0, None, 0, id="no_trick_after_a_bid_scores_0"),
    pytest.param(4, 5, None, 5, id="more_tricks_than_bid_scores_the_tricks"),
    pytest.param(4, 4, "4+5", 19, id="tea_4_plus_5_with_bid_4_and_exactly_4_adds_5"),
    pytest.param(1, 1, "1+5", 16, id="tea_1_plus_5_with_bid_1_and_exactly_1_adds_5"),
    pytest.param(4, 5, "4+5", 5, id="tea_4_plus_5_with_more_than_4_tricks_adds_nothing"),
    pytest.param(4, 3, "4+5", 0, id="tea_4_plus_5_with_fewer_tricks_adds_nothing"),
    pytest.param(3, 3, "4+5", 13, id="tea_4_plus_5_with_another_exact_bid_adds_nothing"),
    pytest.param(1, 1, "4+5", 11, id="the_other_tea_card_does_not_pay_for_bid_1"),
    pytest.param(0, 1, "1+5", 1, id="tea_1_plus_5_needs_the_bid_of_1_too"),
    pytest.param(1, 2, "1+5", 2, id="tea_1_plus_5_with_2_tricks_adds_nothing"),
])
def test_a_deal_scores_as_the_chart_says(bid: int, tricks: int, tea: str | None, points: int) -> None:
    assert deal_points(bid, tricks, tea) == points


def test_no_deal_scores_more_than_the_game_s_score_field_allows() -> None:
    best = max(deal_points(bid, tricks, tea) for bid in range(16) for tricks in range(16)
               for tea in (None, "4+5", "1+5"))
    assert 0 <= best <= MAX_DEAL_POINTS and MAX_GAME_POINTS == 350


@pytest.mark.parametrize(("bid", "tricks", "tea"), [
    (-1, 0, None), (0, 16, None), (True, 1, None), (2.0, 2, None), ("3", 3, None), (4, 4, "2+5"),
])
def test_a_bid_or_trick_count_outside_the_deck_or_an_unknown_tea_card_is_refused(bid, tricks, tea) -> None:
    with pytest.raises(RuleError):
        deal_points(bid, tricks, tea)


def test_every_example_in_the_docs_scoring_table_scores_what_it_says() -> None:
    docs = (Path(__file__).resolve().parents[3] / "docs" / "games" / "elbows-up.md").read_text(encoding="utf-8")
    table = docs.split("## Points for one deal")[1].split("##")[0]
    examples = re.findall(r"(?:(4\+5|1\+5), )?bid (\d+), took (\d+): (\d+)", table)
    assert len(examples) == 11  # every row of the table has at least one
    for tea, bid, tricks, points in examples:
        assert deal_points(int(bid), int(tricks), tea or None) == int(points), (tea, bid, tricks)
