"""The settings an Elevator UP table plays by, and the cycle new tables take them from.

Elevator UP's own deck has floor cards and special cards; tables here play it with a standard
52-card deck, mapped once (``SPECIAL_RANKS``): the Ace is the Penthouse (the top floor), a 10
the New Building, a 2 the Lobby, a 7 Stuck and a Jack Door Closed. Every other rank is a floor,
3 lowest, King below the Ace.

Invariants:
- ``ElevatorUpRules`` holds three independent settings, each a real ``bool`` checked when it is
  built: ``stuck_card`` (the 7s are Stuck; otherwise ordinary floors), ``door_closed_card`` (the
  Jacks are Door Closed; otherwise ordinary floors) and ``four_of_a_kind_clears`` (four cards of
  one floor on top of the pile set it aside, and their player goes again).
- The JSON form holds exactly those three keys as JSON booleans and round-trips every value.
- ``DEFAULT_CYCLE`` holds all eight combinations, every special card first; each differs from
  the next (and the last from the first) in at least two settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...core.errors import RuleError
from ...core.i18n import T, Text
from ..protocol import Setting

DECK: Final = 52
SETTING_NAMES: Final[tuple[str, ...]] = ("stuck_card", "door_closed_card", "four_of_a_kind_clears")
# Ranks from low to high, the Ace on top; names as the sheet prints them.
RANKS: Final[tuple[str, ...]] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
PENTHOUSE: Final = "Ace"
NEW_BUILDING: Final = "10"
LOBBY: Final = "2"
STUCK: Final = "7"
DOOR_CLOSED: Final = "Jack"
SPECIAL_RANKS: Final[dict[str, str]] = {
    PENTHOUSE: "Penthouse", NEW_BUILDING: "New Building", LOBBY: "Lobby", STUCK: "Stuck", DOOR_CLOSED: "Door Closed",
}


@dataclass(frozen=True, slots=True)
class ElevatorUpRules:
    """The rules one table's sheet states."""

    stuck_card: bool = True
    door_closed_card: bool = True
    four_of_a_kind_clears: bool = True

    def __post_init__(self) -> None:
        for name in SETTING_NAMES:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RuleError(T("{name} must be true or false, not {value}", name=name, value=repr(value)))

    def special(self, rank: str) -> bool:
        """Whether cards of ``rank`` are special cards at this table (the Ace always is)."""
        if rank == STUCK:
            return self.stuck_card
        if rank == DOOR_CLOSED:
            return self.door_closed_card
        return rank in SPECIAL_RANKS

    def floors(self) -> tuple[str, ...]:
        """The ranks played as floors, low to high: every rank but the special cards, and the
        Ace, the Penthouse, on top."""
        return tuple(rank for rank in RANKS if rank == PENTHOUSE or not self.special(rank))


def _rules(stuck: int, door: int, four: int) -> ElevatorUpRules:
    return ElevatorUpRules(bool(stuck), bool(door), bool(four))


DEFAULT_CYCLE: Final[tuple[ElevatorUpRules, ...]] = (
    _rules(1, 1, 1), _rules(1, 0, 0), _rules(0, 1, 0), _rules(0, 0, 1),
    _rules(1, 1, 0), _rules(0, 1, 1), _rules(1, 0, 1), _rules(0, 0, 0),
)


def default_variants(tables: int) -> tuple[ElevatorUpRules, ...]:
    """Table 1 first, through ``DEFAULT_CYCLE`` and round again."""
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise RuleError(T("the number of tables must be a whole number of at least 0, not {tables}",
                          tables=repr(tables)))
    return tuple(DEFAULT_CYCLE[index % len(DEFAULT_CYCLE)] for index in range(tables))


def to_json(variant: ElevatorUpRules) -> dict[str, Any]:
    return {name: getattr(variant, name) for name in SETTING_NAMES}


def from_json(data: object) -> ElevatorUpRules:
    if not isinstance(data, Mapping) or set(data) != set(SETTING_NAMES):
        raise RuleError(T("a table's rules must be stored as an object with the keys {keys}, not {data}",
                          keys=", ".join(SETTING_NAMES), data=str(data)[:80]))
    return ElevatorUpRules(**{name: data[name] for name in SETTING_NAMES})


_SEVEN: Final = {True: T("7 Stuck"), False: T("7 a floor")}
_JACK: Final = {True: T("Jack Door Closed"), False: T("Jack a floor")}
_FOUR: Final = {True: T("four of a floor clear the pile"), False: T("only a 10 clears the pile")}


def summary(variant: ElevatorUpRules) -> Text:
    """"7 Stuck; Jack Door Closed; four of a floor clear the pile": a message per setting value,
    in this order."""
    return T("{first}; {second}; {third}", first=_SEVEN[variant.stuck_card], second=_JACK[variant.door_closed_card],
             third=_FOUR[variant.four_of_a_kind_clears])


# The names of the settings: the rules page's form labels and the debrief's rows.
LABELS: Final = {"stuck_card": T("The 7s"), "door_closed_card": T("The Jacks"),
                  "four_of_a_kind_clears": T("Four of a floor in a row")}
_VALUES: Final = {"stuck_card": _SEVEN, "door_closed_card": _JACK, "four_of_a_kind_clears": _FOUR}


def settings(variant: ElevatorUpRules) -> tuple[Setting, ...]:
    """The three settings one by one, in ``SETTING_NAMES`` order, in the summary's words."""
    return tuple(
        Setting(name, LABELS[name], _VALUES[name][getattr(variant, name)], "yes" if getattr(variant, name) else "no")
        for name in SETTING_NAMES
    )
