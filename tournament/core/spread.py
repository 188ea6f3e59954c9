"""The "most different sheets" preset: which of a game's own rule sheets a small event plays.

With fewer tables than sheets, the classic order (table N gets sheet N) may leave a rule out
altogether: seven Five Tricks tables never meet "trump any time" (sheets 8 and 9 have it). This
module chooses ``count`` of the candidate sheets so that the tables differ as much as possible.

Invariants:
- Standard library only; pure functions of their arguments, which they never change.
- The answer is deterministic: the same candidates and count give the same sheets.

Rules:
- A sheet is compared through its JSON form (``games.settings.to_json``): each key is a setting,
  and two sheets differ by one for every setting whose values are not equal. Nothing here knows
  a game, so every game gets the preset.
- Candidates are taken in the classic order; a repeated sheet counts once (its first place).
- The chosen set is the best by, in this order: (1) every value of every setting appears on at
  least one chosen sheet, when some set of ``count`` sheets achieves that; (2) the largest
  smallest difference between two chosen sheets; (3) the largest total of the differences
  between all pairs; (4) the classic order: the set whose sheet numbers come first
  lexicographically (so table 1 keeps sheet 1 whenever that costs nothing).
- The answer lists the chosen places in the classic order, so the tables keep the sheets'
  relative order and table 1 plays the seed's sheet 1 when it is chosen.
- Exhaustive search: every subset of ``count`` candidates is scored. A game's own sheets are at
  most ten (a game's ten default variants), so that is at most C(10, 5) = 252 subsets of at most
  45 pairs each; ``MAX_CANDIDATES`` bounds it for any caller.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from itertools import combinations

from .errors import RuleError

MAX_CANDIDATES = 16  # C(16, 8) = 12,870 subsets: still instant; more is nobody's sheet kit

Settings = Mapping[str, object]
Score = tuple[bool, int, int]


def _value_key(value: object) -> str:
    # JSON values may be lists or objects (unhashable): their canonical text stands for them.
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def difference(first: Settings, second: Settings) -> int:
    """How many settings differ between two sheets (a key only one of them has counts once)."""
    return sum(1 for key in first.keys() | second.keys()
               if key not in first or key not in second or first[key] != second[key])


def _values(sheet: Settings) -> frozenset[tuple[str, str]]:
    return frozenset((key, _value_key(value)) for key, value in sheet.items())


def distinct_places(candidates: Sequence[Settings]) -> tuple[int, ...]:
    """The places (0-based) of the candidates that are not repeats of an earlier one."""
    seen: set[frozenset[tuple[str, str]]] = set()
    places = []
    for place, sheet in enumerate(candidates):
        values = _values(sheet)
        if values not in seen:
            seen.add(values)
            places.append(place)
    return tuple(places)


def score(candidates: Sequence[Settings], chosen: Sequence[int]) -> Score:
    """(covers every value, smallest difference, total difference) of the ``chosen`` places:
    larger is better, compared in that order. One sheet alone has no pair: 0 and 0."""
    every = frozenset().union(*(_values(sheet) for sheet in candidates))
    covered = frozenset().union(*(_values(candidates[place]) for place in chosen))
    pairs = [difference(candidates[a], candidates[b]) for a, b in combinations(chosen, 2)]
    return covered == every, min(pairs, default=0), sum(pairs)


def most_different(candidates: Sequence[Settings], count: int) -> tuple[int, ...]:
    """The places (0-based, ascending) of the ``count`` candidates the preset plays; see the
    module's rules. ``RuleError`` when ``count`` is not between 0 and the number of distinct
    candidates, or there are more than ``MAX_CANDIDATES`` of them."""
    places = distinct_places(candidates)
    if len(places) > MAX_CANDIDATES:
        raise RuleError(f"the preset compares at most {MAX_CANDIDATES} sheets, not {len(places)}")
    if not 0 <= count <= len(places):
        raise RuleError(f"choose between 0 and {len(places)} of the sheets, not {count}")
    best: tuple[int, ...] = places[:count]
    best_score = score(candidates, best)
    # combinations() yields in lexicographic order, so a later subset must be strictly better:
    # ties keep the classic order's first.
    for subset in combinations(places, count):
        subset_score = score(candidates, subset)
        if subset_score > best_score:
            best, best_score = subset, subset_score
    return best


def left_out(candidates: Sequence[Settings], chosen: Sequence[int]) -> tuple[int, ...]:
    """The places (ascending) of the first candidate holding each setting value that no
    ``chosen`` sheet has: the sheets whose rules a choice leaves out. Empty: nothing is."""
    covered = frozenset().union(*(_values(candidates[place]) for place in chosen))
    first: dict[tuple[str, str], int] = {}
    for place, sheet in enumerate(candidates):
        for value in _values(sheet) - covered:
            first.setdefault(value, place)
    return tuple(sorted(set(first.values())))
