"""The organiser's print page (settings, links, marker key) and the rule-sheet preview."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ... import db
from ...core import ACE_ORDER, WINS_SIGN, RuleVariant, Suit
from ...services import printing
from ...services.errors import DomainError
from ...services.sheets import marker, rule_sheet
from ...services.tables import get_table
from ..current_event import current_event
from ..fields import is_number
from . import bp
from .forms import PrintSettingsForm

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"", "0", "false", "no", "off", "n"}


def _index(event, form, status=200):
    rounds = printing.rounds_of(db.session(), event)
    markers = [(t, marker(t.number)) for t in event.tables]
    return render_template("print/index.html", event=event, form=form, rounds=rounds,
                           markers=markers, paper_names=printing.PAPER_SIZES), status


@bp.get("/events/<int:event_id>/print")
def index(event_id: int):
    """Links to every printed material, the print settings, and the key to the table markers
    (the only place where a sheet's marker strip is linked to its table)."""
    event = current_event("tables")
    return _index(event, PrintSettingsForm(obj=event))


@bp.post("/events/<int:event_id>/print/settings")
def settings(event_id: int):
    """Save paper size, copies per table and colour-blind-safe suits for this event."""
    session = db.session()
    event = current_event("tables")
    form = PrintSettingsForm()
    if not form.validate_on_submit():
        return _index(event, form, 400)
    printing.update_settings(session, event, form.paper_size.data, form.sheet_copies.data, form.colour_safe.data)
    flash("Print settings saved.", "success")
    return redirect(url_for("print.index", event_id=event.id))


def _choice(name: str, allowed) -> str:
    value = request.args.get(name, "")
    if value not in allowed:
        raise DomainError(f"{name} must be one of: {', '.join(sorted(allowed))}.")
    return value


def _variant_from_query() -> RuleVariant:
    trump = request.args.get("trump", "")
    if trump not in {"", "none", *(s.value for s in Suit)}:
        raise DomainError("trump must be hearts, diamonds, clubs, spades or none.")
    any_time = request.args.get("any", "").lower()
    if any_time not in _TRUE | _FALSE:
        raise DomainError("any must be 1 (trump any time) or 0 (only when void).")
    return RuleVariant(
        ace=_choice("ace", ACE_ORDER),  # type: ignore[arg-type]  # checked against the table
        wins=_choice("wins", WINS_SIGN),  # type: ignore[arg-type]
        trump=Suit(trump) if trump not in {"", "none"} else None,
        trump_any_time=any_time in _TRUE,
    )


@bp.get("/events/<int:event_id>/print/preview")
def preview(event_id: int):
    """One rule sheet as an HTML fragment for the variant in the query (?ace=high&wins=highest
    &trump=hearts&any=0, optionally &table=N for its marker); the rules editor shows it live."""
    event = current_event("tables")
    variant = _variant_from_query()
    number = request.args.get("table", "")
    strip = None
    if number:
        if not is_number(number) or len(number) > 6:
            raise DomainError("table must be a table number.")
        strip = marker(get_table(event, int(number)).number)
    return render_template("print/_rule_sheet.html", sheet=rule_sheet(variant), marker=strip)
