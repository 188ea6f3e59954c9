"""The table plan before the tournament: how many tables, their rule variants, home tables.

The table sizes and each new table's rules are the event's game's (``Game.table_sizes``,
``Game.default_variants``). A game played at one table size only (``fixed_size``: Euchre in
fours) always gets equal tables of exactly that size; the players left over observe. Home
tables come from the core's seeded shuffle, so "Shuffle again" is a new seed and the same seed
always reproduces the same seating. A table's rules (variant and house rule) may change at
any time: results do not depend on them.
"""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from ..core.errors import RuleError
from ..core.i18n import T, Text, Tn
from ..core.limits import MAX_HOUSE_RULE, MAX_SEED, MAX_TABLES
from ..core.movement import WARN_ABOVE, WARN_BELOW
from ..core.names import clean_text
from ..core.planner import TablePlan, plan_tables, seat_players
from ..games import Game, game_of
from ..models import Event, PlayerStatus, Table
from . import audit
from .errors import DomainError, as_sentence


def _require_not_started(event: Event) -> None:
    if event.rounds:
        raise DomainError(T("The tournament has started; the number of tables can no longer change."))


def seat_limits(game: Game) -> tuple[int, int]:
    """(fewest, most) players a table may have before the pages warn about it. A game played at
    one size only (Euchre in fours) cannot be played at any other, so any other size is flagged
    (movement can leave a table short when a neighbour reported no game); other games keep the
    movement rule's limits: fewer than 2 cannot play, more than 7 is crowded."""
    size = fixed_size(game)
    return (size, size) if size is not None else (WARN_BELOW, WARN_ABOVE)


def fixed_size(game: Game) -> int | None:
    """The one table size ``game`` is played at, or ``None`` when it allows several."""
    sizes = game.table_sizes
    return sizes.smallest if sizes.smallest == sizes.largest else None


# What observing means, said the same on the tables page and in the guide: observers are seated
# at no table in any round (they win no games and are not ranked) until the organiser lets one
# play, on the Players page, in place of a player who then observes.
OBSERVING_MEANS = T("an observer plays no games and watches a table of their choice, in silence; "
                    "between rounds the organiser may swap an observer with a player.")


def observing(count: int | None) -> Text:
    """``count`` players observe, and what that means; ``None``: whoever is left over."""
    if count is None:
        return T("Players left over observe: {means}", means=OBSERVING_MEANS)
    return Tn("{n} player observes: {means}", "{n} players observe: {means}", count, means=OBSERVING_MEANS)


def _plan(event: Event, players: int, tables: int | None = None, even: bool = False) -> TablePlan:
    game = game_of(event)
    sizes = game.table_sizes
    size = fixed_size(game)
    if size is not None and tables is not None:
        # The organiser's table count cannot change the size a game is played at.
        if tables * size > players:
            raise RuleError(Tn("{game} is played by exactly {size} at a table: {players} players fill "
                               "at most {n} table",
                               "{game} is played by exactly {size} at a table: {players} players fill "
                               "at most {n} tables",
                               players // size, game=game.title, size=size, players=players))
        return TablePlan((size,) * tables, players - tables * size)
    return plan_tables(players, min_size=sizes.smallest, max_size=sizes.largest, preferred=sizes.preferred,
                       tables=tables, even=even or size is not None)


def suggested_plan(event: Event, even: bool = False) -> TablePlan | None:
    seated = sum(1 for p in event.players if p.status is PlayerStatus.SEATED)
    if seated == 0:
        return None
    try:
        return _plan(event, seated, even=even)
    except ValueError:
        return None


def set_table_count(session: Session, event: Event, count: int | None, even: bool = False) -> TablePlan:
    """Make the event have `count` tables (the planner's suggestion when None) and reseat
    everyone at random. Existing tables keep their variants; new ones get the game's defaults."""
    _require_not_started(event)
    # Observers chosen by the organiser stay observers; only playing players are seated.
    candidates = [p for p in event.players if p.status is PlayerStatus.SEATED]
    if not candidates:
        raise DomainError(T("Add players first: the table plan depends on how many play."))
    if count is not None and not 1 <= count <= min(MAX_TABLES, len(candidates)):
        raise DomainError(T("Choose between 1 and {most} tables for {count} players.",
                            most=min(MAX_TABLES, len(candidates)), count=len(candidates)))
    try:
        plan = _plan(event, len(candidates), tables=count, even=even)
    except RuleError as error:
        # The sentences that reach here start with a number or a game's title, so they need no capital.
        raise DomainError(as_sentence(error.text)) from error
    tables = list(event.tables)
    for table in tables[plan.table_count:]:
        event.tables.remove(table)
        session.delete(table)
    if plan.table_count > len(tables):
        defaults = game_of(event).default_variants(plan.table_count)
        for number in range(len(tables) + 1, plan.table_count + 1):
            table = Table(number=number)
            event.tables.append(table)  # first, so the variant is stored in the event's game's form
            table.variant = defaults[number - 1]
    session.flush()
    _seat_at_random(event, plan, candidates, random.randrange(1, MAX_SEED + 1))
    session.commit()
    return plan


def _seat_at_random(event: Event, plan: TablePlan, candidates, seed: int) -> None:
    """With even tables, the planner's leftover players become observers (chosen by the seed)."""
    event.shuffle_seed = seed
    by_name = {p.name: p for p in candidates}
    observers, seating = seat_players(list(by_name), plan, seed)
    for name in observers:
        by_name[name].status = PlayerStatus.OBSERVER
        by_name[name].home_table = None
    tables = {t.number: t for t in event.tables}
    for name, number in seating.items():
        by_name[name].home_table = tables[number]


def clean_house_rule(text: str | None) -> str | None:
    """The house rule as stored: typed text through the one text gate (``clean_text``), at
    most ``MAX_HOUSE_RULE`` characters once cleaned; blank (or only invisible characters)
    means the table has none. ``DomainError`` beside the ``house_rule`` field otherwise."""
    if text is None or not text.strip():
        return None
    try:
        cleaned = clean_text(text, T("The house rule"))
    except RuleError as error:
        if "empty or blank" in str(error):  # only invisible characters: nothing to print
            return None
        raise DomainError(as_sentence(error.text), field="house_rule") from error
    if len(cleaned) > MAX_HOUSE_RULE:
        raise DomainError(T("The house rule has {count} characters; keep it to {most} at most, "
                            "so it fits its line on the sheet.", count=len(cleaned), most=MAX_HOUSE_RULE),
                          field="house_rule")
    return cleaned


def set_rules(session: Session, event: Event, table: Table, variant, house_rule: str | None) -> None:
    """A table's rules: its variant and its house rule (typed text, ``clean_house_rule``).

    Both may change before and during the tournament, until the table's sheet is in play;
    results do not depend on them. Each change is written to the log."""
    if table.event_id != event.id:
        raise DomainError(T("That table is not part of this event."))
    rule = clean_house_rule(house_rule)
    game = game_of(event)
    old_variant = table.variant
    if old_variant != variant:
        audit.log(session, event.id, audit.ORGANISER, "table rules changed", f"table {table.number}",
                  table_number=table.number, old=str(game.variant_summary(old_variant)),
                  new=str(game.variant_summary(variant)))
    if table.house_rule != rule:
        audit.log(session, event.id, audit.ORGANISER, "house rule changed", f"table {table.number}",
                  table_number=table.number, old=table.house_rule, new=rule)
    table.variant = variant
    table.house_rule = rule
    session.commit()


def set_variant(session: Session, event: Event, table: Table, variant) -> None:
    """A table's variant alone; its house rule stays (see ``set_rules``)."""
    set_rules(session, event, table, variant, table.house_rule)


def get_table(event: Event, number: int) -> Table:
    for table in event.tables:
        if table.number == number:
            return table
    raise DomainError(T("There is no table {number} in this event.", number=number))
