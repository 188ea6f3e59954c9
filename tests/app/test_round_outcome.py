"""services.outcome: one round's outcome from its seats and games, plain values in and out."""

from __future__ import annotations

from tournament.services.outcome import round_outcome

SEATS = {"Ana": 2, "Ben": 2, "Cleo": 2, "Dan": 2}
GAMES = [(2, ["Ana"]), (2, ["Ana"]), (2, ["Ben"])]


def _row(outcome, name):
    return next(r for r in outcome.rows if r.player == name)


def test_outcome_depends_only_on_seats_and_games():
    first = round_outcome(1, [1, 2, 3], SEATS, GAMES)
    again = round_outcome(1, [1, 2, 3], dict(reversed(SEATS.items())), list(reversed(GAMES)))
    assert first == again
    assert first.winners() == {2: "Ana"}
    assert [(r.player, r.games, r.direction) for r in first.rows] == [
        ("Ana", 2, "up"), ("Ben", 1, "stay"), ("Cleo", 0, "stay"), ("Dan", 0, "down")]


def test_seat_moved_by_hand_is_the_move_shown_and_the_ranking_is_named_beside_it():
    following = {"Ana": (3, False), "Ben": (2, False), "Cleo": (2, False), "Dan": (2, True)}
    dan = _row(round_outcome(1, [1, 2, 3], SEATS, GAMES, following), "Dan")
    assert (dan.direction, dan.to_table, dan.manual) == ("stay", 2, True)
    assert str(dan.note) == "Dan is seated at table 2 by hand for round 2; the ranking sent Dan down to table 1."
    assert dan.reason is None


def test_player_missing_from_the_next_round_is_out():
    following = {"Ana": (3, False), "Ben": (2, False), "Cleo": (2, False)}
    planned = round_outcome(1, [1, 2, 3], SEATS, GAMES, following)
    started = round_outcome(1, [1, 2, 3], SEATS, GAMES, following, next_started=True)
    assert _row(planned, "Dan").direction == "out"
    assert str(_row(planned, "Dan").note) == "Dan is not seated in round 2."
    assert str(_row(started, "Dan").note) == "Dan did not play round 2."
    assert planned.next_sizes == {1: 0, 2: 2, 3: 1}


def test_player_leaving_an_open_round_is_ranked_and_nobody_takes_her_place():
    outcome = round_outcome(1, [1, 2, 3], SEATS, GAMES, leaving={"Ana"})
    assert outcome.winners() == {2: "Ana"}
    assert _row(outcome, "Ana").direction == "out"
    assert _row(outcome, "Ben").direction == "stay"
    assert outcome.destinations()["Ben"] == 2


def test_every_winner_of_a_shared_game_seated_at_its_table_wins_it():
    shared = round_outcome(1, [1, 2], {"Ana": 2, "Ben": 2, "Cleo": 2, "Dan": 1},
                           [(2, ["Ana", "Ben"]), (2, ["Ben"]), (2, ["Cleo", "Dan"]), (1, [])])
    assert {r.player: r.games for r in shared.rows} == {"Ana": 1, "Ben": 2, "Cleo": 1, "Dan": 0}
    assert shared.winners() == {2: "Ben"}
    assert shared.unreported() == [1]  # a game without winners reports nothing


def test_a_name_given_instead_of_a_list_of_winners_is_refused():
    import pytest

    with pytest.raises(TypeError, match="winners of a game"):
        round_outcome(1, [2], SEATS, [(2, "Ana")])
