"""The marker strip printed on each rule sheet instead of its table number.

Invariants:
- A table's marker strip is a pure function of its number, distinct for tables 1..2401, and
  reads like the original kit's card strip rather than a number: four cards, one per suit.
- Whatever the game, the strip is drawn in cards, so only the organiser's marker key links a
  sheet to its table.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games.five_tricks.cards import Card, Suit

MARKER_SUITS: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)
_MARKER_SPACE = 7 ** 4
# Multiplier coprime to 7**4, so table numbers map to distinct strips that do not count upwards.
_MARKER_STEP = 1249
_MARKER_OFFSET = 601


@dataclass(frozen=True)
class Marker:
    cards: tuple[Card, ...]

    @property
    def end(self) -> str:
        """The first rank again after the last card, as the original kit's strips do."""
        return str(self.cards[0])[:-1]

    @property
    def text(self) -> str:
        return "".join(str(c) for c in self.cards) + self.end


def marker(table_number: int) -> Marker:
    """Four cards, one per suit, that identify a table to the organiser and nobody else."""
    if not 1 <= table_number <= _MARKER_SPACE:
        raise ValueError(f"table number {table_number} is outside 1..{_MARKER_SPACE}")
    code = (table_number * _MARKER_STEP + _MARKER_OFFSET) % _MARKER_SPACE
    ranks = []
    for _ in MARKER_SUITS:
        code, digit = divmod(code, 7)
        ranks.append(digit + 1)
    return Marker(tuple(Card(rank, suit) for rank, suit in zip(ranks, MARKER_SUITS, strict=True)))
