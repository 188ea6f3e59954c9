"""The settings an Elevator UP table plays by, and the cycle new tables take them from.

Elevator UP's own deck has floor cards and special cards; tables here play it with a standard
52-card deck, mapped once (``SPECIAL_RANKS``): the Ace is the Penthouse (the top floor), a 10
the New Building, a 2 the Lobby, a 7 Stuck and a Jack Door Closed. Every other rank is a floor,
3 lowest, King below the Ace.

Invariants:
- ``ElevatorUpVariant`` holds three independent settings, each a real ``bool`` checked when it is
  built: ``stuck_card`` (the 7s are Stuck; otherwise ordinary floors), ``door_closed_card`` (the
  Jacks are Door Closed; otherwise ordinary floors) and ``four_of_a_kind_clears`` (four cards of
  one floor on top of the pile set it aside, and their player goes again).
- ``SETTINGS`` declares them once: their JSON (exactly those three keys, JSON booleans), words
  and form.
- ``DEFAULT_CYCLE`` holds all eight combinations, every special card first; each differs from
  the next (and the last from the first) in at least two settings.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T
from ..settings import DeclaredSetting, VariantSettings, yes_no

DECK: Final = 52
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
class ElevatorUpVariant:
    """The rules one table's sheet states."""

    stuck_card: bool = True
    door_closed_card: bool = True
    four_of_a_kind_clears: bool = True

    def __post_init__(self) -> None:
        for name in (field.name for field in fields(self)):
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


def _rules(stuck: int, door: int, four: int) -> ElevatorUpVariant:
    return ElevatorUpVariant(bool(stuck), bool(door), bool(four))


DEFAULT_CYCLE: Final[tuple[ElevatorUpVariant, ...]] = (
    _rules(1, 1, 1), _rules(1, 0, 0), _rules(0, 1, 0), _rules(0, 0, 1),
    _rules(1, 1, 0), _rules(0, 1, 1), _rules(1, 0, 1), _rules(0, 0, 0),
)


SETTINGS: Final = VariantSettings(
    variant=ElevatorUpVariant,
    declared=(
        DeclaredSetting("stuck_card", T("The 7s"), yes_no(
            T("7 Stuck"), T("7 a floor"),
            T("Stuck: see-through, the next player beats the card below"), T("An ordinary floor"))),
        DeclaredSetting("door_closed_card", T("The Jacks"), yes_no(
            T("Jack Door Closed"), T("Jack a floor"),
            T("Door Closed: the next player misses a turn"), T("An ordinary floor"))),
        DeclaredSetting("four_of_a_kind_clears", T("Four of a floor in a row"), yes_no(
            T("four of a floor clear the pile"), T("only a 10 clears the pile"),
            T("Clear the pile; their player goes again"), T("Change nothing (only a 10 clears the pile)"))),
    ),
    # "7 Stuck; Jack Door Closed; four of a floor clear the pile"
    summary=T("{first}; {second}; {third}"),
    default=ElevatorUpVariant(),
    cycle=DEFAULT_CYCLE,
    differ_by=2,
)
