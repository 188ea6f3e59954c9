"""Which cards may be played, and who takes a trick.

Invariants:
- Both functions are pure: they read the variant and the cards and return a fresh value.
- A hand or a trick never holds the same card twice (one deck); that is refused, not ignored.
- ``legal_cards`` returns a subset of the hand, and never an empty set for a non-empty hand:
  whoever leads or is void in the led suit may play anything.
- ``trick_winner`` returns the index of a trump when any trump was played (and the variant has a
  trump suit), otherwise the index of a card of the led suit; cards of other suits never win.
  Legality of the plays is not checked: a trick is scored as it lies on the table.
- ``most_tricks`` is the one bound on a game's tricks: every player plays one card a trick, so
  the 28 cards make at most ⌊28 / players⌋ tricks (a table dealing fewer makes fewer, never more).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from ...core.errors import RuleError
from .cards import DECK, Card, Suit
from .variants import FiveTricksVariant


def _require_variant(variant: object) -> FiveTricksVariant:
    if not isinstance(variant, FiveTricksVariant):
        raise RuleError(f"expected a FiveTricksVariant, not {variant!r}")
    return variant


def _require_distinct_cards(cards: Iterable[object], where: str, verb: str) -> list[Card]:
    seen: set[Card] = set()
    checked: list[Card] = []
    for card in cards:
        if not isinstance(card, Card):
            raise RuleError(f"the {where} contains {card!r}, which is not a card")
        if card in seen:
            raise RuleError(f"the {card} was {verb} twice; each card exists once in the deck")
        seen.add(card)
        checked.append(card)
    return checked


def legal_cards(variant: FiveTricksVariant, hand: Collection[Card], led: Suit | None) -> set[Card]:
    """Cards of ``hand`` the player may play when ``led`` was led (``None``: the player leads).

    Holding the led suit forces following it, except that under ``trump_any_time`` a trump is
    also allowed. Void in the led suit, or leading, any card may be played.
    """
    rules = _require_variant(variant)
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Collection):
        raise RuleError(f"a hand must be a collection of cards, not {hand!r}")
    if led is not None and not isinstance(led, Suit):
        raise RuleError(f"the led suit must be a Suit or None, not {led!r}")
    cards = _require_distinct_cards(hand, "hand", "dealt")
    following = {card for card in cards if card.suit is led}
    if not following:
        return set(cards)
    if rules.trump_any_time and rules.trump is not None:
        following |= {card for card in cards if card.suit is rules.trump}
    return following


def trick_winner(variant: FiveTricksVariant, plays: Sequence[Card]) -> int:
    """Index into ``plays`` of the card that takes the trick; ``plays[0]`` was led."""
    rules = _require_variant(variant)
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
        raise RuleError(f"a trick must be a sequence of cards, not {plays!r}")
    if not plays:
        raise RuleError("a trick needs at least one card; this trick is empty")
    cards = _require_distinct_cards(plays, "trick", "played")
    deciding_suit = cards[0].suit
    if rules.trump is not None and any(card.suit is rules.trump for card in cards):
        deciding_suit = rules.trump
    contenders = [index for index, card in enumerate(cards) if card.suit is deciding_suit]
    return max(contenders, key=lambda index: rules.strength(cards[index]))


def most_tricks(players: int) -> int:
    """The most tricks one game at a table of ``players`` can have, all of them together."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise RuleError(f"a table has at least one player, not {players!r}")
    return len(DECK) // players
