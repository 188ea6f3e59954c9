"""The organiser's print page (settings, links, marker key) and the rule-sheet preview."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ... import db
from ...core.errors import RuleError
from ...core.i18n import T
from ...games import game_of
from ...games import settings as declared
from ...i18n import translate
from ...i18n.languages import LANGUAGES, supported
from ...services import printing
from ...services.errors import DomainError
from ...services.markers import marker
from ...services.tables import clean_house_rule, get_table
from ..current_event import current_event
from ..fields import is_number
from ..links import link_base
from . import bp
from .forms import PrintSettingsForm


def _index(event, form, status=200):
    rounds = printing.rounds_of(db.session(), event)
    markers = [(t, marker(t.number)) for t in event.tables]
    # The language the print links carry (?print_lang=; ?lang= would switch this page itself):
    # the event's unless another is chosen; links in the event's own language carry none.
    print_lang = supported(request.args.get("print_lang")) or event.language
    lang_arg = {"lang": print_lang} if print_lang != event.language else {}
    return render_template("print/index.html", event=event, game=game_of(event), form=form, rounds=rounds,
                           markers=markers, languages=LANGUAGES, print_lang=print_lang, lang_arg=lang_arg,
                           base=link_base()), status


@bp.get("/events/<int:event_id>/print")
def index(event_id: int):
    """Links to every printed material, the print settings, and the key to the table markers
    (the only place where a sheet's marker strip is linked to its table)."""
    event = current_event(event_id, "tables")
    return _index(event, PrintSettingsForm(obj=event))


@bp.post("/events/<int:event_id>/print/settings")
def settings(event_id: int):
    """Save paper size, copies per table and colour-blind-safe suits for this event."""
    session = db.session()
    event = current_event(event_id, "tables")
    form = PrintSettingsForm()
    if not form.validate_on_submit():
        return _index(event, form, 400)
    printing.update_settings(session, event, form.paper_size.data, form.sheet_copies.data, form.colour_safe.data)
    flash(translate(T("Print settings saved.")), "success")
    return redirect(url_for("print.index", event_id=event.id))


def _variant_from_query(game, table):
    """The variant the rules editor's form holds, sent as the query; no settings at all: the
    table's saved rules (or, without a table, the game's first default). A preview changes
    nothing, so unlike the form it stands for it carries no CSRF token."""
    form = declared.form(game.settings, request.args, None)
    csrf = form.meta.csrf_field_name
    if not any(field.name in request.args for field in form if field.name != csrf):
        return table.variant if table is not None else declared.default_variants(game.settings, 1)[0]
    if csrf in form:
        del form[csrf]
    if not form.validate():
        raise DomainError(" ".join(f"{form[name].label.text}: {' '.join(errors)}"
                                   for name, errors in form.errors.items()))
    try:
        return declared.from_form(game.settings, form)
    except RuleError as error:
        raise DomainError(error.text) from error


@bp.get("/events/<int:event_id>/print/preview")
def preview(event_id: int):
    """One rule sheet as an HTML fragment for the variant in the query (the rules form's own
    fields, as the rules editor sends them; optionally &table=N for its marker and saved house
    rule, and &house_rule=... for the one being typed); the rules editor shows it live."""
    event = current_event(event_id, "tables")
    game = game_of(event)
    number = request.args.get("table", "")
    table = None
    if number:
        if not is_number(number) or len(number) > 6:
            raise DomainError(T("table must be a table number."))
        table = get_table(event, int(number))
    variant = _variant_from_query(game, table)
    strip = marker(table.number) if table is not None else None
    if "house_rule" in request.args:
        house_rule = clean_house_rule(request.args["house_rule"])
    else:
        house_rule = table.house_rule if table is not None else None
    return render_template(game.rule_sheet_template, sheet=game.rule_sheet(variant), marker=strip,
                           house_rule=house_rule)
