"""Properties of movement that must hold for any round, checked with Hypothesis."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tournament.core import Direction, name_key, plan_moves, plan_round

Tables = dict[int, dict[str, int]]

# A small alphabet with case and accent variants makes alphabetical ties and near-duplicates common.
names = st.text(alphabet="aAbBeéÉz ", min_size=1, max_size=4).filter(str.strip)


@st.composite
def rounds(draw: st.DrawFn, max_tables: int = 6) -> Tables:
    first = draw(st.integers(1, 3))
    count = draw(st.integers(1, max_tables))
    tables: Tables = {number: {} for number in range(first, first + count)}
    for player in draw(st.lists(names, unique=True, max_size=30)):
        table = draw(st.sampled_from(sorted(tables)))
        tables[table][player] = draw(st.integers(0, 4))
    return tables


def seat_of(tables: Tables) -> dict[str, int]:
    return {player: number for number, results in tables.items() for player in results}


@given(rounds())
def test_every_player_is_placed_exactly_once(tables: Tables) -> None:
    destinations = plan_moves(tables)
    assert destinations.keys() == seat_of(tables).keys()
    assert len(plan_round(tables).moves) == len(seat_of(tables))


@given(rounds())
def test_nobody_moves_more_than_one_table_or_leaves_the_range(tables: Tables) -> None:
    seats = seat_of(tables)
    for player, table in plan_moves(tables).items():
        assert abs(table - seats[player]) <= 1
        assert min(tables) <= table <= max(tables)


@given(rounds())
def test_at_most_two_leave_a_table_in_each_direction(tables: Tables) -> None:
    for result in plan_round(tables).tables:
        for direction in (Direction.UP, Direction.DOWN):
            leaving = [move for move in result.moves if move.direction is direction]
            assert len(leaving) <= (2 if len(result.moves) > 4 else 1)


@given(rounds(), st.randoms(use_true_random=False))
def test_result_does_not_depend_on_dict_order(tables: Tables, rng: random.Random) -> None:
    numbers = list(tables)
    rng.shuffle(numbers)
    shuffled: Tables = {}
    for number in numbers:
        players = list(tables[number].items())
        rng.shuffle(players)
        shuffled[number] = dict(players)
    assert plan_round(shuffled) == plan_round(tables)


@given(rounds())
def test_order_preserving_renaming_keeps_every_destination(tables: Tables) -> None:
    everyone = sorted(seat_of(tables), key=name_key)
    rename = {player: f"P{index:03d}" for index, player in enumerate(everyone)}
    renamed = {number: {rename[p]: games for p, games in results.items()} for number, results in tables.items()}
    original = plan_moves(tables)
    assert plan_moves(renamed) == {rename[player]: table for player, table in original.items()}


@given(rounds(max_tables=1))
def test_with_one_table_nobody_moves(tables: Tables) -> None:
    (only,) = tables
    assert set(plan_moves(tables).values()) <= {only}


@given(rounds())
def test_every_tie_that_split_outcomes_is_explained(tables: Tables) -> None:
    plan = plan_round(tables)
    explained = {frozenset(note.players) for note in plan.ties}
    for result in plan.tables:
        by_games: dict[int, list[str]] = {}
        for standing in result.standings:
            by_games.setdefault(standing.games, []).append(standing.player)
        outcome = {move.player: move.outcome for move in result.moves}
        for group in by_games.values():
            if len({outcome[player] for player in group}) > 1:
                assert frozenset(group) in explained
