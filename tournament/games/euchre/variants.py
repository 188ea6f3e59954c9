"""A Euchre table's settings: the two house rules the seed's game names.

Invariants:
- ``EuchreVariant`` is frozen and hashable; ``SETTINGS`` declares its two settings once: its
  JSON form is exactly ``{"no_trump": bool, "stick_the_dealer": bool}`` and reads back equal.
- New tables cycle through the four combinations (``CYCLE``), table 1 playing plain Euchre;
  neighbouring tables (and the last and first of a cycle) never share both settings, and a
  shorter answer is a prefix of every longer one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T, Text, Tp
from ..settings import DeclaredSetting, VariantSettings, yes_no


@dataclass(frozen=True, slots=True)
class EuchreVariant:
    """``no_trump``: on the second pass of bidding a player may call "no trump" (no trump suit,
    no bowers, every suit A-K-Q-J-10-9). ``stick_the_dealer``: when all four pass twice the
    dealer must name trump; otherwise the hand is a misdeal and the deal passes left."""

    no_trump: bool = False
    stick_the_dealer: bool = False

    def __post_init__(self) -> None:
        for name in (field.name for field in fields(self)):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"{name} must be true or false, not {getattr(self, name)!r}")


# Each step changes at least one setting, the wrap-around too, so neighbouring tables differ.
CYCLE: Final[tuple[EuchreVariant, ...]] = (
    EuchreVariant(no_trump=False, stick_the_dealer=False),
    EuchreVariant(no_trump=True, stick_the_dealer=True),
    EuchreVariant(no_trump=False, stick_the_dealer=True),
    EuchreVariant(no_trump=True, stick_the_dealer=False),
)


# One message per combination of the two settings (keyed no_trump, stick_the_dealer).
_SUMMARIES: Final[dict[tuple[bool, bool], Text]] = {
    (True, True): T("“No trump” may be called; stick the dealer"),
    (True, False): T("“No trump” may be called; misdeal if all pass twice"),
    (False, True): T("Suits only; stick the dealer"),
    (False, False): T("Suits only; misdeal if all pass twice"),
}


def summary_text(variant: EuchreVariant) -> Text:
    """"“No trump” may be called; stick the dealer", "Suits only; misdeal if all pass twice"."""
    return _SUMMARIES[variant.no_trump, variant.stick_the_dealer]


SETTINGS: Final = VariantSettings(
    variant=EuchreVariant,
    declared=(
        DeclaredSetting("no_trump", Tp("table setting", "“No trump”"), yes_no(
            T("may be called on the second pass"), T("may not be called: suits only")), check=True,
            question=T("No trump: on the second pass of bidding, a player may call “no trump”")),
        DeclaredSetting("stick_the_dealer", Tp("table setting", "All four pass twice"), yes_no(
            T("stick the dealer: the dealer names trump"), T("misdeal: the deal passes left")), check=True,
            question=T("Stick the dealer: when all four pass twice, the dealer must name trump "
                       "(otherwise it is a misdeal)")),
    ),
    # A whole line per combination: the debrief's rows say the two settings one by one.
    summary=summary_text,
    default=EuchreVariant(),
    cycle=CYCLE,
)
