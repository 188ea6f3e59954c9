"""The table plan before the tournament: how many tables, their rule variants, home tables.

Home tables come from the core's seeded shuffle, so "Shuffle again" is a new seed and the
same seed always reproduces the same seating.
"""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from ..core import RuleVariant
from ..core.generator import variants_for_tables
from ..core.limits import MAX_TABLES
from ..core.names import name_key
from ..core.planner import TablePlan, assign_home_tables, plan_tables
from ..models import Event, PlayerStatus, Table
from .errors import DomainError


def _require_not_started(event: Event, what: str) -> None:
    if event.rounds:
        raise DomainError(f"The tournament has started; {what} can no longer change.")


def suggested_plan(event: Event, even: bool = False) -> TablePlan | None:
    seated = sum(1 for p in event.players if p.status is PlayerStatus.SEATED)
    if seated == 0:
        return None
    try:
        return plan_tables(seated, even=even)
    except ValueError:
        return None


def set_table_count(session: Session, event: Event, count: int | None, even: bool = False) -> TablePlan:
    """Make the event have `count` tables (the planner's suggestion when None) and reseat
    everyone at random. Existing tables keep their variants; new ones get the defaults."""
    _require_not_started(event, "the number of tables")
    # Observers chosen by the organiser stay observers; only playing players are seated.
    candidates = [p for p in event.players if p.status is PlayerStatus.SEATED]
    if not candidates:
        raise DomainError("Add players first: the table plan depends on how many play.")
    if count is not None and not 1 <= count <= min(MAX_TABLES, len(candidates)):
        raise DomainError(
            f"Choose between 1 and {min(MAX_TABLES, len(candidates))} tables for {len(candidates)} players."
        )
    try:
        plan = plan_tables(len(candidates), tables=count, even=even)
    except ValueError as error:
        raise DomainError(str(error).capitalize() + ".") from error
    defaults = variants_for_tables(plan.table_count)
    tables = list(event.tables)
    for table in tables[plan.table_count:]:
        event.tables.remove(table)
        session.delete(table)
    for number in range(len(tables) + 1, plan.table_count + 1):
        table = Table(number=number)
        table.variant = defaults[number - 1]
        event.tables.append(table)
    session.flush()
    _seat_at_random(event, plan, candidates, random.randrange(1, 2**31))
    session.commit()
    return plan


def reshuffle(session: Session, event: Event, even: bool = False) -> TablePlan:
    """New random home tables with the same number of tables."""
    _require_not_started(event, "home tables")
    if not event.tables:
        raise DomainError("Make a table plan first.")
    return set_table_count(session, event, len(event.tables), even=even)


def _seat_at_random(event: Event, plan: TablePlan, candidates, seed: int) -> None:
    """With even tables, the planner's leftover players become observers (chosen by the seed)."""
    event.shuffle_seed = seed
    order = sorted(candidates, key=lambda p: name_key(p.name))
    random.Random(seed).shuffle(order)
    observers = order[: plan.observers]
    seated = order[plan.observers:]
    for player in observers:
        player.status = PlayerStatus.OBSERVER
        player.home_table = None
    by_name = {p.name: p for p in seated}
    tables = {t.number: t for t in event.tables}
    for name, number in assign_home_tables(list(by_name), list(plan.sizes), seed).items():
        by_name[name].home_table = tables[number]


def set_variant(session: Session, event: Event, table: Table, variant: RuleVariant) -> None:
    """A table's rules may change until its sheet is in play; results do not depend on them."""
    if table.event_id != event.id:
        raise DomainError("That table is not part of this event.")
    table.variant = variant
    session.commit()


def get_table(event: Event, number: int) -> Table:
    for table in event.tables:
        if table.number == number:
            return table
    raise DomainError(f"There is no table {number} in this event.")
