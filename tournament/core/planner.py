"""Table plans (how many tables of which size) and random but reproducible home tables.

Invariants:
- In every ``TablePlan`` the sizes differ by at most one and the bigger tables come first
  (lowest table numbers), so table i+1 has ``sizes[i]`` players; with ``even=True`` all sizes
  are equal and the leftovers are ``observers``. ``sum(sizes) + observers == player_count``.
- Without an organiser's table count, the plan keeps every table within [min_size, max_size]
  and picks the table count whose average size is closest to ``preferred``; on an exact tie it
  takes more (smaller) tables, because small tables let everyone play more often.
  With ``even=True`` it first minimises observers, then closeness to ``preferred``, then prefers
  smaller tables. An organiser's table count overrides the size limits.
- A suggested plan never has more than ``limits.MAX_TABLES`` tables, the most an event file can
  hold; when the players do not fit that many tables, no plan is suggested.
- ``assign_home_tables`` and ``seat_players`` depend only on the set of names, the plan and the
  seed: every shuffle is ``seeded_order`` (names in ``name_key`` order, then a
  ``random.Random(seed)`` shuffle), so re-running them or pasting the names in another order
  gives the same observers and seating.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import RuleError, require_count, require_int
from .i18n import Name, T, Tn
from .limits import MAX_TABLES
from .names import name_key, require_name


@dataclass(frozen=True, slots=True)
class TablePlan:
    sizes: tuple[int, ...]  # table 1 first; bigger tables first
    observers: int = 0

    @property
    def table_count(self) -> int:
        return len(self.sizes)

    @property
    def seated(self) -> int:
        return sum(self.sizes)


def split_evenly(player_count: int, table_count: int) -> tuple[int, ...]:
    """``player_count`` over ``table_count`` tables differing by at most one, bigger first."""
    base, extra = divmod(player_count, table_count)
    return (base + 1,) * extra + (base,) * (table_count - extra)


def _check_limits(min_size: int, max_size: int, preferred: int) -> None:
    for value, what in ((min_size, T("the smallest table size")), (max_size, T("the largest table size")),
                        (preferred, T("the preferred table size"))):
        if require_int(value, what) < 1:
            raise RuleError(T("{what} must be at least 1 (got {value})", what=what, value=value))
    if not min_size <= preferred <= max_size:
        raise RuleError(T("table sizes need smallest <= preferred <= largest; got {smallest}, {preferred}, {largest}",
                          smallest=min_size, preferred=preferred, largest=max_size))


def _no_fit(player_count: int, min_size: int, max_size: int, even: bool) -> RuleError:
    if player_count < min_size:
        return RuleError(Tn("{n} player is too few for a table of at least {smallest}; "
                            "choose the number of tables yourself",
                            "{n} players are too few for a table of at least {smallest}; "
                            "choose the number of tables yourself", player_count, smallest=min_size))
    if even:
        return RuleError(T("{count} players do not fit equal tables of {smallest} to {largest} players "
                           "whose sizes differ by at most one; choose the number of tables yourself",
                           count=player_count, smallest=min_size, largest=max_size))
    return RuleError(T("{count} players do not fit tables of {smallest} to {largest} players "
                       "whose sizes differ by at most one; choose the number of tables yourself",
                       count=player_count, smallest=min_size, largest=max_size))


def plan_tables(
    player_count: int,
    min_size: int = 3,
    max_size: int = 6,
    preferred: int = 4,
    tables: int | None = None,
    even: bool = False,
) -> TablePlan:
    """Suggest table sizes for ``player_count`` players (see module invariants for the rules)."""
    require_count(player_count, T("the number of players"))
    _check_limits(min_size, max_size, preferred)
    if not isinstance(even, bool):
        raise RuleError(T("even must be True or False, not {value}", value=repr(even)))
    if player_count == 0:
        raise RuleError(T("there are no players to seat"))
    if tables is not None:
        require_int(tables, T("the number of tables"))
        if not 1 <= tables <= player_count:
            raise RuleError(T("{tables} tables is not possible for {count} players; choose 1 to {count}",
                              tables=tables, count=player_count))
        if even:
            size, observers = divmod(player_count, tables)
            return TablePlan((size,) * tables, observers)
        return TablePlan(split_evenly(player_count, tables))
    if even:
        return _plan_even(player_count, min_size, max_size, preferred)
    fitting = [
        count
        for count in range(1, min(player_count, MAX_TABLES) + 1)
        if min_size <= player_count // count and -(-player_count // count) <= max_size
    ]
    if not fitting:
        raise _no_fit(player_count, min_size, max_size, even=False)
    best = min(fitting, key=lambda count: (abs(Fraction(player_count, count) - preferred), -count))
    return TablePlan(split_evenly(player_count, best))


def _plan_even(player_count: int, min_size: int, max_size: int, preferred: int) -> TablePlan:
    sizes = [size for size in range(min_size, max_size + 1)
             if size <= player_count and player_count // size <= MAX_TABLES]
    if not sizes:
        raise _no_fit(player_count, min_size, max_size, even=True)
    best = min(sizes, key=lambda size: (player_count % size, abs(size - preferred), size))
    count, observers = divmod(player_count, best)
    return TablePlan((best,) * count, observers)


def seeded_order(players: Sequence[str], seed: int) -> list[str]:
    """``players`` in ``name_key`` order, shuffled by ``random.Random(seed)``: the one shuffle."""
    order = sorted(players, key=name_key)
    random.Random(seed).shuffle(order)
    return order


def seat_players(players: Sequence[str], plan: TablePlan, seed: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """The plan's observers (the first ``plan.observers`` names of the seeded order) and the home
    table of every other player (``assign_home_tables`` with the same seed)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RuleError(T("expected a list of player names, not {value}", value=repr(players)))
    if not isinstance(plan, TablePlan):
        raise RuleError(T("expected a table plan, not {value}", value=repr(plan)))
    require_int(seed, T("the seating seed"))
    if len(players) != plan.seated + plan.observers:
        raise RuleError(T("the plan seats {seated} and lets {observers} observe, but there are {count} players",
                          seated=plan.seated, observers=plan.observers, count=len(players)))
    order = seeded_order(players, seed)
    observers = tuple(order[: plan.observers])
    return observers, assign_home_tables(order[plan.observers:], plan.sizes, seed)


def assign_home_tables(players: Sequence[str], sizes: Sequence[int], seed: int) -> dict[str, int]:
    """Seat each player at a home table 1..len(sizes); table i+1 gets ``sizes[i]`` players."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RuleError(T("expected a list of player names, not {value}", value=repr(players)))
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence):
        raise RuleError(T("expected a list of table sizes, not {value}", value=repr(sizes)))
    require_int(seed, T("the seating seed"))
    seen: set[str] = set()
    for player in players:
        require_name(player)
        if player in seen:
            raise RuleError(T("{player} appears twice in the list of players", player=Name(player)))
        seen.add(player)
    for number, size in enumerate(sizes, start=1):
        require_count(size, T("the size of table {table}", table=number))
    if sum(sizes) != len(players):
        raise RuleError(T("the table sizes add up to {seats} seats but there are {count} players",
                          seats=sum(sizes), count=len(players)))
    order = seeded_order(players, seed)
    seating: dict[str, int] = {}
    start = 0
    for number, size in enumerate(sizes, start=1):
        seating.update({player: number for player in order[start:start + size]})
        start += size
    return seating
