from __future__ import annotations

from collections import defaultdict

from flask import flash, redirect, render_template, request, url_for
from wtforms import SelectChoice

from ... import db
from ...core.errors import RuleError
from ...core.i18n import Name, T, Tn
from ...core.movement import size_warnings
from ...games import game_of
from ...games import settings as declared
from ...i18n import translate
from ...models import PlayerStatus
from ...name_display import by_name
from ...services import players as player_service
from ...services import tables as table_service
from ...services.errors import DomainError
from ..current_event import current_event, with_collections
from ..refusals import field_for, refuse
from . import bp
from .forms import HouseRuleForm, MoveSeatForm, SheetsForm, TablePlanForm


def move_form_for(event, data=None) -> MoveSeatForm:
    """The "move a player" form of an event: its seated players and its tables."""
    form = MoveSeatForm(formdata=data)
    form.player.choices = [SelectChoice(p.id, p.name) for p in by_name(event.players, "name")
                           if p.status is PlayerStatus.SEATED]
    form.table.choices = [SelectChoice(t.number, translate(T("Table {number}", number=t.number)))
                          for t in event.tables]
    return form


@bp.get("/events/<int:event_id>/tables")
def tables(event_id: int):
    """The table plan: number of tables, each table's rules, and who sits where at home."""
    return _tables_page(current_event(event_id))


def _plan_form(event, game) -> TablePlanForm:
    """The plan form as the page first shows it: the sheets' choice the tables follow now."""
    in_use = table_service.preset_in_use(game, event) if event.tables else None
    return TablePlanForm(formdata=None, tables=len(event.tables) or None, sheets=in_use or table_service.CLASSIC)


def _tables_page(event, plan_form=None, move_form=None, status=200, wish_form=None):
    """The tables page; a refused form is passed in so it shows what was typed and why."""
    with_collections(event, "tables", "players", "rounds")
    game = game_of(event)
    suggestion = table_service.suggested_plan(event)
    if event.rounds:  # the plan and move forms are hidden then: say on top what was wrong
        for form in (plan_form, move_form):
            for messages in (form.errors.values() if form is not None else []):
                for message in messages:
                    flash(str(message), "error")  # a lazy message: the session keeps text
    at_home = defaultdict(list)
    for player in event.players:
        if player.status is PlayerStatus.SEATED and player.home_table is not None:
            at_home[player.home_table.number].append(player)
    return render_template(
        "organiser/tables.html",
        event=event,
        game=game,
        plan_form=plan_form or _plan_form(event, game),
        # The count the plan would make: the one typed, the tables there are, or the suggestion.
        sheets_hint=table_service.sheets_hint(game, _planned_count(event, plan_form, suggestion)),
        sheets_in_use=table_service.preset_in_use(game, event) if event.tables else None,
        sheets_differ=bool(event.tables) and (table_service.preset_variants(game, len(event.tables))
                                              != table_service.preset_variants(game, len(event.tables),
                                                                               table_service.MOST_DIFFERENT)),
        sheets_form=SheetsForm(formdata=None),
        move_form=move_form or move_form_for(event),
        at_home=at_home,
        # The same thresholds as the next round's seating: a table of one cannot play.
        size_notes=() if event.rounds else size_warnings({t.number: len(at_home[t.number]) for t in event.tables},
                                                           *table_service.seat_limits(game_of(event))),
        suggestion=suggestion,
        fixed_size=table_service.fixed_size(game_of(event)),
        observing=table_service.observing,
        observers=[p for p in event.players if p.status is PlayerStatus.OBSERVER],
        unseated=[p for p in event.players if p.status is PlayerStatus.SEATED and p.home_table is None],
        wish_form=wish_form,
    ), status


def _planned_count(event, plan_form, suggestion) -> int | None:
    typed = plan_form.tables.data if plan_form is not None and not plan_form.tables.errors else None
    if isinstance(typed, int) and typed >= 1:
        return typed
    if event.tables:
        return len(event.tables)
    return suggestion.table_count if suggestion is not None else None


def _shown(event, field):
    """Once the tournament has started the plan and move forms are not on the page, so their
    refusals go on top of it."""
    return None if event.rounds else field


@bp.post("/events/<int:event_id>/tables/plan")
def table_plan(event_id: int):
    """Make (or remake) the plan and seat everyone at random home tables. Leaving the number
    empty takes the planner's suggestion: tables within the game's sizes, as close to its
    preferred size as possible (Five Tricks: 3 to 6, close to 4); equal tables of exactly its
    size for a game played at one size only."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = TablePlanForm()
    if not form.validate_on_submit():
        return _tables_page(event, plan_form=form, status=400)
    try:
        plan = table_service.set_table_count(session, event, form.tables.data, even=form.even.data,
                                             preset=form.sheets.data)
    except DomainError as error:
        return _tables_page(event, plan_form=form,
                            status=refuse(error, _shown(event, field_for(form, error, form.tables))))
    sizes = ", ".join(str(size) for size in plan.sizes)
    made = translate(Tn("{n} table (players per table: {sizes}); home tables shuffled.",
                        "{n} tables (players per table: {sizes}); home tables shuffled.", plan.table_count,
                        sizes=sizes))
    note = f" {translate(table_service.observing(plan.observers))}" if plan.observers else ""
    flash(f"{made}{note}", "success")
    return redirect(url_for("organiser.tables", event_id=event.id))


@bp.post("/events/<int:event_id>/tables/sheets")
def table_sheets(event_id: int):
    """Deal the game's sheets to the tables again, under the classic order or as the most
    different sheets; house rules stay. Refused once a round has started."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = SheetsForm()
    if not form.validate_on_submit():
        flash(translate(T("Choose the classic order or the most different sheets.")), "error")
        return _tables_page(event, status=400)
    try:
        changed = table_service.use_preset(session, event, form.sheets.data)
    except DomainError as error:
        return _tables_page(event, status=refuse(error, None))
    if form.sheets.data == table_service.MOST_DIFFERENT:
        done = Tn("The most different sheets are dealt: {n} table changed its rules.",
                  "The most different sheets are dealt: {n} tables changed their rules.", changed)
    else:
        done = Tn("The sheets are in the classic order again: {n} table changed its rules.",
                  "The sheets are in the classic order again: {n} tables changed their rules.", changed)
    flash(translate(done), "success")
    return redirect(url_for("organiser.tables", event_id=event.id))


@bp.post("/events/<int:event_id>/tables/move")
def move_home(event_id: int):
    """Manual seat change before the tournament: move one player to another home table."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = move_form_for(event, request.form)
    if not form.validate_on_submit():
        return _tables_page(event, move_form=form, status=400)
    try:
        player = player_service.get_player(session, event, form.player.data)
        player_service.set_home_table(session, event, player, table_service.get_table(event, form.table.data))
    except DomainError as error:
        return _tables_page(event, move_form=form,
                            status=refuse(error, _shown(event, field_for(form, error, form.player))))
    flash(translate(T("{name} now starts at table {table}.", name=Name(player.name), table=form.table.data)),
          "success")
    return redirect(url_for("organiser.tables", event_id=event.id))


@bp.route("/events/<int:event_id>/tables/<int:number>/rules", methods=["GET", "POST"])
def table_rules(event_id: int, number: int):
    """Edit one table's rule variant with the event's game's own form (Five Tricks: ace high/low,
    highest/lowest wins, trump, trump any time) and its house rule, saved together."""
    session = db.session()
    event = current_event(event_id, "tables")
    game = game_of(event)
    table = table_service.get_table(event, number)
    posted = request.form if request.method == "POST" else None
    form = declared.form(game.settings, posted, table.variant)
    house = HouseRuleForm(formdata=posted, house_rule=table.house_rule or "")

    def page(status=200):
        return render_template("organiser/table_rules.html", event=event, game=game, table=table, form=form,
                               house=house), status

    if form.validate_on_submit() and house.validate():
        try:
            table_service.set_rules(session, event, table, declared.from_form(game.settings, form),
                                    house.house_rule.data)
        except RuleError as error:
            return page(refuse(DomainError(error.text)))
        except DomainError as error:
            return page(refuse(error, field_for(house, error)))
        flash(translate(T("Rules of table {number} saved.", number=number)), "success")
        return redirect(url_for("organiser.tables", event_id=event.id))
    return page(400 if form.is_submitted() else 200)
