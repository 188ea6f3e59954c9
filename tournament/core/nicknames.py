"""Neutral nicknames the app proposes: an animal and a number ("Otter 7"), in the event's language.

Invariants:
- A proposal is a pure function of the animals' words (already in the event's language), the
  event's seed and what is taken: the same event proposes the same nicknames every time.
- A proposal never looks like anything taken (compared as ``fold_name`` compares names: case
  and accents ignored) nor like another proposal, so no two players of an event share one.
- Every animal is used once before any animal is used twice, so a class of 30 reads 30 animals.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from .i18n import Text, Tp
from .names import fold_name

# Neutral animals a pupil would not mind being: no insult, no predator of the playground.
ANIMALS: tuple[Text, ...] = (
    Tp("animal", "Otter"), Tp("animal", "Badger"), Tp("animal", "Beaver"), Tp("animal", "Dolphin"),
    Tp("animal", "Falcon"), Tp("animal", "Fox"), Tp("animal", "Giraffe"), Tp("animal", "Hedgehog"),
    Tp("animal", "Heron"), Tp("animal", "Koala"), Tp("animal", "Lynx"), Tp("animal", "Marmot"),
    Tp("animal", "Owl"), Tp("animal", "Panda"), Tp("animal", "Penguin"), Tp("animal", "Puffin"),
    Tp("animal", "Rabbit"), Tp("animal", "Robin"), Tp("animal", "Seal"), Tp("animal", "Squirrel"),
    Tp("animal", "Swan"), Tp("animal", "Tortoise"), Tp("animal", "Whale"), Tp("animal", "Zebra"),
    Tp("animal", "Lark"), Tp("animal", "Moose"), Tp("animal", "Camel"), Tp("animal", "Kangaroo"),
    Tp("animal", "Flamingo"), Tp("animal", "Walrus"),
)
HIGHEST_NUMBER = 99


def _shuffled(seed: int, what: str, count: int) -> list[int]:
    """0..count-1 in an order fixed by the seed (a string seed is hashed the same way by every
    Python 3, so an event proposes the same nicknames on every laptop)."""
    return random.Random(f"{seed}:{what}").sample(range(count), count)


def _numbers(seed: int, animal: int) -> list[int]:
    return [number + 1 for number in _shuffled(seed, f"numbers of {animal}", HIGHEST_NUMBER)]


def _candidates(animals: Sequence[str], seed: int) -> Iterator[str]:
    """Every animal once (in an order the seed decides), then every animal again, each time
    with the next of its own seeded numbers."""
    order = _shuffled(seed, "animals", len(animals))
    numbers = {index: _numbers(seed, index) for index in order}
    for turn in range(HIGHEST_NUMBER):
        for index in order:
            yield f"{animals[index]} {numbers[index][turn]}"


def propose(animals: Sequence[str], seed: int, count: int, taken: Iterable[str]) -> list[str]:
    """``count`` nicknames, none alike to ``taken`` (real names and nicknames already given) or
    to each other. Raises ``ValueError`` if the animals and numbers cannot make that many."""
    used = {fold_name(name) for name in taken}
    found: list[str] = []
    if count <= 0:
        return found
    for candidate in _candidates(animals, seed):
        key = fold_name(candidate)
        if key in used:
            continue
        used.add(key)
        found.append(candidate)
        if len(found) == count:
            return found
    raise ValueError(f"only {len(found)} nicknames can be proposed, not {count}")
