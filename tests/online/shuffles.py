"""Telling a fresh shuffle from the same shuffle dealt again.

A deal is the deck in one order dealt one card at a time round the table (`table_play.deal`):
deck position p goes to the seat p + 1 places after the dealer, and what is left after the last
full round is set aside. Two ways to see whether two deals come from one order of the deck:

- `deck_order`: the order itself, from the seed the service drew the deal from (exact);
- `one_shuffle_deals_both`: from the hands alone, as the players' screens show them. Dealing
  one order twice puts, for every seat of the one deal and seat of the other, exactly as many
  cards in both hands as there are deck positions dealt to both seats. For two deals of four
  a fresh shuffle passes with a chance of about 2e-15 (every hand would have to come back); for
  five and four players, about 1e-5 (the product over the old hands and the aside of the
  ways to split them as the positions do, over the ways to deal 28 cards into four sevens)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence

from tournament.games.five_tricks import table_play
from tournament.games.five_tricks.cards import DECK

ALL = {table_play.card_code(card) for card in DECK}


def deck_order(seed: bytes) -> tuple[str, ...]:
    """The deck as the engine shuffles it from `seed` (checked against the engine's deal)."""
    deck = list(DECK)
    random.Random(int.from_bytes(hashlib.sha256(seed).digest(), "big")).shuffle(deck)
    dealt = table_play.deal(seed, 4, 0)
    assert dealt.hands[1] == table_play.hand_order(deck[0:28:4]), "the engine shuffles otherwise now"
    return tuple(table_play.card_code(card) for card in deck)


def _positions(seats: int, dealer: int) -> list[set[int]]:
    """The deck positions dealt to each seat, then those set aside."""
    each = table_play.cards_each(seats)
    dealt = seats * each
    return [{p for p in range(dealt) if (dealer + 1 + p) % seats == seat} for seat in range(seats)] + [
        set(range(dealt, len(DECK)))]


def _groups(hands: Sequence[Iterable[str]]) -> list[set[str]]:
    groups = [set(hand) for hand in hands]
    dealt = set().union(*groups)
    assert sum(map(len, groups)) == len(dealt) and dealt <= ALL
    return [*groups, ALL - dealt]


def one_shuffle_deals_both(old: Sequence[Iterable[str]], old_dealer: int,
                           new: Sequence[Iterable[str]], new_dealer: int) -> bool:
    """Whether one order of the deck gives both deals (hands as card codes in seat order; the
    cards set aside are those in no hand)."""
    olds, news = _groups(old), _groups(new)
    at_old, at_new = _positions(len(old), old_dealer), _positions(len(new), new_dealer)
    return all(len(a & b) == len(p & q) for a, p in zip(olds, at_old, strict=True)
               for b, q in zip(news, at_new, strict=True))


def shared_hands(old: Iterable[Iterable[str]], new: Iterable[Iterable[str]]) -> set[frozenset[str]]:
    """Whole hands dealt in both deals, whoever holds them."""
    return {frozenset(h) for h in old} & {frozenset(h) for h in new}
