"""A Euchre table's settings: the two house rules the seed's game names.

Invariants:
- ``EuchreVariant`` is frozen and hashable; its JSON form is exactly
  ``{"no_trump": bool, "stick_the_dealer": bool}`` and reads back equal. Anything else is refused
  with a ``RuleError``.
- ``default_variants(n)`` cycles through the four combinations, table 1 playing plain Euchre;
  neighbouring tables (and the last and first of a cycle) never share both settings, and a
  shorter answer is a prefix of every longer one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...core.errors import RuleError
from ...core.i18n import T, Text, Tp
from ..protocol import Setting

SETTING_NAMES: Final[tuple[str, ...]] = ("no_trump", "stick_the_dealer")


@dataclass(frozen=True, slots=True)
class EuchreVariant:
    """``no_trump``: on the second pass of bidding a player may call "no trump" (no trump suit,
    no bowers, every suit A-K-Q-J-10-9). ``stick_the_dealer``: when all four pass twice the
    dealer must name trump; otherwise the hand is a misdeal and the deal passes left."""

    no_trump: bool = False
    stick_the_dealer: bool = False

    def __post_init__(self) -> None:
        for name in SETTING_NAMES:
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"{name} must be true or false, not {getattr(self, name)!r}")


# Each step changes at least one setting, the wrap-around too, so neighbouring tables differ.
CYCLE: Final[tuple[EuchreVariant, ...]] = (
    EuchreVariant(no_trump=False, stick_the_dealer=False),
    EuchreVariant(no_trump=True, stick_the_dealer=True),
    EuchreVariant(no_trump=False, stick_the_dealer=True),
    EuchreVariant(no_trump=True, stick_the_dealer=False),
)


def default_variants(tables: int) -> tuple[EuchreVariant, ...]:
    """One variant per table, table 1 first, cycling through ``CYCLE``."""
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise RuleError(f"the number of tables must be a whole number of at least 0, not {tables!r}")
    return tuple(CYCLE[index % len(CYCLE)] for index in range(tables))


def variant_to_json(variant: EuchreVariant) -> dict[str, Any]:
    return {"no_trump": variant.no_trump, "stick_the_dealer": variant.stick_the_dealer}


def variant_from_json(data: object) -> EuchreVariant:
    if not isinstance(data, Mapping) or set(data) != set(SETTING_NAMES):
        raise RuleError(
            f"a Euchre table's rules must be stored as an object with the keys {', '.join(SETTING_NAMES)}, "
            f"not {str(data)[:80]}"
        )
    return EuchreVariant(no_trump=data["no_trump"], stick_the_dealer=data["stick_the_dealer"])


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


# The debrief's side-by-side view states the two settings one by one (the summary joins them).
_NO_TRUMP_LABEL: Final = Tp("table setting", "“No trump”")
_NO_TRUMP_VALUE: Final = {True: T("may be called on the second pass"), False: T("may not be called: suits only")}
_ALL_PASS_LABEL: Final = Tp("table setting", "All four pass twice")
_ALL_PASS_VALUE: Final = {True: T("stick the dealer: the dealer names trump"),
                          False: T("misdeal: the deal passes left")}


def variant_settings(variant: EuchreVariant) -> tuple[Setting, ...]:
    """"No trump" and "all four pass twice", in ``SETTING_NAMES`` order."""
    return (
        Setting("no_trump", _NO_TRUMP_LABEL, _NO_TRUMP_VALUE[variant.no_trump], "yes" if variant.no_trump else "no"),
        Setting("stick_the_dealer", _ALL_PASS_LABEL, _ALL_PASS_VALUE[variant.stick_the_dealer],
                "yes" if variant.stick_the_dealer else "no"),
    )


def variant_summary(variant: EuchreVariant) -> str:
    """``summary_text`` in English."""
    return str(summary_text(variant))
