"""The settings an Elevator table plays by, and the cycle new tables take them from.

Invariants:
- ``ElevatorVariant`` holds three independent settings, each checked when it is built: ``jokers``
  (two jokers in the deck, each resetting the pile; or none), ``stuck_penalty`` ("players": who
  got the elevator stuck draws one card per player at the table; "one": a single card) and
  ``must_play_after_pass`` (after a pass the next player may pass only when unable to play).
- ``SETTINGS`` declares them once: their JSON (exactly those three keys), words and form.
- ``DEFAULT_CYCLE`` holds all eight combinations, the rules as usually played first; each
  differs from the next (and the last from the first) in at least two settings, so
  neighbouring tables always play noticeably different rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ...core.errors import RuleError
from ...core.i18n import T, Tp
from ..settings import Choice, DeclaredSetting, VariantSettings, yes_no

StuckPenalty = Literal["players", "one"]
STUCK_PENALTIES: Final[tuple[StuckPenalty, ...]] = ("players", "one")
CARDS: Final = 52
JOKERS: Final = 2


@dataclass(frozen=True, slots=True)
class ElevatorVariant:
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


def _rules(jokers: int, stuck_players: int, must_play: int) -> ElevatorVariant:
    return ElevatorVariant(bool(jokers), "players" if stuck_players else "one", bool(must_play))


DEFAULT_CYCLE: Final[tuple[ElevatorVariant, ...]] = (
    _rules(1, 1, 1), _rules(1, 0, 0), _rules(0, 1, 0), _rules(0, 0, 1),
    _rules(1, 1, 0), _rules(0, 1, 1), _rules(1, 0, 1), _rules(0, 0, 0),
)


SETTINGS: Final = VariantSettings(
    variant=ElevatorVariant,
    declared=(
        DeclaredSetting("jokers", Tp("table setting", "Jokers"), yes_no(
            T("Two jokers"), T("No jokers"),
            T("Two jokers: a joker is wild and resets the pile"), T("No jokers (52 cards)"))),
        DeclaredSetting("stuck_penalty", T("Who gets the elevator stuck"), (
            Choice("players", "players", T("stuck: draw one per player"), T("Draws one card per player at the table")),
            Choice("one", "one", T("stuck: draw one card"), T("Draws one card")),
        )),
        DeclaredSetting("must_play_after_pass", T("After a pass"), yes_no(
            T("must play after a pass"), T("may always pass"),
            T("The next player must play if able"), T("Anyone may pass at any time"))),
    ),
    # "Two jokers; stuck: draw one per player; must play after a pass"
    summary=T("{first}; {second}; {third}"),
    default=ElevatorVariant(),
    cycle=DEFAULT_CYCLE,
    differ_by=2,
)
