"""A card in words for screen readers: each language orders rank and suit its own way."""

from __future__ import annotations

import pytest

from tournament.games.card_words import spoken
from tournament.games.protocol import CardFace


def _face(rank: str, suit: str) -> CardFace:
    return CardFace(rank=rank, suit=suit, symbol="?", red=suit in ("hearts", "diamonds"), code=f"{rank}{suit[0]}")


@pytest.mark.parametrize(("rank", "suit", "english"), [("A", "spades", "ace of spades"), ("7", "hearts", "7 of hearts"),
                                                     ("Q", "diamonds", "queen of diamonds")])
def test_a_card_is_said_in_words_not_in_symbols(rank, suit, english):
    assert str(spoken(_face(rank, suit))) == english


def test_a_suit_without_words_keeps_the_cards_own_label():
    assert spoken(CardFace(rank="3", suit="stars", symbol="★", red=False, code="3s")) == "3★"


ACE_OF_SPADES = [("de", "Pik Ass"), ("fr", "as de pique"), ("nl", "schoppen aas"), ("es", "as de picas"),
                 ("it", "asso di picche"), ("pt", "ás de espadas")]


@pytest.mark.parametrize(("language", "said"), ACE_OF_SPADES)
def test_each_language_says_the_ace_of_spades_in_its_own_order(app, language, said):
    from tournament.i18n import translate

    with app.test_request_context():
        assert translate(spoken(_face("A", "spades")), language) == said
