"""Seating wishes on the table plan: list a pair to keep apart or together, or take one off."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField

from ... import db
from ...core.i18n import Name, T
from ...i18n import translate
from ...models import PlayerStatus, WishKind
from ...name_display import by_name
from ...services import wishes as wish_service
from ...services.errors import DomainError
from ..current_event import current_event
from ..refusals import field_for, refuse
from . import bp
from . import tables as tables_view


class WishForm(FlaskForm):
    """Choices are filled from the event's players: anyone who may play (observers too, as one
    may be swapped in before the plan is made)."""

    first = SelectField(lazy_gettext("First player"), coerce=int, validate_choice=True)
    second = SelectField(lazy_gettext("Second player"), coerce=int, validate_choice=True)
    kind = SelectField(lazy_gettext("Wish"), default=WishKind.APART.value,
                       choices=[SelectChoice(WishKind.APART.value, lazy_gettext("keep apart")),
                                SelectChoice(WishKind.TOGETHER.value, lazy_gettext("keep together"))])


def wish_form_for(event, data=None) -> WishForm:
    form = WishForm(formdata=data, prefix="wish")
    choices = [SelectChoice(p.id, p.name) for p in by_name(event.players, "name")
               if p.status is not PlayerStatus.WITHDRAWN]
    form.first.choices = list(choices)
    form.second.choices = list(choices)
    if data is None and len(choices) > 1:
        form.second.data = choices[1].value  # a new form offers a pair, not one player twice
    return form


def wish_panel(event, form=None) -> dict:
    """What the table plan's wishes card shows: the form (a refused one as it was sent) and
    every wish with whether the home tables honour it."""
    return {"form": form or wish_form_for(event), "lines": wish_service.wish_report(db.session(), event)}


bp.add_app_template_global(wish_panel, "wish_panel")


@bp.post("/events/<int:event_id>/tables/wishes")
def add_wish(event_id: int):
    """List a pair to keep apart or together at the home tables."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = wish_form_for(event, request.form)
    if not form.validate_on_submit():
        return tables_view._tables_page(event, wish_form=form, status=400)
    try:
        wish_service.add_wish(session, event, form.first.data, form.second.data, WishKind(form.kind.data))
    except DomainError as error:
        return tables_view._tables_page(event, wish_form=form, status=refuse(error, field_for(form, error)))
    names = {p.id: p.name for p in event.players}
    pair = {"first": Name(names[form.first.data]), "second": Name(names[form.second.data])}
    message = (T("{first} and {second} are on the list to sit together.", **pair)
               if form.kind.data == WishKind.TOGETHER.value else
               T("{first} and {second} are on the list to sit apart.", **pair))
    flash(translate(message), "success")
    return redirect(url_for("organiser.tables", event_id=event.id) + "#wishes")


@bp.post("/events/<int:event_id>/tables/wishes/<int:wish_id>/remove")
def remove_wish(event_id: int, wish_id: int):
    """Take a wish off the list."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    try:
        wish_service.remove_wish(session, event, wish_id)
    except DomainError as error:
        return tables_view._tables_page(event, status=refuse(error))
    flash(translate(T("The wish is off the list.")), "success")
    return redirect(url_for("organiser.tables", event_id=event.id) + "#wishes")
