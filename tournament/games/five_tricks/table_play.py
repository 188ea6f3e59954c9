"""Five Tricks at an online table: its ``TablePlay`` (``games.table_engine`` plays the deal).

Invariants:
- ``deal`` is a pure function of (seed, players, dealer): the deck is shuffled by a generator
  seeded from the SHA-256 of the seed, dealt one card at a time starting with the seat after
  the dealer until each seat has ``cards_each(players)``; the rest is set aside. Every card of
  ``DECK`` is in exactly one hand or the aside, and hands are kept in ``hand_order``. Stored
  deals are replayed from their seed: this shuffle never changes.
- Under a referee a card is legal as ``tricks.legal_cards`` says and a trick is taken as
  ``tricks.trick_winner`` says: the rules of the printed sheets, never a copy of them.
- A deal reports each seat's tricks; the most tricks wins, a tie goes to the alphabetically
  first name (``core.game_winner``); a deal without a trick taken is no game.
- A card's code is its rank label and the initial of its suit ("7h", "Ac"), as the debrief's
  card faces write it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T
from ...core.ranking import game_winner
from .. import table_engine
from ..protocol import CardFace, Report
from .cards import DECK, RANK_LABELS, Card, Suit
from .replay import FIVE_TRICKS_TRICKS
from .tricks import legal_cards, trick_winner
from .variants import FiveTricksVariant

MIN_PLAYERS: Final[int] = 2
MAX_PLAYERS: Final[int] = len(DECK)  # one card each; more players than cards cannot be dealt

PLAYERS_FOR_A_DEAL: Final = T("A deal needs 2 to 28 players, not {players}.")
UNREADABLE_ACTION: Final = T("That action could not be read.")


def cards_each(players: int) -> int:
    """Cards dealt to each seat: 7 for 2–4 players, 5 for 5, 4 for 6–7, 3 for 8, fewer beyond."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(PLAYERS_FOR_A_DEAL.filled(players=repr(players)))
    return min(7, len(DECK) // players)


_SUIT_ORDER: Final[dict[Suit, int]] = {suit: index for index, suit in enumerate(Suit)}


def hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards sorted as a hand is shown: suits in ``Suit`` order, then ranks A, 2, .., 7."""
    return tuple(sorted(cards, key=lambda card: (_SUIT_ORDER[card.suit], card.rank)))


_CODES: Final[dict[Card, str]] = {card: f"{RANK_LABELS[card.rank]}{card.suit.value[0]}" for card in DECK}
_BY_CODE: Final[dict[str, Card]] = {code: card for card, code in _CODES.items()}


def card_code(card: Card) -> str:
    """The code of ``card``: "7h", "Ac" (as the debrief's card faces write it)."""
    return _CODES[card]


def card_from_code(code: object) -> Card:
    """The card whose code is exactly ``code``; anything else is refused."""
    card = _BY_CODE.get(code) if isinstance(code, str) else None
    if card is None:
        raise RuleError(UNREADABLE_ACTION)
    return card


def deal(seed: bytes, players: int, dealer: int) -> table_engine.Deal:
    """Shuffle the deck from ``seed`` and deal one card at a time from the seat after ``dealer``."""
    return table_engine.deal(FIVE_TRICKS_TABLE, seed, players, dealer)


def _dealt(seed: bytes, players: int, dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands and the cards set aside (see the module's rules)."""
    each = cards_each(players)
    deck = list(DECK)
    random.Random(int.from_bytes(hashlib.sha256(seed).digest(), "big")).shuffle(deck)
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck[: each * players]):
        dealt[(dealer + 1 + position) % players].append(card)
    return tuple(hand_order(hand) for hand in dealt), hand_order(deck[each * players:])


class FiveTricksTable:
    """Five Tricks' ``TablePlay``."""

    def cards_each(self, players: int) -> int:
        return cards_each(players)

    def deal(self, seed: bytes, players: int, dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        return _dealt(seed, players, dealer)

    def legal_cards(self, variant: FiveTricksVariant, hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
        return legal_cards(variant, hand, trick[0].suit if trick else None)

    def trick_winner(self, variant: FiveTricksVariant, trick: Sequence[Card]) -> int:
        return trick_winner(variant, trick)

    def report(self, variant: FiveTricksVariant, players: Sequence[str], taken: Sequence[int]) -> Report:
        tricks = dict(zip(players, taken, strict=True))
        winner = game_winner(tricks)
        return Report(winners=frozenset() if winner is None else frozenset({winner}), scores=tricks)

    def face(self, card: Card) -> CardFace:
        return FIVE_TRICKS_TRICKS.face(card)

    def card_from_code(self, code: str) -> Card:
        return card_from_code(code)


FIVE_TRICKS_TABLE: Final = FiveTricksTable()
