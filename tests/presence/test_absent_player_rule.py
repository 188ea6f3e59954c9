"""The core's rule for a player absent for a round: left out of the round's ranking and moves,
keeping her table; for everyone else the round is planned as if she had not been seated."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.core import Direction, RuleError, plan_round
from tournament.core.movement import guide_movers

Tables = dict[int, dict[str, int]]

names = st.text(alphabet="aAbBeéÉz ", min_size=1, max_size=4).filter(str.strip)


@st.composite
def rounds_with_absentees(draw: st.DrawFn) -> tuple[Tables, set[str], set[int]]:
    """A round, some players absent (never winners: an absentee wins no game), and the tables
    that reported."""
    count = draw(st.integers(1, 5))
    tables: Tables = {number: {} for number in range(1, count + 1)}
    absent: set[str] = set()
    for player in draw(st.lists(names, unique=True, max_size=25)):
        table = draw(st.sampled_from(sorted(tables)))
        if draw(st.booleans()) and draw(st.booleans()):
            absent.add(player)
            tables[table][player] = 0
        else:
            tables[table][player] = draw(st.integers(0, 4))
    # A table with a win reported; one without may have reported games nobody won.
    reported = {number for number, results in tables.items() if any(results.values()) or draw(st.booleans())}
    return tables, absent, reported


def _without(tables: Tables, absent: set[str]) -> Tables:
    return {number: {p: g for p, g in results.items() if p not in absent} for number, results in tables.items()}


@given(rounds_with_absentees())
def test_an_absentee_changes_nothing_for_the_others_but_leaves_her_table_ranked_without_her(case) -> None:
    tables, absent, reported = case
    with_absent = plan_round(tables, reported, absent=absent)
    without = plan_round(_without(tables, absent), reported)
    others = {p: t for p, t in with_absent.destinations().items() if p not in absent}
    assert others == without.destinations()
    for mine, theirs in zip(with_absent.tables, without.tables, strict=True):
        assert mine.standings == theirs.standings
        assert mine.winner == theirs.winner
        assert mine.ties == theirs.ties


@given(rounds_with_absentees())
def test_an_absentee_is_not_ranked_and_keeps_her_table(case) -> None:
    tables, absent, reported = case
    plan = plan_round(tables, reported, absent=absent)
    seat = {player: number for number, results in tables.items() for player in results}
    for player in absent:
        move = plan.move_for(player)
        assert move.to_table == seat[player] and move.direction is Direction.STAY
        assert move.reason is not None and "absent" in str(move.reason)
    for result in plan.tables:
        assert not set(result.ranking) & absent
        assert set(result.absent) == absent & set(tables[result.table])


@given(rounds_with_absentees())
def test_every_player_present_or_absent_is_placed_exactly_once(case) -> None:
    tables, absent, reported = case
    plan = plan_round(tables, reported, absent=absent)
    assert sorted(m.player for m in plan.moves) == sorted(p for results in tables.values() for p in results)
    assert sum(plan.next_sizes().values()) == len(plan.moves)


def test_the_movers_are_counted_from_the_players_who_were_there() -> None:
    # Five seated move two each way; with one away the table of four moves one each way.
    table = {"Ana": 3, "Ben": 2, "Cleo": 1, "Dan": 0, "Eve": 0}
    tables = {1: {"Zed": 1}, 2: table, 3: {"Yan": 1}}
    assert guide_movers(5) == 2
    plan = plan_round(tables, absent={"Eve"})
    moves = {m.player: m.direction for m in plan.tables[1].moves}
    assert moves == {"Ana": Direction.UP, "Ben": Direction.STAY, "Cleo": Direction.STAY,
                     "Dan": Direction.DOWN, "Eve": Direction.STAY}
    assert plan.tables[1].ranking == ("Ana", "Ben", "Cleo", "Dan")


def test_unlike_an_absentee_a_player_with_no_win_is_ranked_and_moves() -> None:
    tables = {1: {"Ana": 0}, 2: {"Ben": 2, "Cleo": 0}}
    assert plan_round(tables).destinations()["Cleo"] == 1
    assert plan_round(tables, absent={"Cleo"}).destinations()["Cleo"] == 2


def test_an_absentee_listed_with_won_games_is_refused() -> None:
    with pytest.raises(RuleError, match="won games at table 2"):
        plan_round({1: {"Ana": 0}, 2: {"Ben": 2, "Cleo": 1}}, absent={"Cleo"})


def test_an_absentee_not_seated_anywhere_is_refused() -> None:
    with pytest.raises(RuleError, match="not seated"):
        plan_round({1: {"Ana": 0}}, absent={"Zoe"})


def test_a_table_whose_players_were_all_absent_has_no_winner_and_nobody_moves() -> None:
    plan = plan_round({1: {"Ana": 1}, 2: {"Ben": 0, "Cleo": 0}}, reported={1}, absent={"Ben", "Cleo"})
    assert plan.tables[1].winner is None and plan.tables[1].ranking == ()
    assert plan.destinations() == {"Ana": 2, "Ben": 2, "Cleo": 2}  # Ana, winning below, still moves up
