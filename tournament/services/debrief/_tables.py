"""The event's tables as both debrief views of the rules read them: one statement, in number
order, each table's variant as its game reads it and its house rule.

Rules:
- One SQL statement whatever the number of tables; the variant is read from the stored JSON
  through the event's game (never through ``Table.variant``, which would ask for the event).
- Two tables play the same rules when ``rule_set`` says so: the same settings' codes as the
  game states them (variants the game words alike play alike) and the same house rule. The
  rules view, the trick view and the journeys' strangers all read it. Tables of one rule set are one group,
  named "Tables 1, 11"; a view groups them when more tables than ``WALL_COLUMNS`` would not fit
  across the wall side by side.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...core.i18n import Text, Tn
from ...games import CardGame, game_of
from ...games import settings as declared
from ...models import Event, Table

WALL_COLUMNS: Final = 10  # the most tables the wall shows side by side, one column each
TABLE_LABEL: Final = Tn("Table {numbers}", "Tables {numbers}", 1)


@dataclass(frozen=True, slots=True)
class TableRules:
    number: int
    variant: Any
    house_rule: str | None


def event_tables(session: Session, event: Event) -> tuple[CardGame[Any], tuple[TableRules, ...]]:
    game = game_of(event)
    rows = session.execute(
        select(Table.number, Table.variant_data, Table.house_rule)
        .where(Table.event_id == event.id).order_by(Table.number)
    ).all()
    return game, tuple(TableRules(number, declared.from_json(game.settings, data), house) for number, data,
                       house in rows)


def rule_set(game: CardGame[Any], variant: Any, house_rule: str | None = None) -> Hashable:
    """What two tables share exactly when they play the same rules (see the module's rules)."""
    return tuple(setting.code for setting in declared.compared(game.settings, variant)), house_rule or None


def tables_label(numbers: Sequence[int]) -> Text:
    """"Table 3", or "Tables 1, 11" for a group."""
    return TABLE_LABEL.filled(n=len(numbers), numbers=", ".join(str(number) for number in numbers))


def group_by(keys: Sequence[Hashable], numbers: Sequence[int], grouped: bool) -> list[list[int]]:
    """Indexes of tables, one list per column: each table alone, or (``grouped``) the tables of
    one key together, in the order of their first table."""
    if not grouped:
        return [[index] for index in range(len(numbers))]
    found: dict[Hashable, list[int]] = {}
    for index, key in enumerate(keys):
        found.setdefault(key, []).append(index)
    return list(found.values())
