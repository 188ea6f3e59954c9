"""Rule variants: the four settings a Five Tricks rule sheet states, and the seed's ten sheets.

Invariants:
- A ``FiveTricksVariant`` holds exactly four independent settings, each checked when it is built:
  ``ace`` in {"high", "low"}, ``wins`` in {"highest", "lowest"}, ``trump`` a ``Suit`` or ``None``,
  ``trump_any_time`` a real ``bool``. ``trump=None`` with ``trump_any_time=True`` is accepted:
  it is meaningless in play but harmless, and keeping the settings independent keeps storage simple.
- Card order is data: ``ACE_ORDER`` lists ranks from lowest to highest for each ``ace`` setting and
  ``WINS_SIGN`` flips that order when the lowest card wins. ``strength`` is larger for the card
  that would take the trick; it compares cards of one suit only (suit rules live in ``tricks``).
- ``code``/``from_code`` round-trip every variant exactly; the stored JSON is declared with
  the other words of each setting in ``settings``.
- ``SEED_VARIANTS`` is the seed kit's ten sheets, table 1 first, and never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final, Literal

from ...core.errors import RuleError
from .cards import Card, Suit

AceSetting = Literal["high", "low"]
WinsSetting = Literal["highest", "lowest"]

# Ranks listed from lowest to highest under each reading of the Ace.
ACE_ORDER: Final[dict[str, tuple[int, ...]]] = {
    "high": (2, 3, 4, 5, 6, 7, 1),
    "low": (1, 2, 3, 4, 5, 6, 7),
}
WINS_SIGN: Final[dict[str, int]] = {"highest": 1, "lowest": -1}
_POSITION: Final[dict[str, dict[int, int]]] = {
    ace: {rank: position for position, rank in enumerate(order)} for ace, order in ACE_ORDER.items()
}

_YES_NO: Final[dict[bool, str]] = {True: "yes", False: "no"}
_NO_TRUMP_CODE: Final[str] = "none"


@dataclass(frozen=True, slots=True)
class FiveTricksVariant:
    """The rules printed on one table's sheet."""

    ace: AceSetting
    wins: WinsSetting
    trump: Suit | None
    trump_any_time: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.ace, str) or self.ace not in ACE_ORDER:
            raise RuleError(f"ace must be 'high' or 'low', not {self.ace!r}")
        if not isinstance(self.wins, str) or self.wins not in WINS_SIGN:
            raise RuleError(f"wins must be 'highest' or 'lowest', not {self.wins!r}")
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise RuleError(f"trump must be a suit or None (no trumps), not {self.trump!r}")
        if not isinstance(self.trump_any_time, bool):
            raise RuleError(f"trump_any_time must be True or False, not {self.trump_any_time!r}")

    def strength(self, card: Card) -> int:
        """Order key within one suit: the card with the larger strength takes the trick."""
        if not isinstance(card, Card):
            raise RuleError(f"expected a card, not {card!r}")
        return WINS_SIGN[self.wins] * _POSITION[self.ace][card.rank]

    def differing_settings(self, other: FiveTricksVariant) -> tuple[str, ...]:
        """Names of the settings (in declared order) on which the two sheets disagree."""
        if not isinstance(other, FiveTricksVariant):
            raise RuleError(f"can only compare with another rule variant, not {other!r}")
        return tuple(field.name for field in fields(self) if getattr(self, field.name) != getattr(other, field.name))

    def differences(self, other: FiveTricksVariant) -> int:
        return len(self.differing_settings(other))

    @property
    def code(self) -> str:
        """Short stable text form, e.g. ``"low-lowest-hearts-no"``; safe in URLs and DB columns."""
        trump = self.trump.value if self.trump else _NO_TRUMP_CODE
        return f"{self.ace}-{self.wins}-{trump}-{_YES_NO[self.trump_any_time]}"

    @classmethod
    def from_code(cls, code: str) -> FiveTricksVariant:
        if not isinstance(code, str) or code.count("-") != 3:
            raise RuleError(f"{code!r} is not a rule variant code like 'low-lowest-hearts-no'")
        ace, wins, trump, any_time = code.split("-")
        answers = {text: flag for flag, text in _YES_NO.items()}
        if any_time not in answers:
            raise RuleError(f"the last part of {code!r} must be 'yes' or 'no'")
        return cls(
            ace=ace,  # type: ignore[arg-type]  # validated by __post_init__
            wins=wins,  # type: ignore[arg-type]
            trump=None if trump == _NO_TRUMP_CODE else Suit.parse(trump),
            trump_any_time=answers[any_time],
        )


def _seed(ace: AceSetting, wins: WinsSetting, trump: Suit, any_time: bool) -> FiveTricksVariant:
    return FiveTricksVariant(ace=ace, wins=wins, trump=trump, trump_any_time=any_time)


SEED_VARIANTS: Final[tuple[FiveTricksVariant, ...]] = (
    _seed("low", "lowest", Suit.HEARTS, False),
    _seed("high", "highest", Suit.DIAMONDS, False),
    _seed("low", "lowest", Suit.CLUBS, False),
    _seed("high", "highest", Suit.HEARTS, False),
    _seed("low", "lowest", Suit.SPADES, False),
    _seed("high", "highest", Suit.CLUBS, False),
    _seed("low", "lowest", Suit.DIAMONDS, False),
    _seed("high", "highest", Suit.HEARTS, True),
    _seed("low", "lowest", Suit.CLUBS, True),
    _seed("high", "highest", Suit.SPADES, False),
)
