"""A table that reported no game has no result to rank by: no round winner, nobody there moves."""

from __future__ import annotations

import pytest

from tournament.core import Direction, RuleError, plan_moves, plan_round

ROUND = {1: {"Ana": 2, "Ben": 0}, 2: {"Cleo": 0, "Dan": 0, "Eve": 0}, 3: {"Fay": 1, "Gus": 0}}


def test_table_that_reported_no_game_has_no_round_winner() -> None:
    plan = plan_round(ROUND, reported={1, 3})
    silent = plan.tables[1]
    assert silent.winner is None
    assert not silent.reported
    assert silent.ties == ()
    assert "reported no game" in str(silent.note) and "no round winner" in str(silent.note)


def test_nobody_at_a_table_that_reported_no_game_moves() -> None:
    plan = plan_round(ROUND, reported={1, 3})
    assert {m.player: m.direction for m in plan.tables[1].moves} == {
        "Cleo": Direction.STAY, "Dan": Direction.STAY, "Eve": Direction.STAY}
    # Neighbouring tables still move, so players may arrive at the silent table.
    assert plan.destinations() == {"Ana": 2, "Ben": 1, "Cleo": 2, "Dan": 2, "Eve": 2, "Fay": 3, "Gus": 2}


def test_plan_moves_still_treats_every_table_as_reported() -> None:
    assert plan_moves(ROUND) == plan_round(ROUND, reported={1, 2, 3}).destinations()
    assert plan_moves(ROUND)["Cleo"] == 3  # alphabetical winner of 0-0-0, as before


def test_wins_at_a_table_said_to_report_nothing_are_refused() -> None:
    with pytest.raises(RuleError, match="Ana"):
        plan_round(ROUND, reported={2, 3})


def test_reported_table_must_exist() -> None:
    with pytest.raises(RuleError, match="table 9"):
        plan_round(ROUND, reported={1, 9})


def test_empty_table_without_games_has_no_note() -> None:
    plan = plan_round({1: {"Ana": 1}, 2: {}}, reported={1})
    assert plan.tables[1].note is None and plan.tables[1].winner is None
