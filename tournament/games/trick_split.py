"""Which trick splits a room's tables most: the measure, and the best of a set of candidates.

Rules:
- A trick is judged by the seat that takes it at each table (one entry per table): first by how
  many different seats win somewhere (more is better), then by how evenly the tables spread
  over those seats (a smaller sum of squared tables per winning seat is better), then by how
  many different reasons the tables give (``variety``, the game's: more is better), then by
  deck order (the trick whose cards come first in the deck, lead first, is chosen), so the
  answer is the same on every machine.
- Pure and generic: the game supplies the candidates, its own ``winner`` and its deck's order.
  Tables playing the same variant are counted once per trick (variants are hashable).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

C = TypeVar("C")

SplitScore = tuple[int, int]


def split_score(seats: Iterable[int], weights: Iterable[int] | None = None) -> SplitScore:
    """(different winning seats, minus the sum of squared tables per seat): larger is better.
    ``seats`` holds the winning seat of each table, or of each group of ``weights`` tables."""
    tables: Counter[int] = Counter()
    for seat, weight in zip(seats, weights if weights is not None else _ones()):  # noqa: B905  (weights may be endless)
        tables[seat] += weight
    return len(tables), -sum(count * count for count in tables.values())


def _ones() -> Iterable[int]:
    while True:
        yield 1


def trick_score(trick: Sequence[C], variants: Sequence[Hashable],
                winner: Callable[[Any, Sequence[C]], int]) -> SplitScore:
    """How well ``trick`` splits tables of ``variants`` (one entry per table)."""
    weights = Counter(variants)
    return split_score((winner(variant, trick) for variant in weights), weights.values())


def tie_break(trick: Sequence[C], order: Callable[[C], int]) -> tuple[int, ...]:
    """Among tricks that split equally well the larger of these wins: the one first in deck order."""
    return tuple(-order(card) for card in trick)


def best_trick(candidates: Iterable[tuple[C, ...]], variants: Sequence[Hashable],
               winner: Callable[[Any, Sequence[C]], int], order: Callable[[C], int],
               variety: Callable[[Any, Sequence[C]], int] | None = None) -> tuple[C, ...]:
    """The candidate that splits tables of ``variants`` most (see the module's rules)."""
    weights = Counter(variants)
    groups = list(weights.items())
    best: tuple[C, ...] | None = None
    best_key: tuple[SplitScore, int, tuple[int, ...]] | None = None
    for trick in candidates:
        score = split_score((winner(variant, trick) for variant, _count in groups), (count for _v, count in groups))
        if best_key is not None and score < best_key[0]:
            continue
        key = (score, variety(variants, trick) if variety is not None else 0, tie_break(trick, order))
        if best_key is None or key > best_key:
            best, best_key = trick, key
    if best is None:
        raise ValueError("no candidate trick to choose from")
    return best
