"""The two table settings an Elbows Up! rule sheet states.

Invariants:
- ``TableRules`` holds two real ``bool`` settings, checked when it is built: ``tea_cards`` (the
  two Tea cards are dealt with the others; else they stay in the box and no deal may name one)
  and ``joker_may_lead`` (the Joker may open a trick; else it is only played on a trick someone
  else led, unless it is its holder's last card).
- The JSON form is exactly ``{"tea_cards": bool, "joker_may_lead": bool}``; anything else is
  refused, so ``rules_from_json(rules_to_json(r)) == r`` and nothing else reads back.
- ``default_rules(n)`` cycles through all four combinations, table 1 first (the rules as the
  box states them), so the answer for n tables is a prefix of the answer for more, and tables k
  and k+1 never share their settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...core.errors import RuleError
from ...core.i18n import T, Text, Tp
from ..protocol import Setting

SETTING_NAMES: Final[tuple[str, ...]] = ("tea_cards", "joker_may_lead")


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules printed on one table's sheet."""

    tea_cards: bool = True
    joker_may_lead: bool = True

    def __post_init__(self) -> None:
        for name in SETTING_NAMES:
            if not isinstance(getattr(self, name), bool):
                raise RuleError(T("{name} must be true or false, not {value}", name=name,
                                  value=repr(getattr(self, name))))


# Each step changes at least one setting, and the last leads back to the first with a change.
CYCLE: Final[tuple[TableRules, ...]] = (
    TableRules(tea_cards=True, joker_may_lead=True),
    TableRules(tea_cards=False, joker_may_lead=False),
    TableRules(tea_cards=True, joker_may_lead=False),
    TableRules(tea_cards=False, joker_may_lead=True),
)


def default_rules(tables: int) -> tuple[TableRules, ...]:
    """One table's rules per table, table 1 first, cycling through ``CYCLE``."""
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise RuleError(T("the number of tables must be a whole number of at least 0, not {tables}",
                          tables=repr(tables)))
    return tuple(CYCLE[index % len(CYCLE)] for index in range(tables))


def rules_to_json(rules: TableRules) -> dict[str, Any]:
    return {"tea_cards": rules.tea_cards, "joker_may_lead": rules.joker_may_lead}


def rules_from_json(data: object) -> TableRules:
    if not isinstance(data, Mapping) or set(data) != set(SETTING_NAMES):
        raise RuleError(T("a table's rules must be stored as an object with the keys {keys}, not {data}",
                          keys=", ".join(SETTING_NAMES), data=str(data)[:80]))
    return TableRules(tea_cards=data["tea_cards"], joker_may_lead=data["joker_may_lead"])


_TEA: Final = {True: T("Tea cards in play"), False: T("No Tea cards")}
_JOKER: Final = {True: T("the Joker may lead"), False: T("the Joker may not lead")}


def rules_summary(rules: TableRules) -> Text:
    """"Tea cards in play; the Joker may lead", one line for the tables page: a message per
    setting value, the Tea cards' first."""
    return T("{tea}; {joker}", tea=_TEA[rules.tea_cards], joker=_JOKER[rules.joker_may_lead])


# The names of the two settings: the rules page's form labels and the debrief's rows.
TEA_LABEL: Final = Tp("table setting", "Tea cards")
JOKER_LABEL: Final = Tp("table setting", "The Joker")


def rules_settings(rules: TableRules) -> tuple[Setting, ...]:
    """The two settings one by one, in ``SETTING_NAMES`` order, in the summary's words."""
    return (
        Setting("tea_cards", TEA_LABEL, _TEA[rules.tea_cards], "yes" if rules.tea_cards else "no"),
        Setting("joker_may_lead", JOKER_LABEL, _JOKER[rules.joker_may_lead], "yes" if rules.joker_may_lead else "no"),
    )
