"""The debrief's "rules" view: every table's rules side by side, setting by setting.

Rules:
- Columns are tables in number order; with more than ``WALL_COLUMNS`` tables, tables playing the
  same rules share one column ("Tables 1, 11"), so the wall stays legible.
- Rows are the game's settings (``games.settings.compared``), in the game's order, and the house
  rule when any table has one. A row differs when its values are not all the same (by their
  codes); each cell carries the group index of its value in that row (0 for the first value met,
  1 for the next other value …), so equal values are drawn alike.
- Reveals the rules: the frame shows it on the wall only once the organiser revealed them.
- A fixed number of SQL statements (one), whatever the number of tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlalchemy.orm import Session

from ...core.i18n import T, Text, Tp
from ...games import Setting
from ...games import settings as declared
from ...models import Event
from ._tables import WALL_COLUMNS, event_tables, group_by, rule_set, tables_label

# The view's name where the organiser picks a debrief step's view.
LABEL: Final = T("Every table's rules, side by side")
HOUSE_RULE_KEY: Final = "house_rule"
HOUSE_RULE_LABEL: Final = Tp("debrief", "House rule")
NO_HOUSE_RULE: Final = "—"


@dataclass(frozen=True, slots=True)
class Cell:
    value: Text | str
    group: int  # index of this value among the row's different values, first met first


@dataclass(frozen=True, slots=True)
class Row:
    key: str
    label: Text | str
    cells: tuple[Cell, ...]  # one per column
    differs: bool


@dataclass(frozen=True, slots=True)
class Column:
    numbers: tuple[int, ...]
    label: Text
    house_rule: str | None = None  # the same at every table of the column (it is part of their rules)


@dataclass(frozen=True, slots=True)
class RulesView:
    game: str  # the game's title (a name: never translated)
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    grouped: bool  # tables with the same rules share a column

    @property
    def differing(self) -> int:
        return sum(row.differs for row in self.rows)


def _row(settings: list[Setting]) -> Row:
    groups: dict[str, int] = {}
    cells = tuple(Cell(setting.value, groups.setdefault(setting.code, len(groups))) for setting in settings)
    return Row(settings[0].key, settings[0].label, cells, len(groups) > 1)


def build(session: Session, event: Event) -> RulesView:
    game, tables = event_tables(session, event)
    per_table = [declared.compared(game.settings, table.variant) for table in tables]
    if any(table.house_rule for table in tables):
        per_table = [(*settings, Setting(HOUSE_RULE_KEY, HOUSE_RULE_LABEL, table.house_rule or NO_HOUSE_RULE,
                                         table.house_rule or ""))
                     for settings, table in zip(per_table, tables, strict=True)]
    grouped = len(tables) > WALL_COLUMNS
    keys = [rule_set(game, table.variant, table.house_rule) for table in tables]
    columns = group_by(keys, [table.number for table in tables], grouped)
    firsts = [column[0] for column in columns]
    rows = tuple(_row([per_table[index][position] for index in firsts])
                 for position in range(len(per_table[0]) if per_table else 0))
    return RulesView(
        game=game.title,
        columns=tuple(Column(tuple(tables[index].number for index in column),
                             tables_label([tables[index].number for index in column]), tables[column[0]].house_rule)
                      for column in columns),
        rows=rows,
        grouped=grouped,
    )


def csv_table(view: RulesView) -> tuple[list[str], list[list[str]]]:
    """One line per setting, one column per table (or group of tables), in English."""
    header = ["setting", *(str(column.label) for column in view.columns), "differs"]
    lines = [[str(row.label), *(str(cell.value) for cell in row.cells), "yes" if row.differs else "no"]
             for row in view.rows]
    return header, lines
