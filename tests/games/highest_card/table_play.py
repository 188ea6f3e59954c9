"""Highest Card at an online table: each seat is dealt three cards of a 52-card deck, any card
may be played, the highest rank takes the trick (the first played of equal ranks), and the deal
reports who took the most tricks (all of them, or the first name, as the table's ties rule
says). Only what ``tournament.games.TablePlay`` asks for: the app's engine does the rest."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tournament.core.errors import RuleError
from tournament.core.names import name_key
from tournament.games.protocol import CardFace, Report

if TYPE_CHECKING:
    from .game import Variant  # the game module reads this one: its rules, by type only

KING: Final = 13
LETTERS: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}

CARDS_EACH: Final = 3
SUITS: Final = ("clubs", "diamonds", "hearts", "spades")
SYMBOLS: Final = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
Card = tuple[int, str]  # (rank 1..13, suit)
DECK: Final[tuple[Card, ...]] = tuple((rank, suit) for suit in SUITS for rank in range(1, KING + 1))
_BY_CODE: Final = {f"{rank}{suit[0]}": (rank, suit) for rank, suit in DECK}


def _strength(variant: Variant, card: Card) -> int:
    return KING + 1 if card[0] == 1 and variant.ace == "high" else card[0]


class HighestCardTable:
    """Highest Card's ``TablePlay``."""

    def cards_each(self, players: int) -> int:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= len(DECK) // CARDS_EACH:
            raise RuleError(f"a deal of Highest Card needs 2 to 17 players, not {players!r}")
        return CARDS_EACH

    def deal(self, seed: bytes, players: int, dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        deck = list(DECK)
        random.Random(hashlib.sha256(seed).digest()).shuffle(deck)
        hands = tuple(tuple(sorted(deck[seat * CARDS_EACH:(seat + 1) * CARDS_EACH])) for seat in range(players))
        return hands, tuple(deck[players * CARDS_EACH:])

    def legal_cards(self, variant: Variant, hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
        return set(hand)

    def trick_winner(self, variant: Variant, trick: Sequence[Card]) -> int:
        best = max(_strength(variant, card) for card in trick)
        return next(index for index, card in enumerate(trick) if _strength(variant, card) == best)

    def report(self, variant: Variant, players: Sequence[str], taken: Sequence[int]) -> Report:
        most = max(taken, default=0)
        tied = sorted((name for name, count in zip(players, taken, strict=True) if count == most and most),
                      key=name_key)
        return Report(winners=frozenset(tied if variant.ties == "share" else tied[:1]))

    def face(self, card: Card) -> CardFace:
        rank, suit = card
        return CardFace(rank=LETTERS.get(rank, str(rank)), suit=suit, symbol=SYMBOLS[suit],
                        red=suit in ("diamonds", "hearts"), code=f"{rank}{suit[0]}")

    def card_from_code(self, code: str) -> Card:
        card = _BY_CODE.get(code)
        if card is None:
            raise RuleError(f"no card is written {code[:8]!r}")
        return card


HIGHEST_CARD_TABLE: Final = HighestCardTable()
