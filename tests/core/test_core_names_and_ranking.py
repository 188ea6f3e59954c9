"""Names, the alphabetical tie rule, game winners and round rankings."""

from __future__ import annotations

import pytest

from tournament.core import Standing, fold_name, game_winner, name_key, rank_players, same_name, standings


def test_names_sort_ignoring_case_and_accents() -> None:
    names = ["Zoë", "ben", "Émile", "ana", "Eli", "Çem", "Dan"]
    assert sorted(names, key=name_key) == ["ana", "ben", "Çem", "Dan", "Eli", "Émile", "Zoë"]


def test_exact_string_decides_only_when_otherwise_equal() -> None:
    assert sorted(["ana", "Ána", "Ana"], key=name_key) == ["Ana", "ana", "Ána"]
    assert name_key("Ana") != name_key("ana")


def test_fold_name_trims_and_collapses_space() -> None:
    assert fold_name("  Émile   Zola ") == fold_name("emile zola")
    assert fold_name("Émile Zola") != fold_name("EmileZola")


def test_same_name_is_case_accent_and_space_insensitive() -> None:
    assert same_name("Émile", " emile")
    assert same_name("ANA maria", "Ana  María")
    assert not same_name("Ana", "Anna")


def test_game_winner_took_most_tricks() -> None:
    assert game_winner({"Ben": 2, "Ana": 1, "Cleo": 0}) == "Ben"


def test_tie_for_most_tricks_goes_to_alphabetically_first() -> None:
    assert game_winner({"ben": 2, "Ana": 2, "Cleo": 1}) == "Ana"
    assert game_winner({"Émile": 3, "Dan": 1, "Fred": 3}) == "Émile"


@pytest.mark.parametrize("tricks", [{}, {"Ana": 0, "Ben": 0}])
def test_game_without_a_trick_taken_has_no_winner(tricks: dict[str, int]) -> None:
    assert game_winner(tricks) is None


def test_rank_players_most_games_first_ties_alphabetical() -> None:
    assert rank_players({"Cleo": 1, "ben": 2, "Ana": 1, "Émile": 0, "Dan": 0}) == ["ben", "Ana", "Cleo", "Dan", "Émile"]


def test_rank_players_of_nobody_is_empty() -> None:
    assert rank_players({}) == []


def test_standings_give_games_and_places() -> None:
    assert standings({"Ben": 1, "Ana": 1, "Cleo": 2}) == (
        Standing("Cleo", 2, 1),
        Standing("Ana", 1, 2),
        Standing("Ben", 1, 3),
    )


@pytest.mark.parametrize("function", [game_winner, rank_players])
def test_negative_count_is_refused(function) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="for Ben cannot be negative"):
        function({"Ana": 1, "Ben": -1})


@pytest.mark.parametrize("count", [1.5, "2", True, None])
@pytest.mark.parametrize("function", [game_winner, rank_players])
def test_count_that_is_not_a_whole_number_is_refused(function, count: object) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="for Ana must be a whole number"):
        function({"Ana": count})


@pytest.mark.parametrize("name", ["", "   ", "\t"])
@pytest.mark.parametrize("function", [game_winner, rank_players, fold_name])
def test_blank_name_is_refused(function, name: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="name cannot be empty or blank"):
        function({name: 1} if function is not fold_name else name)


def test_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(ValueError, match="name must be text"):
        rank_players({7: 1})  # type: ignore[dict-item]


def test_results_that_are_not_a_mapping_are_refused() -> None:
    with pytest.raises(ValueError, match="expected a mapping of player name"):
        rank_players([("Ana", 1)])  # type: ignore[arg-type]
