"""One trick replayed under a Five Tricks table's rules, for the debrief: who takes it and why,
and the trick that splits a room's tables most.

Invariants:
- Who takes a trick is the core's ``tricks.trick_winner``; nothing here decides it again. ``why``
  names the reason for that winner, one whole message per case, the suit and the card as
  placeholders (``{trump}``/``{suit}`` a ``Suit``, ``{card}`` a ``Card``), so each language
  places the symbols and a page draws them as the sheets do.
- ``propose`` searches only ``candidate_tricks``, which is exact (see its docstring): the trick it
  returns splits the tables as well as the best trick of the whole deck would. Of tricks that
  split them equally well it prefers the one whose tables give more kinds of reason, then the
  first in deck order (``trick_split``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import permutations, product
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T, Text
from ..protocol import CardFace
from ..trick_split import SplitScore, split_score, tie_break
from ..trick_text import MAX_CARDS
from .cards import ACE, DECK, RANK_LABELS, RED_SUITS, Card, Suit
from .tricks import trick_winner
from .variants import FiveTricksVariant

# Keyed by (which card wins, the Ace's place when an Ace is among the cards that compete, else None).
_Key = tuple[str, str | None]

ONLY_TRUMP: Final = T("{trump} are trumps: the {card} is the only trump played, so it takes the trick.")
BEST_TRUMP: Final[dict[_Key, Text]] = {
    ("highest", None): T("{trump} are trumps and several were played: the highest one, the {card}, takes the trick."),
    ("lowest", None): T("{trump} are trumps and several were played: the lowest one, the {card}, takes the trick."),
    ("highest", "high"): T("{trump} are trumps and several were played: the highest one takes the trick, and the "
                           "Ace is high here: the {card}."),
    ("highest", "low"): T("{trump} are trumps and several were played: the highest one takes the trick, and the "
                          "Ace is low here: the {card}."),
    ("lowest", "high"): T("{trump} are trumps and several were played: the lowest one takes the trick, and the "
                          "Ace is high here: the {card}."),
    ("lowest", "low"): T("{trump} are trumps and several were played: the lowest one takes the trick, and the "
                         "Ace is low here: the {card}."),
}
NO_TRUMP_PLAYED: Final[dict[_Key, Text]] = {
    ("highest", None): T("No trump was played, so the led suit {suit} decides: the highest one, the {card}, "
                         "takes the trick."),
    ("lowest", None): T("No trump was played, so the led suit {suit} decides: the lowest one, the {card}, "
                        "takes the trick."),
    ("highest", "high"): T("No trump was played, so the led suit {suit} decides: the highest one takes the trick, "
                           "and the Ace is high here: the {card}."),
    ("highest", "low"): T("No trump was played, so the led suit {suit} decides: the highest one takes the trick, "
                          "and the Ace is low here: the {card}."),
    ("lowest", "high"): T("No trump was played, so the led suit {suit} decides: the lowest one takes the trick, "
                          "and the Ace is high here: the {card}."),
    ("lowest", "low"): T("No trump was played, so the led suit {suit} decides: the lowest one takes the trick, "
                         "and the Ace is low here: the {card}."),
}
NO_TRUMPS: Final[dict[_Key, Text]] = {
    ("highest", None): T("This table plays without trumps, so the led suit {suit} decides: the highest one, "
                         "the {card}, takes the trick."),
    ("lowest", None): T("This table plays without trumps, so the led suit {suit} decides: the lowest one, "
                        "the {card}, takes the trick."),
    ("highest", "high"): T("This table plays without trumps, so the led suit {suit} decides: the highest one "
                           "takes the trick, and the Ace is high here: the {card}."),
    ("highest", "low"): T("This table plays without trumps, so the led suit {suit} decides: the highest one "
                          "takes the trick, and the Ace is low here: the {card}."),
    ("lowest", "high"): T("This table plays without trumps, so the led suit {suit} decides: the lowest one "
                          "takes the trick, and the Ace is high here: the {card}."),
    ("lowest", "low"): T("This table plays without trumps, so the led suit {suit} decides: the lowest one "
                         "takes the trick, and the Ace is low here: the {card}."),
}
LED_ALONE: Final = T("No trump was played and nobody followed the led suit {suit}: the {card}, which was led, "
                     "takes the trick.")
LED_ALONE_NO_TRUMPS: Final = T("This table plays without trumps and nobody followed the led suit {suit}: the "
                               "{card}, which was led, takes the trick.")
NOT_A_CARD: Final = T("“{text}” is not a card of this game: write a card like 7♥, 7h, A♣ or ac (Ace to 7).")

# Non-Ace ranks standing for m non-Ace cards of one suit in a trick: the lowest becomes a 2 (a
# single one a 7), the highest a 7, any between them 3 to 6 (they never take the trick).
_NON_ACES: Final[dict[int, tuple[int, ...]]] = {
    1: (7,), 2: (2, 7), 3: (2, 3, 7), 4: (2, 3, 4, 7), 5: (2, 3, 4, 5, 7), 6: (2, 3, 4, 5, 6, 7),
}
_MIDDLES: Final = frozenset({3, 4, 5, 6})
# Six-card tricks take seconds to search (benchmarks/trick_split.py); a proposal holds what a typed trick may.
MAX_PROPOSED: Final = MAX_CARDS
MAX_TRICK: Final = 6  # the largest table: an Ace and five non-Aces of one suit still have ranks above
_DECK_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(DECK)}


def _with(message: Text, **params: object) -> Text:
    return Text(message.msgid, params, message.plural, message.n, message.context)


def _variant(value: object) -> FiveTricksVariant:
    if not isinstance(value, FiveTricksVariant):
        raise RuleError(f"expected the rules of a Five Tricks table, not {value!r}")
    return value


def why(variant: FiveTricksVariant, plays: Sequence[Card]) -> Text:
    """Why ``trick_winner`` gives the trick to its card at a table of ``variant``."""
    rules = _variant(variant)
    card = plays[trick_winner(rules, plays)]
    trumps = [c for c in plays if rules.trump is not None and c.suit is rules.trump]
    if len(trumps) == 1:
        return _with(ONLY_TRUMP, trump=rules.trump, card=card)
    contenders = trumps or [c for c in plays if c.suit is plays[0].suit]
    if len(contenders) == 1:
        return _with(LED_ALONE_NO_TRUMPS if rules.trump is None else LED_ALONE, suit=plays[0].suit, card=card)
    key = (rules.wins, rules.ace if any(c.rank == ACE for c in contenders) else None)
    if trumps:
        return _with(BEST_TRUMP[key], trump=rules.trump, card=card)
    return _with((NO_TRUMPS if rules.trump is None else NO_TRUMP_PLAYED)[key], suit=plays[0].suit, card=card)


def _group_ranks(size: int) -> Iterator[tuple[int, ...]]:
    """The ranks ``size`` cards of one suit may stand for: without an Ace, or with one."""
    yield _NON_ACES[size]
    if size == 1:
        yield (ACE,)
    else:
        yield (ACE, *_NON_ACES[size - 1])


def _group_orders(size: int) -> list[tuple[int, ...]]:
    """Every way to hand those ranks to the suit's seats; middle ranks, which never win, in one order."""
    found: list[tuple[int, ...]] = []
    for ranks in _group_ranks(size):
        for order in permutations(ranks):
            middles = [rank for rank in order if rank in _MIDDLES]
            if middles == sorted(middles):
                found.append(order)
    return found


def _suit_groups(suits: tuple[Suit, ...]) -> list[tuple[Suit, tuple[int, ...]]]:
    """Each suit of the trick with its seats, in the order of its first seat."""
    seats_by_suit: dict[Suit, list[int]] = {}
    for seat, suit in enumerate(suits):
        seats_by_suit.setdefault(suit, []).append(seat)
    return [(suit, tuple(seats)) for suit, seats in seats_by_suit.items()]


def _check_size(size: int) -> None:
    if not 1 <= size <= MAX_TRICK:
        raise RuleError(f"a trick here holds 1 to {MAX_TRICK} cards, not {size}")


def candidate_tricks(size: int) -> Iterator[tuple[Card, ...]]:
    """Tricks of ``size`` distinct cards that cover every way a trick can fall.

    Exact, because at any table the trick goes to a card of the deciding suit (the trump if one
    was played, else the led suit), and which suit decides depends on the suits alone. Within
    that suit each of the four card orders (Ace high or low, highest or lowest wins) puts first
    the Ace, the lowest non-Ace or the highest non-Ace card of that suit in the trick: a card
    between them never wins anywhere. So every table's winner depends only on each seat's suit
    and on which seat of each suit holds its Ace, its lowest and its highest non-Ace card; the
    exact ranks do not matter. These tricks realise every such pattern with the extreme cards
    A, 2 and 7 (3 to 6 only as the never-winning cards between them), so for any set of tables
    some candidate gives exactly the winners the best trick of the whole deck gives.
    """
    _check_size(size)
    for suits in product(Suit, repeat=size):
        groups = _suit_groups(suits)
        for choice in product(*(_group_orders(len(seats)) for _suit, seats in groups)):
            cards: list[Card | None] = [None] * size
            for (suit, seats), ranks in zip(groups, choice, strict=True):
                for seat, rank in zip(seats, ranks, strict=True):
                    cards[seat] = Card(rank, suit)
            yield tuple(card for card in cards if card is not None)


_ORDERS: Final = tuple((ace, wins) for ace in ("high", "low") for wins in ("highest", "lowest"))
_Option = tuple[tuple[tuple[int, Card], ...], dict[tuple[str, str], int]]


@lru_cache(maxsize=512)
def _group_options(suit: Suit, seats: tuple[int, ...]) -> tuple[_Option, ...]:
    """Each way to deal ``seats`` their cards of ``suit`` (``_group_orders``), with the seat that
    takes the trick among them under each card order, as the core's ``trick_winner`` says."""
    options = []
    for ranks in _group_orders(len(seats)):
        cards = tuple(Card(rank, suit) for rank in ranks)
        winners = {(ace, wins): seats[trick_winner(FiveTricksVariant(ace, wins, None), cards)]  # type: ignore[arg-type]
                   for ace, wins in _ORDERS}
        options.append((tuple(zip(seats, cards, strict=True)), winners))
    return tuple(options)


def reasons(variants: Sequence[FiveTricksVariant], trick: Sequence[Card]) -> int:
    """How many different kinds of reason (``why``'s messages) the tables of ``variants`` give
    for ``trick``: of two tricks that split the tables equally well, the one that shows more of
    the rules at work (trumps, the led suit, highest or lowest, the Ace) is proposed."""
    return len({why(variant, trick).msgid for variant in set(variants)})


def _search(variants: tuple[FiveTricksVariant, ...], size: int) -> tuple[Card, ...]:
    """``best_trick`` over ``candidate_tricks``, the same answer, found suit pattern by suit
    pattern: the deciding suit at each table follows from the suits alone (the core's rule:
    a trump when one was played, else the led suit), and within it the winner under each card
    order is looked up once per group of cards (``_group_options``), so a candidate costs a few
    look-ups per rule set rather than a whole ``trick_winner`` each."""
    weights = Counter(variants)
    classes = [(variant.trump, (variant.ace, variant.wins), count) for variant, count in weights.items()]
    best: tuple[Card, ...] | None = None
    best_key: tuple[SplitScore, int, tuple[int, ...]] | None = None
    kinds_by_shape: dict[tuple[tuple[Suit, ...], frozenset[Suit]], int] = {}
    for suits in product(Suit, repeat=size):
        groups = _suit_groups(suits)
        index = {suit: position for position, (suit, _seats) in enumerate(groups)}
        deciding = [(index.get(trump, 0) if trump is not None else 0, order, count) for trump, order, count in classes]
        for choice in product(*(_group_options(suit, seats) for suit, seats in groups)):
            score = split_score((choice[group][1][order] for group, order, _count in deciding),
                                (count for _group, _order, count in deciding))
            if best_key is not None and score < best_key[0]:
                continue
            cards = [Card(1, Suit.HEARTS)] * size
            for dealt, _winners in choice:
                for seat, card in dealt:
                    cards[seat] = card
            # Which message ``why`` picks turns on the suits and on which of them hold an Ace.
            shape = (suits, frozenset(card.suit for card in cards if card.rank == ACE))
            kinds = kinds_by_shape.get(shape)
            if kinds is None:
                kinds = kinds_by_shape[shape] = reasons(variants, cards)
            key = (score, kinds, tie_break(cards, _DECK_INDEX.__getitem__))
            if best_key is None or key > best_key:
                best, best_key = tuple(cards), key
    if best is None:
        raise RuleError(f"no trick of {size} cards to propose")
    return best


@lru_cache(maxsize=64)
def _propose(variants: tuple[FiveTricksVariant, ...], size: int) -> tuple[Card, ...]:
    return _search(variants, size)


def propose(variants: Sequence[FiveTricksVariant], size: int) -> tuple[Card, ...]:
    """The trick of ``size`` cards (2 to ``MAX_PROPOSED``) that splits tables of ``variants``
    most (``trick_split``'s measure). "Trump any time" decides which cards may be played, never
    who takes a trick as it lies, so tables differing only there are searched as one rule set
    (at most 20 of them); answers are remembered, as the wall asks again and again."""
    if not 2 <= size <= MAX_PROPOSED:
        raise RuleError(f"a proposed trick holds 2 to {MAX_PROPOSED} cards, not {size}")
    searched = tuple(replace(_variant(v), trump_any_time=False) for v in variants)
    return _propose(tuple(sorted(searched, key=lambda v: v.code)), size)


class FiveTricksTricks:
    """Five Tricks' tricks, as the debrief replays them."""

    deck: tuple[Card, ...] = DECK

    def parse_card(self, text: str) -> Card:
        try:
            return Card.parse(text)
        except RuleError:
            raise RuleError(_with(NOT_A_CARD, text=str(text)[:20])) from None

    def face(self, card: Card) -> CardFace:
        rank = RANK_LABELS[card.rank]
        return CardFace(rank=rank, suit=card.suit.value, symbol=card.suit.symbol, red=card.suit in RED_SUITS,
                        code=f"{rank}{card.suit.value[0]}")

    def winner(self, variant: FiveTricksVariant, plays: Sequence[Card]) -> int:
        return trick_winner(variant, plays)

    def why(self, variant: FiveTricksVariant, plays: Sequence[Card]) -> Text:
        return why(variant, plays)

    def propose(self, variants: Sequence[FiveTricksVariant], size: int) -> tuple[Card, ...]:
        return propose(variants, size)


FIVE_TRICKS_TRICKS: Final = FiveTricksTricks()
