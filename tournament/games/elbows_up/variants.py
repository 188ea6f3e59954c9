"""The two table settings an Elbows Up! rule sheet states.

Invariants:
- ``ElbowsUpVariant`` holds two real ``bool`` settings, checked when it is built: ``tea_cards`` (the
  two Tea cards are dealt with the others; else they stay in the box and no deal may name one)
  and ``joker_may_lead`` (the Joker may open a trick; else it is only played on a trick someone
  else led, unless it is its holder's last card).
- ``SETTINGS`` declares them once; the JSON form is exactly
  ``{"tea_cards": bool, "joker_may_lead": bool}`` and anything else is refused.
- New tables cycle through all four combinations (``CYCLE``), table 1 first (the rules as the
  box states them), so tables k and k+1 never share their settings.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T, Tp
from ..settings import DeclaredSetting, VariantSettings, yes_no


@dataclass(frozen=True, slots=True)
class ElbowsUpVariant:
    """The rules printed on one table's sheet."""

    tea_cards: bool = True
    joker_may_lead: bool = True

    def __post_init__(self) -> None:
        for name in (field.name for field in fields(self)):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(T("{name} must be true or false, not {value}", name=name,
                                  value=repr(getattr(self, name))))


# Each step changes at least one setting, and the last leads back to the first with a change.
CYCLE: Final[tuple[ElbowsUpVariant, ...]] = (
    ElbowsUpVariant(tea_cards=True, joker_may_lead=True),
    ElbowsUpVariant(tea_cards=False, joker_may_lead=False),
    ElbowsUpVariant(tea_cards=True, joker_may_lead=False),
    ElbowsUpVariant(tea_cards=False, joker_may_lead=True),
)


SETTINGS: Final = VariantSettings(
    variant=ElbowsUpVariant,
    declared=(
        DeclaredSetting("tea_cards", Tp("table setting", "Tea cards"), yes_no(
            T("Tea cards in play"), T("No Tea cards"),
            T("Dealt with the others (+5 for bidding and taking exactly 4 or 1)"), T("Left in the box"),
            codes=("in", "out"))),
        DeclaredSetting("joker_may_lead", Tp("table setting", "The Joker"), yes_no(
            T("the Joker may lead"), T("the Joker may not lead"),
            T("May be played at any time, also to lead a trick"),
            T("May not lead: only played on a trick someone else led"), codes=("any", "follow"))),
    ),
    # "Tea cards in play; the Joker may lead", one line for the tables page.
    summary=T("{tea}; {joker}"),
    default=ElbowsUpVariant(),
    cycle=CYCLE,
)
