"""The settings an Elevator table plays by, and the cycle new tables take them from.

Invariants:
- ``ElevatorRules`` holds three independent settings, each checked when it is built: ``jokers``
  (two jokers in the deck, each resetting the pile; or none), ``stuck_penalty`` ("players": who
  got the elevator stuck draws one card per player at the table; "one": a single card) and
  ``must_play_after_pass`` (after a pass the next player may pass only when unable to play).
- The JSON form holds exactly those three keys with JSON types, and round-trips every value.
- ``DEFAULT_CYCLE`` holds all eight combinations, the rules as usually played first; each
  differs from the next (and the last from the first) in at least two settings, so
  neighbouring tables always play noticeably different rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from ...core.errors import RuleError
from ...core.i18n import T, Text, Tp
from ..protocol import Setting

StuckPenalty = Literal["players", "one"]
STUCK_PENALTIES: Final[tuple[StuckPenalty, ...]] = ("players", "one")
SETTING_NAMES: Final[tuple[str, ...]] = ("jokers", "stuck_penalty", "must_play_after_pass")
CARDS: Final = 52
JOKERS: Final = 2


@dataclass(frozen=True, slots=True)
class ElevatorRules:
    """The rules one table's sheet states."""

    jokers: bool = True
    stuck_penalty: StuckPenalty = "players"
    must_play_after_pass: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.jokers, bool):
            raise RuleError(T("{name} must be true or false, not {value}", name="jokers", value=repr(self.jokers)))
        if not isinstance(self.stuck_penalty, str) or self.stuck_penalty not in STUCK_PENALTIES:
            raise RuleError(T("stuck_penalty must be 'players' or 'one', not {value}", value=repr(self.stuck_penalty)))
        if not isinstance(self.must_play_after_pass, bool):
            raise RuleError(T("{name} must be true or false, not {value}", name="must_play_after_pass",
                              value=repr(self.must_play_after_pass)))

    @property
    def deck(self) -> int:
        """Cards in play: 52, and the two jokers when the table uses them."""
        return CARDS + (JOKERS if self.jokers else 0)


def _rules(jokers: int, stuck_players: int, must_play: int) -> ElevatorRules:
    return ElevatorRules(bool(jokers), "players" if stuck_players else "one", bool(must_play))


DEFAULT_CYCLE: Final[tuple[ElevatorRules, ...]] = (
    _rules(1, 1, 1), _rules(1, 0, 0), _rules(0, 1, 0), _rules(0, 0, 1),
    _rules(1, 1, 0), _rules(0, 1, 1), _rules(1, 0, 1), _rules(0, 0, 0),
)


def default_variants(tables: int) -> tuple[ElevatorRules, ...]:
    """Table 1 first, through ``DEFAULT_CYCLE`` and round again."""
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise RuleError(T("the number of tables must be a whole number of at least 0, not {tables}",
                          tables=repr(tables)))
    return tuple(DEFAULT_CYCLE[index % len(DEFAULT_CYCLE)] for index in range(tables))


def to_json(variant: ElevatorRules) -> dict[str, Any]:
    return {
        "jokers": variant.jokers,
        "stuck_penalty": variant.stuck_penalty,
        "must_play_after_pass": variant.must_play_after_pass,
    }


def from_json(data: object) -> ElevatorRules:
    if not isinstance(data, Mapping) or set(data) != set(SETTING_NAMES):
        raise RuleError(T("a table's rules must be stored as an object with the keys {keys}, not {data}",
                          keys=", ".join(SETTING_NAMES), data=str(data)[:80]))
    return ElevatorRules(
        jokers=data["jokers"], stuck_penalty=data["stuck_penalty"], must_play_after_pass=data["must_play_after_pass"]
    )


_JOKERS: Final = {True: T("Two jokers"), False: T("No jokers")}
_STUCK: Final = {"players": T("stuck: draw one per player"), "one": T("stuck: draw one card")}
_PASSING: Final = {True: T("must play after a pass"), False: T("may always pass")}


def summary(variant: ElevatorRules) -> Text:
    """"Two jokers; stuck: draw one per player; must play after a pass": a message per setting
    value, in this order."""
    return T("{first}; {second}; {third}", first=_JOKERS[variant.jokers], second=_STUCK[variant.stuck_penalty],
             third=_PASSING[variant.must_play_after_pass])


# The names of the settings: the rules page's form labels and the debrief's rows.
LABELS: Final = {"jokers": Tp("table setting", "Jokers"), "stuck_penalty": T("Who gets the elevator stuck"),
                  "must_play_after_pass": T("After a pass")}


def settings(variant: ElevatorRules) -> tuple[Setting, ...]:
    """The three settings one by one, in ``SETTING_NAMES`` order, in the summary's words."""
    return (
        Setting("jokers", LABELS["jokers"], _JOKERS[variant.jokers], "yes" if variant.jokers else "no"),
        Setting("stuck_penalty", LABELS["stuck_penalty"], _STUCK[variant.stuck_penalty], variant.stuck_penalty),
        Setting("must_play_after_pass", LABELS["must_play_after_pass"], _PASSING[variant.must_play_after_pass],
                "yes" if variant.must_play_after_pass else "no"),
    )
