"""The words of Euchre's rule sheets (no browser): one set of headings, each table's own rules
only, and the card order the example trick is worked out by."""

from __future__ import annotations

import itertools

import pytest

from tournament.games.euchre import EUCHRE, EuchreVariant
from tournament.games.euchre.sheets import HEADINGS, Card, Suit, rule_sheet, trick_winner

VARIANTS = [EuchreVariant(a, b) for a, b in itertools.product((False, True), repeat=2)]
H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


def test_every_table_s_sheet_has_the_same_headings_and_example():
    sheets = [rule_sheet(v) for v in VARIANTS]
    assert {tuple(str(s.heading) for s in sheet.sections) for sheet in sheets} == {HEADINGS}
    assert len({sheet.example for sheet in sheets}) == 1


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_a_sheet_states_the_bidding_its_table_plays_and_nothing_of_the_other_option(variant):
    text = rule_sheet(variant).text
    assert ("“no trump”" in text) is variant.no_trump
    assert ("no-trump hand there are no bowers: every suit ranks A K Q J 10 9" in text) is variant.no_trump
    assert ("the dealer must name trump" in text) is variant.stick_the_dealer
    assert ("misdeal" in text) is not variant.stick_the_dealer


def test_every_sheet_keeps_the_scoring_chart_and_the_game_to_10():
    for variant in VARIANTS:
        scoring = rule_sheet(variant).sections[HEADINGS.index("Scoring")].text
        for fact in ("1 point for 3 or 4 tricks, 2 for all 5", "Alone: 1 point for 3 or 4, 4 for all 5",
                     "fewer than 3 tricks are euchred: the other team scores 2", "first team to 10 points"):
            assert fact in scoring


@pytest.mark.parametrize(("cards", "trump", "taker"), [
    pytest.param((Card("9", H), Card("A", H), Card("J", D), Card("A", S)), H, 2,
                 id="left_bower_beats_the_ace_of_trump"),
    pytest.param((Card("J", D), Card("J", H), Card("A", H), Card("K", D)), H, 1, id="right_bower_beats_the_left"),
    pytest.param((Card("A", D), Card("K", D), Card("J", D), Card("9", H)), H, 2,
                 id="left_bower_is_a_trump_not_a_card_of_its_own_suit"),
    pytest.param((Card("A", S), Card("9", C), Card("K", S), Card("Q", S)), C, 1, id="any_trump_beats_the_suit_led"),
    pytest.param((Card("K", S), Card("A", C), Card("Q", S), Card("9", S)), None, 0,
                 id="without_trump_only_the_suit_led_takes"),
    pytest.param((Card("J", S), Card("Q", S), Card("J", C), Card("10", S)), None, 1,
                 id="without_trump_a_jack_ranks_between_queen_and_ten"),
])
def test_the_card_that_takes_a_trick(cards, trump, taker):
    assert trick_winner(cards, trump) == taker


def test_the_example_trick_is_taken_by_the_left_bower_as_its_caption_says():
    example = EUCHRE.rule_sheet(EuchreVariant()).example
    assert example.winner == 2 and example.cards[2] == Card("J", D)
    assert "Player 3 takes the trick" in rule_sheet(EuchreVariant()).text
