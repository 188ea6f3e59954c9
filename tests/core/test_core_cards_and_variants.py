"""Cards, the deck, rule variants and their stored forms."""

from __future__ import annotations

import pytest

from tournament.core import RuleError
from tournament.games import settings as declared
from tournament.games.five_tricks import FIVE_TRICKS
from tournament.games.five_tricks.cards import DECK, Card, Suit
from tournament.games.five_tricks.variants import SEED_VARIANTS, FiveTricksVariant

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def test_suit_values_are_the_lowercase_names() -> None:
    assert [suit.value for suit in Suit] == ["hearts", "diamonds", "clubs", "spades"]


def test_deck_has_28_distinct_cards_ace_to_seven_in_each_suit() -> None:
    assert len(DECK) == 28
    assert len(set(DECK)) == 28
    assert {card.rank for card in DECK} == {1, 2, 3, 4, 5, 6, 7}
    assert all(sum(card.suit is suit for card in DECK) == 7 for suit in Suit)


def test_card_is_frozen_and_hashable() -> None:
    card = Card(rank=1, suit=S)
    with pytest.raises(AttributeError):
        card.rank = 2  # type: ignore[misc]
    assert {card, Card(1, S)} == {card}


@pytest.mark.parametrize(
    ("card", "label"),
    [(Card(1, S), "A♠"), (Card(7, H), "7♥"), (Card(3, C), "3♣"), (Card(5, D), "5♦")],
)
def test_card_label_is_rank_then_suit_symbol(card: Card, label: str) -> None:
    assert str(card) == label


@pytest.mark.parametrize(
    ("text", "card"),
    [("A♠", Card(1, S)), ("7h", Card(7, H)), ("3 clubs", Card(3, C)), ("ace of spades", Card(1, S)),
     ("1D", Card(1, D))],
)
def test_card_parse_reads_common_spellings(text: str, card: Card) -> None:
    assert Card.parse(text) == card


def test_card_parse_round_trips_every_label() -> None:
    assert all(Card.parse(str(card)) == card for card in DECK)


@pytest.mark.parametrize("rank", [0, 8, -1, 13])
def test_rank_outside_one_to_seven_is_refused(rank: int) -> None:
    with pytest.raises(ValueError, match=rf"rank {rank} is outside 1\.\.7"):
        Card(rank, H)


@pytest.mark.parametrize("rank", [True, 2.0, "3"])
def test_rank_that_is_not_a_whole_number_is_refused(rank: object) -> None:
    with pytest.raises(RuleError, match="rank must be a whole number"):
        Card(rank, H)  # type: ignore[arg-type]


def test_suit_must_be_a_suit() -> None:
    with pytest.raises(ValueError, match="'hearts' is not a suit"):
        Card(2, "hearts")  # type: ignore[arg-type]


def test_unreadable_card_text_is_refused() -> None:
    with pytest.raises(ValueError, match="'8♠' is not a card"):
        Card.parse("8♠")


def test_seed_variants_match_the_ten_printed_sheets() -> None:
    table = [
        ("low", "lowest", H, False), ("high", "highest", D, False), ("low", "lowest", C, False),
        ("high", "highest", H, False), ("low", "lowest", S, False), ("high", "highest", C, False),
        ("low", "lowest", D, False), ("high", "highest", H, True), ("low", "lowest", C, True),
        ("high", "highest", S, False),
    ]
    assert tuple(FiveTricksVariant(a, w, t, y) for a, w, t, y in table) == SEED_VARIANTS


@pytest.mark.parametrize(
    ("ace", "wins", "best_to_worst"),
    [
        ("high", "highest", [1, 7, 6, 5, 4, 3, 2]),
        ("low", "lowest", [1, 2, 3, 4, 5, 6, 7]),
        ("low", "highest", [7, 6, 5, 4, 3, 2, 1]),
        ("high", "lowest", [2, 3, 4, 5, 6, 7, 1]),
    ],
)
def test_strength_orders_ranks_by_ace_and_wins(ace: str, wins: str, best_to_worst: list[int]) -> None:
    variant = FiveTricksVariant(ace, wins, None)  # type: ignore[arg-type]
    ordered = sorted((Card(rank, H) for rank in range(1, 8)), key=variant.strength, reverse=True)
    assert [card.rank for card in ordered] == best_to_worst


def test_no_trump_with_trump_any_time_is_accepted() -> None:
    assert FiveTricksVariant("high", "highest", None, True).trump_any_time is True


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ace": "top", "wins": "highest", "trump": None}, "ace must be 'high' or 'low'"),
        ({"ace": "high", "wins": "most", "trump": None}, "wins must be 'highest' or 'lowest'"),
        ({"ace": "high", "wins": "highest", "trump": "hearts"}, "trump must be a suit or None"),
        ({"ace": "high", "wins": "highest", "trump": None, "trump_any_time": 1},
         "trump_any_time must be True or False"),
    ],
)
def test_bad_variant_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FiveTricksVariant(**kwargs)  # type: ignore[arg-type]


def test_differences_counts_differing_settings() -> None:
    table1, table2, table8 = SEED_VARIANTS[0], SEED_VARIANTS[1], SEED_VARIANTS[7]
    assert table1.differences(table1) == 0
    assert table1.differing_settings(table2) == ("ace", "wins", "trump")
    assert SEED_VARIANTS[3].differing_settings(table8) == ("trump_any_time",)
    assert table1.differences(table8) == 3


@pytest.mark.parametrize("variant", [*SEED_VARIANTS, FiveTricksVariant("low", "highest", None, True)])
def test_stored_forms_round_trip(variant: FiveTricksVariant) -> None:
    assert declared.from_json(FIVE_TRICKS.settings, declared.to_json(FIVE_TRICKS.settings, variant)) == variant
    assert FiveTricksVariant.from_code(variant.code) == variant


def test_code_is_short_and_readable() -> None:
    assert SEED_VARIANTS[0].code == "low-lowest-hearts-no"
    assert SEED_VARIANTS[7].code == "high-highest-hearts-yes"
    assert FiveTricksVariant("high", "lowest", None).code == "high-lowest-none-no"
    assert declared.to_json(FIVE_TRICKS.settings, SEED_VARIANTS[8]) == {"ace": "low", "wins": "lowest",
                                                                        "trump": "clubs",
                                                             "trump_any_time": True}


def test_stored_form_with_missing_key_is_refused() -> None:
    with pytest.raises(ValueError, match="must be stored as an object with the keys"):
        declared.from_json(FIVE_TRICKS.settings, {"ace": "low", "wins": "lowest", "trump": None})


def test_malformed_code_is_refused() -> None:
    with pytest.raises(ValueError, match="is not a rule variant code"):
        FiveTricksVariant.from_code("low-lowest")
