"""Seating wishes for the home tables: pairs kept apart or together when the table plan allows.

Invariants:
- ``place`` seats the players at tables of exactly the plan's sizes, from the same seeded
  shuffle as ``assign_home_tables``; with no wishes (or none it can honour) it gives the very
  same seating, and a player in no wish keeps that table unless a wished player took the seat.
- Wishes are judged in the order given (the order the organiser listed them). A wish is
  *possible* when some seating at these table sizes honours it together with every earlier
  wish that was honoured; a possible wish is honoured, any other is listed in ``unmet`` with the
  reason. Whether a seating exists is decided exactly, by a complete search over where the
  wished players sit (a player in no wish fits any seat left, so only they matter), tables of
  equal size that hold no wished player yet tried once. The search stops after
  ``SEARCH_LIMIT`` steps for one wish; such a wish is unmet, saying so (a classroom's handful
  of wishes needs a few dozen steps).
- The same players, sizes, seed and wishes always give the same seating.
- Only the home tables (round 1) read wishes: movement never does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import Name, T, Text, Tn
from .planner import assign_home_tables, seeded_order

SEARCH_LIMIT = 20_000  # search steps for one wish


@dataclass(frozen=True, slots=True)
class Wish:
    first: str
    second: str
    together: bool  # False: keep apart


@dataclass(frozen=True, slots=True)
class Unmet:
    wish: Wish
    reason: Text


@dataclass(frozen=True)
class Placement:
    seating: dict[str, int]  # player -> home table 1..len(sizes)
    unmet: tuple[Unmet, ...]  # the wishes not honoured, in the order given


def honoured(wish: Wish, seating: dict[str, int]) -> bool:
    """Whether ``seating`` honours ``wish``; a player without a table honours nothing."""
    first, second = seating.get(wish.first), seating.get(wish.second)
    if first is None or second is None:
        return False
    return (first == second) == wish.together


class _TooHard(Exception):
    """The search ran past SEARCH_LIMIT steps."""


class _Groups:
    """Players kept together: each group is a set that must share a table."""

    def __init__(self, wishes: Sequence[Wish]) -> None:
        self.parent: dict[str, str] = {}
        for wish in wishes:
            if wish.together:
                self.join(wish.first, wish.second)

    def find(self, name: str) -> str:
        root = name
        while self.parent.get(root, root) != root:
            root = self.parent[root]
        return root

    def join(self, first: str, second: str) -> None:
        one, other = self.find(first), self.find(second)
        if one != other:
            self.parent[max(one, other)] = min(one, other)

    def size(self, name: str, among: Sequence[str]) -> int:
        root = self.find(name)
        return sum(1 for other in among if self.find(other) == root)


def place(players: Sequence[str], sizes: Sequence[int], seed: int, wishes: Sequence[Wish]) -> Placement:
    """Home tables for ``players`` (``sizes`` as in ``assign_home_tables``) honouring every
    possible wish (see the module's invariants), and the wishes it could not honour, with why."""
    natural = assign_home_tables(players, sizes, seed)  # also checks the players and sizes
    if not wishes:
        return Placement(natural, ())
    order = seeded_order(players, seed)
    tables = list(range(len(sizes)))
    random.Random(seed).shuffle(tables)  # where a wished player tries a table after their own
    kept: list[Wish] = []
    unmet: list[Unmet] = []
    fixed: dict[str, int] = {}
    for wish in wishes:
        reason = _impossible(wish, kept, sizes, natural)
        if reason is None:
            try:
                found = _search([*kept, wish], sizes, natural, order, tables)
            except _TooHard:
                found, reason = None, T("There are too many wishes to check them all; this one was left out.")
            if found is None and reason is None:
                reason = _no_room(wish)
            if found is not None:
                kept.append(wish)
                fixed = found
                continue
        assert reason is not None
        unmet.append(Unmet(wish, reason))
    return Placement(_fill(order, sizes, fixed, natural), tuple(unmet))


def _impossible(wish: Wish, kept: Sequence[Wish], sizes: Sequence[int], natural: dict[str, int]) -> Text | None:
    """The reason a wish cannot be honoured that can be said in words, or None to search."""
    first, second = Name(wish.first), Name(wish.second)
    for name in (wish.first, wish.second):
        if name not in natural:
            return T("{name} has no home table in this plan (an observer, or not playing), so this wish "
                     "places nobody.", name=Name(name))
    if wish.first == wish.second:
        return T("This wish names {name} twice.", name=first)
    groups = _Groups(kept)
    same_group = groups.find(wish.first) == groups.find(wish.second)
    if not wish.together:
        if len(sizes) == 1:
            return T("{first} and {second} cannot sit apart: there is only one table.", first=first, second=second)
        if same_group:
            return T("{first} and {second} cannot sit apart: the wishes above keep them at the same table.",
                     first=first, second=second)
        return None
    if same_group:
        return None
    together = groups.size(wish.first, list(natural)) + groups.size(wish.second, list(natural))
    most = max(sizes)
    if together > most:
        return Tn("{first} and {second} cannot sit together: with the wishes above that makes {count} players "
                  "at one table, and the largest table has {n} seat.",
                  "{first} and {second} cannot sit together: with the wishes above that makes {count} players "
                  "at one table, and the largest table has {n} seats.", most, first=first, second=second,
                  count=together)
    for other in kept:
        if not other.together and {groups.find(other.first), groups.find(other.second)} == {
                groups.find(wish.first), groups.find(wish.second)}:
            return T("{first} and {second} cannot sit together: a wish above keeps {other} and {another} apart.",
                     first=first, second=second, other=Name(other.first), another=Name(other.second))
    return None


def _no_room(wish: Wish) -> Text:
    first, second = Name(wish.first), Name(wish.second)
    if wish.together:
        return T("{first} and {second} cannot sit together: the table sizes and the wishes above leave no "
                 "seating that does it.", first=first, second=second)
    return T("{first} and {second} cannot sit apart: the table sizes and the wishes above leave no seating "
             "that does it.", first=first, second=second)


def _search(wishes: Sequence[Wish], sizes: Sequence[int], natural: dict[str, int], order: Sequence[str],
            tables: Sequence[int]) -> dict[str, int] | None:
    """A table for every wished player honouring all ``wishes``, or None when there is none.
    Each group kept together is placed whole, biggest first; a group tries the table its first
    player would have had without wishes, then the others in the seed's order."""
    groups = _Groups(wishes)
    position = {name: index for index, name in enumerate(order)}
    named = sorted({name for wish in wishes for name in (wish.first, wish.second)}, key=position.__getitem__)
    members: dict[str, list[str]] = {}
    for name in named:
        members.setdefault(groups.find(name), []).append(name)
    units = sorted(members.values(), key=lambda unit: (-len(unit), position[unit[0]]))
    unit_of = {name: index for index, unit in enumerate(units) for name in unit}
    apart: list[set[int]] = [set() for _ in units]
    for wish in wishes:
        if not wish.together:
            one, other = unit_of[wish.first], unit_of[wish.second]
            if one == other:
                return None
            apart[one].add(other)
            apart[other].add(one)
    room = list(sizes)
    holding = [0] * len(sizes)  # groups placed at each table
    at: list[int | None] = [None] * len(units)
    steps = 0

    def choices(unit: int) -> list[int]:
        own = natural[units[unit][0]] - 1
        return [own, *(table for table in tables if table != own)]

    def fits(unit: int) -> bool:
        nonlocal steps
        if unit == len(units):
            return True
        steps += 1
        if steps > SEARCH_LIMIT:
            raise _TooHard
        need = len(units[unit])
        empty_sizes: set[int] = set()  # an empty table is as good as any other empty one of its size
        for table in choices(unit):
            if room[table] < need or any(at[other] == table for other in apart[unit]):
                continue
            if holding[table] == 0:
                if sizes[table] in empty_sizes:
                    continue
                empty_sizes.add(sizes[table])
            at[unit], room[table], holding[table] = table, room[table] - need, holding[table] + 1
            if fits(unit + 1):
                return True
            at[unit], room[table], holding[table] = None, room[table] + need, holding[table] - 1
        return False

    if not fits(0):
        return None
    return {name: table + 1 for unit, table in zip(units, at, strict=True) if table is not None for name in unit}


def _fill(order: Sequence[str], sizes: Sequence[int], fixed: dict[str, int],
          natural: dict[str, int]) -> dict[str, int]:
    """The wished players where the search put them; everyone else at their table without wishes
    when a seat is left there, else at the first table with a seat left."""
    room = {number: size for number, size in enumerate(sizes, start=1)}
    for table in fixed.values():
        room[table] -= 1
    seating = dict(fixed)
    waiting: list[str] = []
    for name in order:
        if name in fixed:
            continue
        table = natural[name]
        if room[table] > 0:
            seating[name] = table
            room[table] -= 1
        else:
            waiting.append(name)
    for name in waiting:
        table = next(number for number, left in room.items() if left > 0)
        seating[name] = table
        room[table] -= 1
    return seating
