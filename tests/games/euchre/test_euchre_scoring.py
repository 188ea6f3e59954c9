"""Euchre's scoring chart and game, rule by rule (``tournament.games.euchre.scoring``)."""

from __future__ import annotations

import pytest

from tournament.core.errors import RuleError
from tournament.games.euchre.scoring import (
    MAX_HANDS,
    Hand,
    HandScore,
    add_up,
    hand_score,
    pairs,
    score_next,
    start,
    team_name,
)

PLAYERS = {"a": "Ann", "b": "Bo", "c": "Cy", "d": "Dee"}  # seat order
AC, BD = frozenset("ac"), frozenset("bd")


def hand(makers: str, tricks: int, alone: bool = False) -> Hand:
    return Hand(frozenset(makers), alone, tricks)


@pytest.mark.parametrize(("alone", "tricks", "expected"), [
    pytest.param(False, 3, HandScore(makers=True, points=1), id="makers_taking_3_score_1"),
    pytest.param(False, 4, HandScore(makers=True, points=1), id="makers_taking_4_score_1"),
    pytest.param(False, 5, HandScore(makers=True, points=2), id="makers_taking_all_5_score_2"),
    pytest.param(True, 3, HandScore(makers=True, points=1), id="makers_alone_taking_3_score_1"),
    pytest.param(True, 4, HandScore(makers=True, points=1), id="makers_alone_taking_4_score_1"),
    pytest.param(True, 5, HandScore(makers=True, points=4), id="makers_alone_taking_all_5_score_4"),
    pytest.param(False, 2, HandScore(makers=False, points=2), id="euchred_makers_with_2_give_defenders_2"),
    pytest.param(False, 0, HandScore(makers=False, points=2), id="euchred_makers_with_0_give_defenders_2"),
    pytest.param(True, 2, HandScore(makers=False, points=2), id="euchred_alone_maker_gives_defenders_2"),
    pytest.param(True, 0, HandScore(makers=False, points=2), id="euchred_alone_maker_with_0_gives_defenders_2"),
])
def test_the_scoring_chart(alone, tricks, expected):
    assert hand_score(alone, tricks) == expected


def test_partners_sitting_opposite_are_offered_first_then_the_other_pairs():
    assert pairs(("a", "b", "c", "d")) == (("a", "c"), ("b", "d"), ("a", "b"), ("a", "d"), ("b", "c"), ("c", "d"))


def test_the_first_hand_s_makers_and_the_other_two_are_the_teams_first_seated_player_s_team_first():
    standing = add_up(PLAYERS, [hand("bd", 3)])
    assert standing.teams == (AC, BD) and standing.totals == (0, 1)
    # Makers who do not sit opposite may still be a team: the table says who partnered whom.
    unusual = add_up(PLAYERS, [hand("cd", 5)])
    assert unusual.teams == (frozenset("ab"), frozenset("cd")) and unusual.totals == (0, 2)


def test_later_makers_must_be_one_of_the_teams_the_first_hand_fixed():
    standing = add_up(PLAYERS, [hand("ac", 3)])
    refusal = r"^Ann & Bo are not a team in this game; the teams are Ann & Cy and Bo & Dee\.$"
    with pytest.raises(RuleError, match=refusal):
        score_next(PLAYERS, standing, hand("ab", 3))


def test_the_defenders_score_when_the_makers_are_euchred():
    standing = add_up(PLAYERS, [hand("ac", 2), hand("bd", 1, alone=True)])
    assert standing.totals == (2, 2)
    assert [(s.team, s.points) for s in standing.hands] == [(1, 2), (0, 2)]


def test_the_first_team_to_10_points_wins_the_game():
    hands = [hand("ac", 5, alone=True), hand("ac", 5, alone=True), hand("bd", 3), hand("ac", 5)]
    standing = add_up(PLAYERS, hands)
    assert standing.totals == (10, 1) and standing.finished and standing.winners == AC


def test_no_hand_follows_a_won_game():
    won = add_up(PLAYERS, [hand("ac", 5, alone=True)] * 3)
    assert won.finished and won.totals == (12, 0)
    with pytest.raises(RuleError, match=r"^the game is over: Ann & Cy reached 10 points\.$"):
        score_next(PLAYERS, won, hand("bd", 3))
    with pytest.raises(RuleError, match=r"^hand 4: the game is over"):
        add_up(PLAYERS, [hand("ac", 5, alone=True)] * 4)


def test_an_unfinished_game_goes_to_the_team_ahead():
    standing = add_up(PLAYERS, [hand("ac", 3), hand("bd", 5), hand("ac", 4)])
    assert standing.totals == (2, 2) and not standing.finished and standing.winners == frozenset()
    ahead = score_next(PLAYERS, standing, hand("bd", 4))
    assert ahead.totals == (2, 3) and not ahead.finished and ahead.winners == BD


def test_a_level_game_and_a_game_without_hands_go_to_nobody():
    assert start(PLAYERS).winners == frozenset() and start(PLAYERS).teams is None
    assert add_up(PLAYERS, [hand("ac", 3), hand("bd", 3)]).winners == frozenset()


def test_a_game_lasts_at_most_19_hands_because_every_hand_scores():
    # The longest game: 9 points each one point at a time, then the 19th hand ends it.
    hands = [hand("ac" if i % 2 == 0 else "bd", 3) for i in range(18)] + [hand("ac", 3)]
    standing = add_up(PLAYERS, hands)
    assert MAX_HANDS == 19 == len(hands) and standing.totals == (10, 9) and standing.finished


@pytest.mark.parametrize(("players", "message"), [
    ({"a": "Ann", "b": "Bo", "c": "Cy"}, "Euchre is played by four: this table has 3 players."),
    ({**PLAYERS, "e": "Eve"}, "Euchre is played by four: this table has 5 players."),
])
def test_euchre_is_scored_only_at_a_table_of_four(players, message):
    with pytest.raises(RuleError, match=message):
        add_up(players, [])


def test_makers_from_another_table_are_refused():
    with pytest.raises(RuleError, match=r"^hand 1: the makers must be two players of this table\.$"):
        add_up(PLAYERS, [hand("ax", 3)])


@pytest.mark.parametrize(("makers", "alone", "tricks"), [
    (frozenset("a"), False, 3), (frozenset("abc"), False, 3), (frozenset("ac"), False, 6),
    (frozenset("ac"), False, -1), (frozenset("ac"), False, True), (frozenset("ac"), "yes", 3),
])
def test_a_hand_is_two_makers_a_yes_or_no_and_0_to_5_tricks(makers, alone, tricks):
    with pytest.raises(RuleError):
        Hand(makers, alone, tricks)


def test_a_team_is_named_by_its_players_in_seat_order():
    assert team_name(PLAYERS, frozenset("ca")) == "Ann & Cy"
