"""Rule variants for events with more than the seed's ten tables.

Invariants:
- ``variants_for_tables(n)[:10]`` is ``SEED_VARIANTS[:n]``: the printed kit is used as is.
- Every table's variant differs from the previous table's in at least two of the four settings,
  so a player moving one table always meets a noticeably different game.
- Beyond ten, each table takes the least-used candidate that differs enough from its neighbour,
  ties going to ``CANDIDATES`` order (the seed's coupled Ace/wins pairs first). The result is
  deterministic and a prefix of every longer result, so adding tables never changes earlier ones.
- "No trump" is offered only with ``trump_any_time=False``: with no trump suit that setting
  changes nothing at the table, and a difference nobody can feel must not count as one of two.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Final

from ...core.errors import RuleError, require_int
from .cards import Suit
from .variants import SEED_VARIANTS, FiveTricksVariant

MIN_NEIGHBOUR_DIFFERENCES: Final[int] = 2

_ACE_WINS_ORDER: Final[tuple[tuple[str, str], ...]] = (
    ("low", "lowest"),
    ("high", "highest"),
    ("low", "highest"),
    ("high", "lowest"),
)
_TRUMP_ORDER: Final[tuple[Suit | None, ...]] = (*Suit, None)

CANDIDATES: Final[tuple[FiveTricksVariant, ...]] = tuple(
    FiveTricksVariant(ace=ace, wins=wins, trump=trump, trump_any_time=any_time)  # type: ignore[arg-type]
    for (ace, wins), trump, any_time in product(_ACE_WINS_ORDER, _TRUMP_ORDER, (False, True))
    if trump is not None or not any_time
)

# Candidate order as a lookup: `CANDIDATES.index` compares dataclasses one by one, which made
# planning a lecture hall's thousand tables take seconds.
_ORDER: Final[dict[FiveTricksVariant, int]] = {candidate: index for index, candidate in enumerate(CANDIDATES)}


def variants_for_tables(count: int) -> tuple[FiveTricksVariant, ...]:
    """One rule variant per table, table 1 first."""
    if require_int(count, "the number of tables") < 0:
        raise RuleError(f"the number of tables cannot be negative (got {count})")
    chosen = list(SEED_VARIANTS[:count])
    used = Counter(chosen)
    while len(chosen) < count:
        previous = chosen[-1]
        pick = min(
            (c for c in CANDIDATES if c.differences(previous) >= MIN_NEIGHBOUR_DIFFERENCES),
            key=lambda c: (used[c], _ORDER[c]),
        )
        chosen.append(pick)
        used[pick] += 1
    return tuple(chosen)
