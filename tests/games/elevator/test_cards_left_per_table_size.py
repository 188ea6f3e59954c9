"""Elevator's "cards left" hold no more than the hands can: the discard pile's first card is in no
hand, and every other player but the one who went out still holds a card."""

from __future__ import annotations

import pytest

from tournament.core.errors import RuleError
from tournament.games.elevator.game import ELEVATOR
from tournament.games.elevator.variants import ElevatorVariant
from tournament.games.elevator_up.game import ELEVATOR_UP
from tournament.games.elevator_up.variants import ElevatorUpVariant
from tournament.games.protocol import Report

FOUR = ("Ana", "Ben", "Cleo", "Dan")
NO_JOKERS = ElevatorVariant(jokers=False)


def test_all_52_cards_cannot_be_left_in_hands_while_one_lies_on_the_discard_pile() -> None:
    with pytest.raises(RuleError) as refused:
        ELEVATOR.check_report(NO_JOKERS, Report(scores={"Ana": 0, "Ben": 50, "Cleo": 1, "Dan": 1}), FOUR)
    assert "less the first card of the discard pile" in str(refused.value)


def test_one_player_cannot_hold_the_cards_the_others_still_hold() -> None:
    report = Report(scores={"Ana": 1, "Ben": 50})  # Cleo and Dan uncounted, yet one of them holds a card
    with pytest.raises(RuleError) as refused:
        ELEVATOR.check_report(NO_JOKERS, report, FOUR)
    assert str(refused.value) == ("cards left run from 0 to 49 at a table of 4: every other player but one "
                                  "still holds a card.")
    ELEVATOR.check_report(NO_JOKERS, Report(scores={"Ana": 0, "Ben": 49, "Cleo": 1, "Dan": 1}), FOUR)


def test_the_entry_field_states_the_bound_at_the_tables_size() -> None:
    assert ELEVATOR.score is not None and ELEVATOR.score.limit(4).most == 51  # 54 cards with the jokers
    assert str(ELEVATOR.score.limit(4).message) == "Cards left run from 0 to 51 at a table of 4."
    assert ELEVATOR_UP.score is not None and ELEVATOR_UP.score.limit(6).most == 48


def test_elevator_up_may_hold_the_whole_deck_but_a_card_in_every_other_hand() -> None:
    ELEVATOR_UP.check_report(ElevatorUpVariant(), Report(scores={"Ana": 0, "Ben": 50, "Cleo": 1, "Dan": 1}), FOUR)
    with pytest.raises(RuleError):
        ELEVATOR_UP.check_report(ElevatorUpVariant(), Report(scores={"Ana": 0, "Ben": 51, "Cleo": 1}), FOUR)
