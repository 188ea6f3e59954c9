"""How long this laptop keeps events (a laptop-wide setting on the events list), the list's
warnings a week before an event is erased, and "Keep"."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField

from ... import db
from ...core.i18n import Name, T
from ...i18n import translate
from ...models.base import utcnow
from ...services import events as event_service
from ...services import retention
from ...services.errors import DomainError
from ..current_event import current_event
from ..refusals import refuse
from . import bp
from .forms import ButtonForm, NewEventForm


class RetentionForm(FlaskForm):
    # Checked by the service, whose refusal comes back beside the field.
    retention_days = SelectField(
        lazy_gettext("Erase events after their last round"), validate_choice=False,
        choices=[SelectChoice(retention.NEVER, lazy_gettext("never")),
                 SelectChoice("30", lazy_gettext("after 30 days")),
                 SelectChoice("90", lazy_gettext("after 90 days")),
                 SelectChoice("365", lazy_gettext("after 365 days"))])


def index_context(retention_form: RetentionForm | None = None) -> dict:
    """What the events list shows of the retention: the warnings, the setting and its grace."""
    session = db.session()
    grace = retention.grace_until(session)
    return {
        "erase_warnings": retention.warnings(session, utcnow()),
        "retention_form": retention_form or RetentionForm(retention_days=retention.setting(session)),
        "retention_grace": grace if grace is not None and grace > utcnow() else None,
    }


@bp.post("/retention")
def set_retention():
    """Choose how long the laptop keeps events; a shorter choice erases nothing for a week."""
    form = RetentionForm()
    status = 400
    if form.validate_on_submit():
        try:
            retention.set_retention(db.session(), form.retention_days.data, utcnow())
        except DomainError as error:
            status = refuse(error, form.retention_days)
        else:
            flash(translate(T("Saved: how long this laptop keeps events.")), "success")
            return redirect(url_for("organiser.index"))
    return render_template("organiser/index.html", summaries=event_service.list_events(db.session()),
                           form=NewEventForm(formdata=None), **index_context(form)), status


@bp.post("/events/<int:event_id>/keep")
def keep_event(event_id: int):
    """Keep an event the retention would erase soon: it stays another full period."""
    event = current_event(event_id)
    if ButtonForm().validate_on_submit():
        retention.keep(db.session(), event.id, utcnow())
        flash(translate(T("“{name}” is kept: it is erased only after another full period.", name=Name(event.name))),
              "success")
    return redirect(url_for("organiser.index"))
