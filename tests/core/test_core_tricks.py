"""Legal plays and who takes a trick, worked by hand for each of the ten sheets."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.games.five_tricks.cards import DECK, Card, Suit
from tournament.games.five_tricks.tricks import legal_cards, trick_winner
from tournament.games.five_tricks.variants import SEED_VARIANTS, FiveTricksVariant

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES
ALL_VARIANTS = [
    FiveTricksVariant(ace, wins, trump, any_time)  # type: ignore[arg-type]
    for ace, wins, trump, any_time in product(("high", "low"), ("highest", "lowest"), (*Suit, None), (False, True))
]


def cards(text: str) -> list[Card]:
    return [Card.parse(label) for label in text.split()]


def sheet(table: int) -> FiveTricksVariant:
    return SEED_VARIANTS[table - 1]


# 4♠ is led; 7♠ follows; two hearts, two clubs; no diamond. Worked out by hand per sheet:
MIXED_TRICK = cards("4♠ 7♠ 6♥ 2♥ 3♣ 6♣")


@pytest.mark.parametrize(
    ("table", "winner", "why"),
    [
        (1, 3, "hearts trump, lowest wins: 2♥ beats 6♥"),
        (2, 1, "diamonds trump but none played: highest spade 7♠"),
        (3, 4, "clubs trump, lowest wins: 3♣ beats 6♣"),
        (4, 2, "hearts trump, highest wins: 6♥ beats 2♥"),
        (5, 0, "spades trump (the led suit), lowest wins: 4♠"),
        (6, 5, "clubs trump, highest wins: 6♣"),
        (7, 0, "diamonds trump but none played: lowest spade 4♠"),
        (8, 2, "hearts trump, highest wins: 6♥"),
        (9, 4, "clubs trump, lowest wins: 3♣"),
        (10, 1, "spades trump (the led suit), highest wins: 7♠"),
    ],
)
def test_mixed_trick_under_each_seed_sheet(table: int, winner: int, why: str) -> None:
    assert trick_winner(sheet(table), MIXED_TRICK) == winner, why


# 5♦ is led; the Ace of diamonds is the best diamond under every seed sheet.
ACE_TRICK = cards("5♦ A♦ 2♦ 7♥ 7♣")


@pytest.mark.parametrize(
    ("table", "winner"),
    [(1, 3), (2, 1), (3, 4), (4, 3), (5, 1), (6, 4), (7, 1), (8, 3), (9, 4), (10, 1)],
)
def test_ace_trick_under_each_seed_sheet(table: int, winner: int) -> None:
    assert trick_winner(sheet(table), ACE_TRICK) == winner


@pytest.mark.parametrize(
    ("variant", "plays", "winner"),
    [
        (sheet(1), "5♦ 7♦ A♠ 3♦", 3),  # no heart: lowest diamond; the off-suit A♠ cannot win
        (sheet(4), "5♦ 7♦ A♠ 3♦", 1),  # no heart: highest diamond; the off-suit A♠ cannot win
        (sheet(10), "5♦ 7♦ A♣ 3♦", 1),
        (FiveTricksVariant("low", "highest", None), "A♥ 2♥ 7♣", 1),  # Ace low but highest wins
        (FiveTricksVariant("high", "lowest", None), "7♠ A♠ 2♣", 0),  # Ace high and lowest wins: 7 < A
        (FiveTricksVariant("high", "lowest", None), "A♠ 2♠", 1),
        (sheet(2), "6♣", 0),  # a lone card takes its own trick
    ],
)
def test_trick_without_trumps_goes_to_best_card_of_led_suit(variant: FiveTricksVariant, plays: str,
                                                           winner: int) -> None:
    assert trick_winner(variant, cards(plays)) == winner


def test_best_trump_wins_when_several_trumps_are_played() -> None:
    assert trick_winner(sheet(8), cards("5♣ 2♥ 6♥ 7♣")) == 2
    assert trick_winner(sheet(5), cards("3♠ 2♠ A♥")) == 1


def test_empty_trick_is_refused() -> None:
    with pytest.raises(ValueError, match="this trick is empty"):
        trick_winner(sheet(1), [])


def test_card_played_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="the 5♥ was played twice"):
        trick_winner(sheet(1), cards("5♥ 2♣ 5♥"))


def test_trick_with_something_that_is_not_a_card_is_refused() -> None:
    with pytest.raises(ValueError, match="is not a card"):
        trick_winner(sheet(1), [Card(2, H), "3♥"])  # type: ignore[list-item]


def test_trick_needs_a_rule_variant() -> None:
    with pytest.raises(ValueError, match="expected a FiveTricksVariant"):
        trick_winner("low-lowest-hearts-no", cards("2♥"))  # type: ignore[arg-type]


HAND = cards("2♥ 5♠ 6♠ 3♣")


@pytest.mark.parametrize(
    ("variant", "led", "legal"),
    [
        (sheet(1), S, "5♠ 6♠"),  # must follow suit; hearts only when void
        (sheet(8), S, "5♠ 6♠ 2♥"),  # hearts may be played any time
        (sheet(9), S, "5♠ 6♠ 3♣"),  # clubs may be played any time
        (sheet(10), S, "5♠ 6♠"),  # spades are trumps and were led
        (sheet(8), H, "2♥"),  # trumps led: follow with the trump
        (FiveTricksVariant("high", "highest", None, True), S, "5♠ 6♠"),  # "any time" with no trump changes nothing
        (sheet(1), D, "2♥ 5♠ 6♠ 3♣"),  # void in diamonds: anything
        (sheet(8), None, "2♥ 5♠ 6♠ 3♣"),  # the leader plays anything
    ],
)
def test_legal_cards(variant: FiveTricksVariant, led: Suit | None, legal: str) -> None:
    assert legal_cards(variant, HAND, led) == set(cards(legal))


def test_empty_hand_has_no_legal_cards() -> None:
    assert legal_cards(sheet(1), [], H) == set()


def test_hand_with_a_card_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="the 5♠ was dealt twice"):
        legal_cards(sheet(1), cards("5♠ 5♠"), S)


def test_led_suit_must_be_a_suit() -> None:
    with pytest.raises(ValueError, match="led suit must be a Suit or None"):
        legal_cards(sheet(1), HAND, "spades")  # type: ignore[arg-type]


tricks = st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True)


@given(variant=st.sampled_from(ALL_VARIANTS), plays=tricks)
def test_trick_always_goes_to_a_trump_if_any_else_to_the_led_suit(variant: FiveTricksVariant,
                                                                   plays: list[Card]) -> None:
    winner = plays[trick_winner(variant, plays)]
    trumps = [card for card in plays if variant.trump is not None and card.suit is variant.trump]
    deciding = trumps or [card for card in plays if card.suit is plays[0].suit]
    assert winner in deciding
    assert all(variant.strength(card) <= variant.strength(winner) for card in deciding)


@given(variant=st.sampled_from(ALL_VARIANTS), plays=tricks, data=st.data())
def test_order_of_the_followers_does_not_change_the_winning_card(
    variant: FiveTricksVariant, plays: list[Card], data: st.DataObject
) -> None:
    followers = data.draw(st.permutations(plays[1:]))
    reordered = [plays[0], *followers]
    assert reordered[trick_winner(variant, reordered)] == plays[trick_winner(variant, plays)]


@given(
    variant=st.sampled_from(ALL_VARIANTS),
    hand=st.lists(st.sampled_from(DECK), max_size=7, unique=True),
    led=st.sampled_from([*Suit, None]),
)
def test_legal_cards_is_a_non_empty_part_of_the_hand_including_the_led_suit(
    variant: FiveTricksVariant, hand: list[Card], led: Suit | None
) -> None:
    legal = legal_cards(variant, hand, led)
    assert legal <= set(hand)
    assert bool(legal) == bool(hand)
    assert {card for card in hand if card.suit is led} <= legal
