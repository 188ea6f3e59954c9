"""The table plan before the tournament: how many tables, their rule variants, home tables.

The table sizes and each new table's rules are the event's game's (``CardGame.table_sizes``,
``games.settings.default_variants``). A game played at one table size only (``fixed_size``: Euchre in
fours) always gets equal tables of exactly that size; the players left over observe. The
sheets a plan deals out follow a preset (``preset_variants``): the classic order (table N gets
the game's sheet N) or, for fewer tables than sheets, the most different sheets
(``core.spread``). Home tables come from the core's seeded shuffle, so "Shuffle again" is a new seed and the same seed
always reproduces the same seating. A table's rules (variant and house rule) may change at
any time: results do not depend on them.
"""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy.orm import Session

from ..core.errors import RuleError
from ..core.i18n import T, Text, Tn
from ..core.limits import MAX_HOUSE_RULE, MAX_SEED, MAX_TABLES
from ..core.movement import WARN_ABOVE, WARN_BELOW
from ..core.names import clean_text
from ..core.planner import TablePlan, plan_tables, seat_players
from ..core.spread import distinct_places, left_out, most_different
from ..core.wishes import place
from ..games import CardGame, game_of
from ..games import settings as declared
from ..models import Event, Player, PlayerStatus, Table
from . import audit
from .errors import DomainError, as_sentence
from .unit_of_work import event_change
from .wishes import core_wishes


def _require_not_started(event: Event) -> None:
    if event.rounds:
        raise DomainError(T("The tournament has started; the number of tables can no longer change."))


def seat_limits(game: CardGame[Any]) -> tuple[int, int]:
    """(fewest, most) players a table may have before the pages warn about it. A game played at
    one size only (Euchre in fours) cannot be played at any other, so any other size is flagged
    (movement can leave a table short when a neighbour reported no game); other games keep the
    movement rule's limits: fewer than 2 cannot play, more than 7 is crowded."""
    size = fixed_size(game)
    return (size, size) if size is not None else (WARN_BELOW, WARN_ABOVE)


def fixed_size(game: CardGame[Any]) -> int | None:
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


CLASSIC = "classic"
MOST_DIFFERENT = "most-different"
PRESETS = (CLASSIC, MOST_DIFFERENT)
SHEET_KIT = 10  # a game's own sheets: ``default_variants(SHEET_KIT)``, the seed kit's ten


def _own_sheets(game: CardGame[Any]) -> tuple[Any, ...]:
    return declared.default_variants(game.settings, SHEET_KIT)


def preset_variants(game: CardGame[Any], count: int, preset: str = CLASSIC) -> tuple[Any, ...]:
    """The variants of ``count`` tables, table 1 first, under ``preset``: the one place where a
    plan's sheets are chosen. ``CLASSIC``: the game's ``default_variants(count)``.
    ``MOST_DIFFERENT``: ``core.spread.most_different`` over the game's own sheets, kept in their
    classic order; with as many tables as distinct sheets or more, it is the classic order."""
    if preset not in PRESETS:
        raise DomainError(T("Choose the classic order or the most different sheets."))
    classic = declared.default_variants(game.settings, count)
    if preset == CLASSIC:
        return classic
    sheets = _own_sheets(game)
    settings = [declared.to_json(game.settings, variant) for variant in sheets]
    if count >= len(distinct_places(settings)):
        return classic
    return tuple(sheets[place] for place in most_different(settings, count))


def classic_leaves_out(game: CardGame[Any], count: int) -> tuple[tuple[int, object], ...]:
    """(sheet number, variant) of the first of the game's own sheets holding each setting value
    that no table of the classic order for ``count`` tables plays; empty when none is missing."""
    sheets = _own_sheets(game)
    settings = [declared.to_json(game.settings, variant) for variant in sheets]
    played = [declared.to_json(game.settings, variant) for variant in declared.default_variants(game.settings, count)]
    places = left_out([*played, *settings], range(len(played)))
    return tuple((place - len(played) + 1, sheets[place - len(played)]) for place in places)


def sheets_hint(game: CardGame[Any], count: int | None) -> Text:
    """What the choice of sheets means for ``count`` tables (``None``: not known yet), above
    all what the classic order leaves out."""
    if count is None or count < 1:
        return T("Classic order: table N gets the game's sheet N. With fewer tables than sheets, "
                 "the most different sheets make sure every rule is played somewhere.")
    distinct = len(distinct_places([declared.to_json(game.settings, variant) for variant in _own_sheets(game)]))
    if count >= distinct:
        return Tn("With {n} table every sheet is played: both choices are the classic order.",
                  "With {n} tables every sheet is played: both choices are the classic order.", count)
    missing = classic_leaves_out(game, count)
    if not missing:
        return Tn("With {n} table the classic order already plays every rule at least once; the most "
                  "different sheets make the tables differ more.",
                  "With {n} tables the classic order already plays every rule at least once; the most "
                  "different sheets make the tables differ more.", count)
    named = [T("sheet {number} ({rules})", number=number, rules=declared.summary(game.settings, variant))
             for number, variant in missing]
    sheets = named[-1]
    for earlier in reversed(named[:-1]):  # a list, joined the way the page's language joins one
        sheets = T("{first}; {rest}", first=earlier, rest=sheets)
    return Tn("With {n} table the classic order never plays some of the rules; they are on {sheets}.",
              "With {n} tables the classic order never plays some of the rules; they are on {sheets}.",
              count, sheets=sheets)


def preset_in_use(game: CardGame[Any], event: Event) -> str | None:
    """The preset the event's tables follow now (``CLASSIC`` first when both agree), or ``None``
    when their sheets were chosen otherwise (edited by hand)."""
    variants = tuple(table.variant for table in event.tables)
    for preset in PRESETS:
        if variants == preset_variants(game, len(variants), preset):
            return preset
    return None


def use_preset(session: Session, event: Event, preset: str) -> int:
    """Give every table its sheet under ``preset`` (house rules stay) and return how many tables
    changed. Refused once a round has started: the sheets are in play then. Each changed table
    is written to the log, and the choice itself once."""
    with event_change(session, event.id):
        if event.rounds:
            raise DomainError(T("The tournament has started: the tables keep their sheets. "
                                "Edit one table's rules instead."))
        if not event.tables:
            raise DomainError(T("Make the table plan first: the sheets go to its tables."))
        changed = _deal_sheets(session, event, preset)
        return changed


def _deal_sheets(session: Session, event: Event, preset: str) -> int:
    game = game_of(event)
    changed = 0
    for table, variant in zip(event.tables, preset_variants(game, len(event.tables), preset), strict=True):
        if table.variant != variant:
            audit.log(session, event.id, audit.ORGANISER, "table rules changed", f"table {table.number}",
                      table_number=table.number, old=str(declared.summary(game.settings, table.variant)),
                      new=str(declared.summary(game.settings, variant)))
            table.variant = variant
            changed += 1
    audit.log(session, event.id, audit.ORGANISER, "rule sheets chosen", new=preset)
    return changed


def set_table_count(session: Session, event: Event, count: int | None, even: bool = False,
                    preset: str = CLASSIC) -> TablePlan:
    """Make the event have `count` tables (the planner's suggestion when None) and reseat
    everyone at random. With the classic order, existing tables keep their variants and new
    ones get the game's defaults; with the most different sheets every table gets the preset's
    sheet (the choice depends on how many tables there are)."""
    with event_change(session, event.id):
        _require_not_started(event)
        if preset not in PRESETS:
            raise DomainError(T("Choose the classic order or the most different sheets."))
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
        defaults = preset_variants(game_of(event), plan.table_count, preset)
        for number in range(len(tables) + 1, plan.table_count + 1):
            table = Table(number=number)
            event.tables.append(table)  # first, so the variant is stored in the event's game's form
            table.variant = defaults[number - 1]
        if preset != CLASSIC:
            _deal_sheets(session, event, preset)
        session.flush()
        _seat_at_random(session, event, plan, candidates, random.randrange(1, MAX_SEED + 1))
        return plan


def _seat_at_random(session: Session, event: Event, plan: TablePlan, candidates: list[Player], seed: int) -> None:
    """With even tables, the planner's leftover players become observers (chosen by the seed).
    The others' home tables honour the seating wishes that can be honoured (``core.wishes``)."""
    event.shuffle_seed = seed
    by_name = {p.name: p for p in candidates}
    observers, seating = seat_players(list(by_name), plan, seed)
    wishes = core_wishes(session, event)
    if wishes:
        seating = place(list(seating), plan.sizes, seed, wishes).seating
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


def set_rules(session: Session, event: Event, table: Table, variant: Any, house_rule: str | None) -> None:
    """A table's rules: its variant and its house rule (typed text, ``clean_house_rule``).

    Both may change before and during the tournament, until the table's sheet is in play;
    results do not depend on them. Each change is written to the log."""
    with event_change(session, event.id):
        if table.event_id != event.id:
            raise DomainError(T("That table is not part of this event."))
        rule = clean_house_rule(house_rule)
        game = game_of(event)
        old_variant = table.variant
        if old_variant != variant:
            audit.log(session, event.id, audit.ORGANISER, "table rules changed", f"table {table.number}",
                      table_number=table.number, old=str(declared.summary(game.settings, old_variant)),
                      new=str(declared.summary(game.settings, variant)))
        if table.house_rule != rule:
            audit.log(session, event.id, audit.ORGANISER, "house rule changed", f"table {table.number}",
                      table_number=table.number, old=table.house_rule, new=rule)
        table.variant = variant
        table.house_rule = rule


def get_table(event: Event, number: int) -> Table:
    for table in event.tables:
        if table.number == number:
            return table
    raise DomainError(T("There is no table {number} in this event.", number=number))
