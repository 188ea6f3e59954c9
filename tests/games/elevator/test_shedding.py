"""The winner rule Elevator and Elevator UP share (tournament.games.shedding), case by case:
the first player out of cards wins; counted cards decide, the fewest winning, a tie going to
the alphabetically first name; a ticked winner the counts contradict is refused."""

from __future__ import annotations

from typing import Any

import pytest

from tournament.core.errors import RuleError
from tournament.games import Report, shedding
from tournament.i18n import translate

SEATED = ("Zoë", "Ana", "Ben", "Émile")
DECK = 54


def report(winner: str | None = None, **counts: int) -> Report:
    return Report(frozenset({winner}) if winner else frozenset(), counts or None)


@pytest.mark.parametrize(("case", "given", "winner"), [
    ("the_ticked_player_wins_a_game_reported_without_counts", report("Ben"), "Ben"),
    ("the_player_holding_no_cards_wins_a_finished_game", report(Ana=3, Ben=0, Zoë=7), "Ben"),
    ("a_finished_game_may_tick_the_winner_and_give_the_counts", report("Ben", Ana=3, Ben=0), "Ben"),
    ("an_unfinished_game_goes_to_the_fewest_cards", report(Ana=5, Ben=2, Zoë=9), "Ben"),
    ("a_tie_for_fewest_cards_goes_to_the_alphabetically_first", report(Zoë=2, Ben=2, Ana=4), "Ben"),
    ("the_tie_order_ignores_accents_and_case", report(Zoë=3, Émile=3, ana=3), "ana"),
    ("a_ticked_winner_agreeing_with_the_counts_stands", report("Ana", Ana=1, Ben=1), "Ana"),
    ("players_without_a_count_are_not_compared", report(Ana=4, Zoë=6), "Ana"),
])
def test_the_game_winner(case: str, given: Report, winner: str) -> None:
    assert shedding.game_winners(given) == {winner}, case


def test_an_unfinished_game_without_counts_has_no_winner() -> None:
    assert shedding.game_winners(Report()) == frozenset()


@pytest.mark.parametrize(("given", "message"), [
    (report("Zoë", Ana=3, Ben=0, Zoë=2), "the cards left make Ben the winner, but Zoë is marked"),
    (report("Ana", Ana=3, Ben=3), None),
    (report("Ben", Ana=2, Ben=3), "make Ana the winner, but Ben is marked"),
    (report("Émile", Ana=2, Ben=3), "make Ana the winner, but Émile is marked"),
])
def test_a_ticked_winner_the_counts_contradict_is_refused_not_overruled(given: Report, message: str | None) -> None:
    if message is None:
        assert shedding.game_winners(given) == {"Ana"}
        return
    with pytest.raises(RuleError, match=message):
        shedding.game_winners(given)


@pytest.mark.parametrize(("given", "message"), [
    (Report(frozenset({"Ana", "Ben"})), "only one player can go out first, not Ana, Ben"),
    (report("Eve"), "the winner must be a player seated at this table"),
    (report(Eve=3), "not seated at this table"),
    (report(Ana=-1), "cannot be negative"),
    (Report(scores={"Ana": True}), "whole numbers"),  # type: ignore[dict-item]
    (report(Ana=30, Ben=25), "55 cards left in one game is more than the deck holds \\(54\\)"),
    (report(Ana=0, Ben=0, Zoë=4), "only one player can be out of cards"),
])
def test_a_report_no_table_could_make_is_refused(given: Report, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        shedding.check_report(given, SEATED, DECK)


def test_counts_up_to_the_whole_deck_are_accepted() -> None:
    shedding.check_report(report(Ana=0, Ben=20, Zoë=20, Émile=14), SEATED, DECK)
    with pytest.raises(RuleError, match="more than the deck holds \\(52\\)"):
        shedding.check_report(report(Ana=0, Ben=20, Zoë=20, Émile=14), SEATED, 52)


@pytest.mark.parametrize(("stored", "problem"), [
    (report("Ana", Ana=0, Ben=5), None),
    (report("Ben", Ana=2, Ben=2), None),  # a stored tie may name either tied player
    (report("Ben", Ana=1, Ben=2), "the winner 'Ben' holds more cards than Ana"),
    (report("Zoë", Ana=1, Ben=2), "the winner 'Zoë' has no count of cards left"),
    (report("Ben"), None),
    (report(Ana=1), None),
])
def test_a_stored_winner_must_hold_no_more_cards_than_anyone(stored: Report, problem: str | None) -> None:
    found = shedding.consistent(stored)
    assert found == problem if problem is None else found is not None and str(found).startswith(problem)


def test_the_cards_left_field_runs_from_none_to_the_whole_deck_and_decides_without_overruling() -> None:
    field = shedding.cards_left(52)
    assert (str(field.label), field.column, field.minimum, field.maximum, field.total_at_most) == (
        "Cards left", "cards_left", 0, 52, 52)
    assert field.decides and not field.overrules_ticked
    assert shedding.winner_choices(["Zoë", "Ana"]) == (frozenset({"Zoë"}), frozenset({"Ana"}))


def test_a_refusal_reads_in_the_page_s_language_and_names_the_players_as_typed(app: Any) -> None:
    with pytest.raises(RuleError) as refused:
        shedding.check_report(Report(frozenset({"Zoë", "Ana"})), {"Zoë", "Ana"}, 52)
    with app.test_request_context():
        assert translate(refused.value.text, "fr") == "un seul joueur peut finir le premier, pas Ana, Zoë."
        assert translate(shedding.cards_left(54).message, "es") == "Las cartas restantes van de 0 a 54."
