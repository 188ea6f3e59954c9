"""Movement after a round: every rule of the tournament guide, worked by hand."""

from __future__ import annotations

import pytest

from tournament.core import Direction, TieNote, plan_moves, plan_round, tie_text
from tournament.core.errors import RuleError

# A three-table event: table 1 is the bottom table, table 3 the top table.


def middle(results: dict[str, int]) -> dict[int, dict[str, int]]:
    """The results at table 2 of three, with the other tables empty."""
    return {1: {}, 2: results, 3: {}}


def test_four_players_one_up_one_down() -> None:
    assert plan_moves(middle({"Ana": 3, "Ben": 2, "Cleo": 1, "Dan": 0})) == {"Ana": 3, "Ben": 2, "Cleo": 2, "Dan": 1}


def test_three_players_one_up_one_stays_one_down() -> None:
    assert plan_moves(middle({"Ana": 0, "Ben": 2, "Cleo": 1})) == {"Ben": 3, "Cleo": 2, "Ana": 1}


def test_five_players_two_up_one_stays_two_down() -> None:
    results = {"Ana": 4, "Ben": 3, "Cleo": 2, "Dan": 1, "Eve": 0}
    assert plan_moves(middle(results)) == {"Ana": 3, "Ben": 3, "Cleo": 2, "Dan": 1, "Eve": 1}


def test_six_players_two_up_two_stay_two_down() -> None:
    results = {"Ana": 5, "Ben": 4, "Cleo": 3, "Dan": 2, "Eve": 1, "Fay": 0}
    assert plan_moves(middle(results)) == {"Ana": 3, "Ben": 3, "Cleo": 2, "Dan": 2, "Eve": 1, "Fay": 1}


def test_one_player_table_counts_the_player_as_winner() -> None:
    assert plan_moves(middle({"Ana": 0})) == {"Ana": 3}


def test_two_player_table_one_up_one_down() -> None:
    assert plan_moves(middle({"Ana": 1, "Ben": 0})) == {"Ana": 3, "Ben": 1}


def test_top_table_winners_stay_and_say_why() -> None:
    plan = plan_round({1: {}, 2: {}, 3: {"Ana": 3, "Ben": 3, "Cleo": 2, "Dan": 1, "Eve": 0}})
    assert plan.destinations() == {"Ana": 3, "Ben": 3, "Cleo": 3, "Dan": 2, "Eve": 2}
    ana = plan.move_for("Ana")
    assert (ana.direction, ana.outcome) == (Direction.STAY, Direction.UP)
    assert str(ana.reason) == "Ana would move up, but table 3 is the top table, so stays."
    assert plan.move_for("Cleo").reason is None


def test_bottom_table_losers_stay_and_say_why() -> None:
    plan = plan_round({1: {"Ana": 2, "Ben": 1, "Cleo": 0}, 2: {}, 3: {}})
    assert plan.destinations() == {"Ana": 2, "Ben": 1, "Cleo": 1}
    cleo = plan.move_for("Cleo")
    assert (cleo.direction, cleo.outcome, cleo.moved) == (Direction.STAY, Direction.DOWN, False)
    assert str(cleo.reason) == "Cleo would move down, but table 1 is the bottom table, so stays."


def test_move_into_an_empty_table_still_goes_to_the_next_number() -> None:
    assert plan_moves({1: {"Ana": 1, "Ben": 0}, 2: {}, 3: {"Cleo": 0, "Dan": 1}}) == {
        "Ana": 2, "Ben": 1, "Dan": 3, "Cleo": 2,
    }


def test_one_table_event_nobody_moves() -> None:
    plan = plan_round({1: {"Ana": 3, "Ben": 0, "Cleo": 1}})
    assert plan.destinations() == {"Ana": 1, "Ben": 1, "Cleo": 1}
    assert str(plan.move_for("Ana").reason) == "Ana would move up, but table 1 is the only table, so stays."
    assert str(plan.move_for("Ben").reason) == "Ben would move down, but table 1 is the only table, so stays."
    assert plan.tables[0].winner == "Ana"


def test_table_numbers_need_not_start_at_one() -> None:
    assert plan_moves({4: {"Ana": 1, "Ben": 0}, 5: {"Cleo": 1, "Dan": 0}}) == {
        "Ana": 5, "Ben": 4, "Cleo": 5, "Dan": 4,
    }


def test_no_tables_means_no_moves() -> None:
    assert plan_moves({}) == {}


def test_tie_for_most_sends_alphabetically_first_up() -> None:
    plan = plan_round(middle({"Ben": 2, "Ana": 2, "Cleo": 0}))
    assert plan.destinations() == {"Ana": 3, "Ben": 2, "Cleo": 1}
    assert plan.tables[1].winner == "Ana"
    assert str(plan.ties[0].text) == "Ana and Ben tied on 2 games; alphabetical order ranks Ana above Ben."
    assert plan.ties == (
        TieNote(2, ("Ana", "Ben"), 2, tie_text(("Ana", "Ben"), 2), decides_move=True, decides_winner=True),
    )


def test_tie_for_fewest_sends_alphabetically_last_down() -> None:
    plan = plan_round(middle({"Ana": 3, "Cleo": 0, "Ben": 0, "Dan": 1}))
    assert plan.destinations() == {"Ana": 3, "Dan": 2, "Ben": 2, "Cleo": 1}
    assert [str(note.text) for note in plan.ties] == [
        "Ben and Cleo tied on 0 games; alphabetical order ranks Ben above Cleo."
    ]


def test_tie_across_both_cuts_at_a_big_table() -> None:
    plan = plan_round(middle({"Eve": 0, "Cleo": 2, "Ana": 2, "Dan": 0, "Ben": 2}))
    assert plan.destinations() == {"Ana": 3, "Ben": 3, "Cleo": 2, "Dan": 1, "Eve": 1}
    assert [str(note.text) for note in plan.ties] == [
        "Ana, Ben and Cleo tied on 2 games; alphabetical order ranks Ana above Ben above Cleo."
    ]


def test_tie_on_one_game_uses_singular() -> None:
    plan = plan_round(middle({"Ben": 1, "Ana": 1}))
    assert str(plan.ties[0].text) == "Ana and Ben tied on 1 game; alphabetical order ranks Ana above Ben."


def test_tie_that_decided_nothing_is_not_explained() -> None:
    results = {"Ana": 3, "Ben": 3, "Cleo": 1, "Dan": 1, "Eve": 0, "Fay": 0}
    plan = plan_round(middle(results))
    assert plan.destinations() == {"Ana": 3, "Ben": 3, "Cleo": 2, "Dan": 2, "Eve": 1, "Fay": 1}
    # Ana and Ben both move up, but the tie still decided the round winner.
    assert [(note.players, note.decides_move, note.decides_winner) for note in plan.ties] == [
        (("Ana", "Ben"), False, True)
    ]


def test_tie_is_explained_even_when_the_top_table_keeps_everyone() -> None:
    plan = plan_round({1: {}, 2: {"Ben": 1, "Ana": 1, "Cleo": 0}})
    assert plan.destinations() == {"Ana": 2, "Ben": 2, "Cleo": 1}
    assert plan.ties[0].players == ("Ana", "Ben")


def test_ordering_ignores_case_and_accents() -> None:
    plan = plan_round(middle({"Fred": 1, "Émile": 1, "Ben": 0, "ana": 0}))
    assert plan.tables[1].ranking == ("Émile", "Fred", "ana", "Ben")
    assert plan.destinations() == {"Émile": 3, "Fred": 2, "ana": 2, "Ben": 1}
    assert [str(note.text) for note in plan.ties] == [
        "Émile and Fred tied on 1 game; alphabetical order ranks Émile above Fred.",
        "ana and Ben tied on 0 games; alphabetical order ranks ana above Ben.",
    ]


def test_same_name_in_different_case_counts_as_two_players_ordered_by_exact_string() -> None:
    assert plan_moves(middle({"ana": 1, "Ana": 1})) == {"Ana": 3, "ana": 1}


def test_table_results_for_screens() -> None:
    plan = plan_round({1: {"Ana": 1, "Ben": 0}, 2: {}, 3: {"Cleo": 2}})
    bottom, empty, top = plan.tables
    assert [standing.games for standing in bottom.standings] == [1, 0]
    assert (empty.winner, empty.moves, empty.ties) == (None, (), ())
    assert top.winner == "Cleo"
    assert [move.player for move in plan.moves] == ["Ana", "Ben", "Cleo"]
    assert plan.next_sizes() == {1: 1, 2: 1, 3: 1}


def test_size_warnings_flag_tables_left_too_small_or_crowded() -> None:
    plan = plan_round({1: {"Ana": 1}, 2: {"Ben": 1, "Cleo": 0}})
    assert plan.next_sizes() == {1: 1, 2: 2}
    assert tuple(map(str, plan.size_warnings())) == ("Table 1 would have 1 player, fewer than 2.",)
    assert tuple(map(str, plan.size_warnings(fewest=1, most=1))) == ("Table 2 would have 2 players, more than 1.",)


def test_player_at_two_tables_is_refused_naming_both() -> None:
    with pytest.raises(ValueError, match="Ana is listed at table 1 and table 2"):
        plan_moves({1: {"Ana": 1, "Ben": 0}, 2: {"Ana": 0}})


def test_table_numbers_with_a_gap_are_refused() -> None:
    with pytest.raises(ValueError, match=r"without gaps; got 1, 2, 4 \(table 3 missing\)"):
        plan_moves({1: {}, 2: {}, 4: {}})


@pytest.mark.parametrize("number", [0, -2])
def test_table_numbers_below_one_are_refused(number: int) -> None:
    with pytest.raises(ValueError, match=f"positive whole numbers; got {number}"):
        plan_moves({number: {"Ana": 1}, 1: {}})


@pytest.mark.parametrize("number", ["1", True, 1.0])
def test_table_numbers_that_are_not_whole_numbers_are_refused(number: object) -> None:
    with pytest.raises(ValueError, match="table number must be a whole number"):
        plan_moves({number: {"Ana": 1}})  # type: ignore[dict-item]


def test_negative_games_are_refused() -> None:
    with pytest.raises(ValueError, match="games won at table 2 for Ben cannot be negative"):
        plan_moves({1: {"Ana": 1}, 2: {"Ben": -1}})


def test_blank_name_is_refused() -> None:
    with pytest.raises(ValueError, match="name cannot be empty or blank"):
        plan_moves({1: {" ": 1}})


def test_results_that_are_not_mappings_are_refused() -> None:
    with pytest.raises(ValueError, match="expected a mapping of table number"):
        plan_moves([{"Ana": 1}])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected a mapping of player name"):
        plan_moves({1: ["Ana"]})  # type: ignore[dict-item]


def test_asking_for_a_player_who_did_not_play_is_refused() -> None:
    with pytest.raises(ValueError, match="'Zed' did not play in this round"):
        plan_round({1: {"Ana": 1}}).move_for("Zed")


def test_several_missing_table_numbers_are_all_named() -> None:
    with pytest.raises(ValueError, match=r"got 1, 4 \(tables 2, 3 missing\)"):
        plan_moves({1: {}, 4: {}})


def test_size_warnings_of_an_adjusted_seating_name_each_table_outside_two_to_seven() -> None:
    from tournament.core.movement import size_warnings

    assert tuple(map(str, size_warnings({1: 1, 2: 4, 3: 8}))) == (
        "Table 1 has 1 player, fewer than 2.",
        "Table 3 has 8 players, more than 7.",
    )


def test_a_game_of_partnerships_moves_both_partners_of_each_team():
    two = lambda size: 2  # noqa: E731  # partners move together
    tables = {1: {"Ana": 1, "Ben": 1, "Cy": 0, "Dee": 0},
              2: {"Eve": 2, "Finn": 0, "Gus": 2, "Hal": 0},
              3: {"Ida": 0, "Jo": 1, "Kim": 0, "Lu": 1}}
    plan = plan_round(tables, movers=two)
    assert plan.destinations() == {"Ana": 2, "Ben": 2, "Cy": 1, "Dee": 1,   # the losing pair stays at the bottom
                                   "Eve": 3, "Gus": 3, "Finn": 1, "Hal": 1,
                                   "Jo": 3, "Lu": 3, "Ida": 2, "Kim": 2}    # the winning pair stays at the top
    assert sorted(plan.next_sizes().values()) == [4, 4, 4]
    # The round winner is still one name: partners tie, and the alphabet names the first.
    assert {result.table: result.winner for result in plan.tables}[2] == "Eve"


def test_a_game_must_move_at_least_one_player_from_a_table_that_played():
    with pytest.raises(RuleError, match="at least one player moves up"):
        plan_round({1: {"Ana": 1, "Ben": 0}, 2: {"Cy": 1, "Dee": 0}}, movers=lambda size: 0)
