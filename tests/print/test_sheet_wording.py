"""Rule-sheet and guide wording, generated from variants: no app needed."""

from __future__ import annotations

import itertools
import re
from types import SimpleNamespace

import pytest

from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.sheets import EXAMPLE_TRICK, HEADINGS, rule_sheet
from tournament.games.five_tricks.tricks import trick_winner
from tournament.games.five_tricks.variants import SEED_VARIANTS, FiveTricksVariant
from tournament.services.guide import guide_sections
from tournament.services.markers import marker

ALL_VARIANTS = [
    FiveTricksVariant(ace, wins, trump, any_time)
    for ace, wins, trump, any_time in itertools.product(
        ("high", "low"), ("highest", "lowest"), (*Suit, None), (False, True)
    )
]
SUIT_WORDS = {suit: re.compile(rf"\b{suit.value[:-1]}s?\b", re.IGNORECASE) for suit in Suit}


def ids(variant: FiveTricksVariant) -> str:
    return variant.code


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=ids)
def test_every_sheet_has_the_same_headings_in_the_same_order(variant):
    assert tuple(str(s.heading) for s in rule_sheet(variant).sections) == HEADINGS


@pytest.mark.parametrize("variant", [v for v in ALL_VARIANTS if v.trump], ids=ids)
def test_trump_sheet_never_names_another_suit(variant):
    text = rule_sheet(variant).text
    assert SUIT_WORDS[variant.trump].search(text)
    for other in set(Suit) - {variant.trump}:
        assert not SUIT_WORDS[other].search(text), f"{other.value} named on a {variant.code} sheet"


def test_hearts_trump_sheet_never_names_clubs_as_trump():
    # The seed's sheet 8 says "the club you played" on a hearts sheet; generated ones must not.
    trumps = rule_sheet(SEED_VARIANTS[7]).sections[HEADINGS.index("Trumps")].text
    assert trumps.startswith("Hearts (♥) are trumps.")
    assert "club" not in trumps.lower()


@pytest.mark.parametrize("variant", [v for v in ALL_VARIANTS if v.trump is None], ids=ids)
def test_no_trump_sheet_says_so_and_names_no_suit(variant):
    sheet = rule_sheet(variant)
    assert "without trumps" in sheet.sections[HEADINGS.index("Trumps")].text
    assert not any(word.search(sheet.text) for word in SUIT_WORDS.values())


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=ids)
def test_sheet_states_its_own_ace_and_winning_card_only(variant):
    text = rule_sheet(variant).text
    other_ace = {"high": "low", "low": "high"}[variant.ace]
    other_wins = {"highest": "lowest", "lowest": "highest"}[variant.wins]
    assert f"The Ace is {variant.ace}" in text and f"The Ace is {other_ace}" not in text
    assert f"the {variant.wins} card takes the trick" in text
    assert other_wins not in text


@pytest.mark.parametrize(
    ("ace", "wins", "order"),
    [
        ("high", "highest", "Ace, 7, 6, 5, 4, 3, 2"),
        ("low", "lowest", "Ace, 2, 3, 4, 5, 6, 7"),
        ("low", "highest", "7, 6, 5, 4, 3, 2, Ace"),
        ("high", "lowest", "2, 3, 4, 5, 6, 7, Ace"),
    ],
)
def test_sheet_lists_ranks_from_the_winning_card_down(ace, wins, order):
    text = rule_sheet(FiveTricksVariant(ace, wins, Suit.HEARTS)).text
    assert f"From the card that wins to the card that loses: {order}." in text


@pytest.mark.parametrize("variant", [v for v in ALL_VARIANTS if v.trump], ids=ids)
def test_trump_timing_is_worded_for_any_time_or_only_when_void(variant):
    trumps = rule_sheet(variant).sections[HEADINGS.index("Trumps")].text
    assert ("at any time, even when you could follow suit" in trumps) is variant.trump_any_time
    assert ("Only when you hold no card of the led suit" in trumps) is (not variant.trump_any_time)


def test_all_sheets_are_about_the_same_length():
    words = [len(rule_sheet(v).text.split()) for v in ALL_VARIANTS]
    assert max(words) - min(words) <= 0.1 * max(words)


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=ids)
def test_example_trick_winner_comes_from_the_core(variant):
    example = rule_sheet(variant).example
    assert example.cards == EXAMPLE_TRICK
    assert example.winner == trick_winner(variant, EXAMPLE_TRICK)
    assert f"Here player {example.winner + 1} takes the trick with the {EXAMPLE_TRICK[example.winner]}" in example.text


def test_example_trick_is_won_by_every_player_somewhere_in_the_seed_kit():
    assert {rule_sheet(v).example.winner for v in SEED_VARIANTS} == {0, 1, 2, 3}


def test_markers_are_distinct_and_never_spell_out_the_table():
    strips = [marker(n).text for n in range(1, 201)]
    assert len(set(strips)) == len(strips)
    assert all(re.fullmatch(r"([A2-7][♥♠♣♦]){4}[A2-7]", s) for s in strips)
    assert marker(3).text == marker(3).text


def test_guide_fills_in_the_events_times_and_top_table():
    event = SimpleNamespace(study_minutes=6, practice_minutes=2, round_minutes=9, tables=[object()] * 7)
    text = " ".join(str(s.text) for s in guide_sections(event))
    assert "You have 6 minutes to read" in text
    assert "Each round lasts 9 minutes" in text
    assert "about 2 minutes of play at your home table" in text
    assert "top table (table 7)" in text


def test_guide_states_the_movement_unfinished_game_and_tie_rules():
    event = SimpleNamespace(study_minutes=5, practice_minutes=3, round_minutes=7, tables=[object()] * 3)
    sections = {str(s.heading): str(s.text) for s in guide_sections(event)}
    assert "most tricks so far wins that game" in sections["Game winner"]
    assert "more than four players" in sections["Big tables"]
    assert "two players with the most" in sections["Big tables"]
    assert "stay there" in sections["Top and bottom"] and "table 1" in sections["Top and bottom"]
    assert "alphabetically first player moves up" in sections["Ties"]
    assert "alphabetically last moves down" in sections["Ties"]
