"""Suits, cards and the 28-card Five Tricks deck.

Invariants:
- A ``Card`` always has a rank in 1..7 (1 is the Ace) and a ``Suit``; anything else is refused
  when the card is built, so the rest of the core never meets an impossible card.
- Cards are immutable and hashable; two cards are equal exactly when rank and suit are equal.
- ``DECK`` holds each of the 28 cards once, suits in ``Suit`` order, ranks Ace..7.
- Labels and parsing are lookup tables, so ``Card.parse(str(card)) == card`` for every card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from ...core.errors import RuleError

RANKS: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7)
ACE: Final[int] = 1


class Suit(Enum):
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        # A suit in a message's English reads as its symbol, as the sheets print it.
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its name ("hearts"), symbol ("♥") or initial ("h"), any case."""
        if not isinstance(text, str):
            raise RuleError(f"a suit must be given as text, not {text!r}")
        suit = _SUIT_BY_TEXT.get(text.strip().casefold())
        if suit is None:
            raise RuleError(f"{text!r} is not a suit; use hearts, diamonds, clubs or spades")
        return suit


SUIT_SYMBOLS: Final[dict[Suit, str]] = {
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.SPADES: "♠",
}
RED_SUITS: Final[frozenset[Suit]] = frozenset({Suit.HEARTS, Suit.DIAMONDS})
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {
    **{suit.value: suit for suit in Suit},
    **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()},
    **{suit.value[0]: suit for suit in Suit},
}

RANK_LABELS: Final[dict[int, str]] = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7"}
_RANK_BY_TEXT: Final[dict[str, int]] = {
    **{label.casefold(): rank for rank, label in RANK_LABELS.items()},
    "1": ACE,
    "ace": ACE,
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card; ``rank`` 1 is the Ace, 2..7 are pip cards."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int):
            raise RuleError(f"a card's rank must be a whole number 1..7 (1 is the Ace), not {self.rank!r}")
        if self.rank not in RANKS:
            raise RuleError(f"rank {self.rank} is outside 1..7; Five Tricks uses Ace (1) to 7 only")
        if not isinstance(self.suit, Suit):
            raise RuleError(f"{self.suit!r} is not a suit; use Suit.HEARTS, DIAMONDS, CLUBS or SPADES")

    def __str__(self) -> str:
        return f"{RANK_LABELS[self.rank]}{self.suit.symbol}"

    @property
    def label(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "A♠", "7h", "3 clubs" or "ace of spades" (any case)."""
        if not isinstance(text, str):
            raise RuleError(f"a card must be given as text, not {text!r}")
        cleaned = " ".join(text.casefold().replace(" of ", " ").split())
        # Try "<rank><suit>" with and without a space; the rank is always the shorter prefix.
        for rank_text, rank in _RANK_BY_TEXT.items():
            if cleaned.startswith(rank_text):
                rest = cleaned[len(rank_text):].strip()
                suit = _SUIT_BY_TEXT.get(rest)
                if suit is not None:
                    return cls(rank, suit)
        raise RuleError(f"{text!r} is not a card; write it like 'A♠', '7h' or '3 clubs'")


DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
