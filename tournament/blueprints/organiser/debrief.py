"""The organiser's debrief page: reveal the rules, put the steps on the wall one by one, edit
the steps, and take the debrief away (printed summary, CSV files).

The wall shows what the server holds (services.debrief.state), so this page, the projector's
keys and a second laptop all step the same debrief. The step buttons name the step they show,
so a double click or a clicker's repeated key shows it once."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms.validators import DataRequired, NumberRange

from ... import db
from ...core.i18n import T
from ...core.limits import MAX_DEBRIEF_STEPS
from ...i18n import translate
from ...services import debrief
from ...services.csv_export import table_csv
from ...services.debrief import state
from ...services.debrief.steps import current_step, step_view, steps_for
from ...services.errors import DomainError
from ..current_event import current_event
from ..fields import IntegerField
from ..refusals import refuse
from . import bp
from .debrief_forms import StepsForm
from .forms import ButtonForm
from .transfer import _download


class StepChoiceForm(FlaskForm):
    step = IntegerField("step", validators=[DataRequired(), NumberRange(1, MAX_DEBRIEF_STEPS)])


def _wants_json() -> bool:
    """The projector's and the page's keys send their steps with fetch and want no page back."""
    return request.accept_mimetypes.best == "application/json"


def _done(event, status: int = 200, message=None):
    if _wants_json():
        body = {"step": event.debrief_step, "revealed": event.debrief_revealed_at is not None}
        if message is not None:
            body["error"] = translate(message)
        return jsonify(body), status
    if message is not None:  # refused: the page itself, with the reason at its top
        db.session().rollback()
        flash(translate(message), "error")
        return _page(event, status=status)
    return redirect(url_for("organiser.debrief", event_id=event.id))


def _editor_rows(event) -> list[dict[str, str]]:
    """The steps as the editor shows them, in the event's language (what the wall shows)."""
    language = event.language
    return [step.stored(lambda text: translate(text, language)) for step in steps_for(event)]


def _page(event, form: StepsForm | None = None, status: int = 200):
    session = db.session()
    language = event.language
    steps = steps_for(event)
    known = {step.view for step in steps if step.view}
    if form is None:
        editing = [*_editor_rows(event), {"title": "", "prompt": "", "view": ""}]
        numbered = [dict(row, position=index) for index, row in enumerate(editing, 1)]
        form = StepsForm(formdata=None, data={"steps": numbered})
    form.offer_views(known | {entry.form.view.data for entry in form.steps if entry.form.view.data})
    views = {step.view: step_view(step, event) for step in steps}
    previews = {key: spec.build(session, event) for key, spec in views.items() if spec is not None}
    shown = current_step(event)
    rows: list[dict[str, Any]] = [
        {"number": index + 1, "title": translate(step.title, language),
         "prompt": translate(step.prompt, language), "spec": views.get(step.view), "view": step.view}
        for index, step in enumerate(steps)]
    downloads = [spec for spec in debrief.registered()
                 if spec.csv_table is not None and debrief.is_available(spec, event)]
    return render_template(
        "organiser/debrief.html", event=event, rows=rows, previews=previews, form=form, button=ButtonForm(),
        current=None if shown is None else shown[0] + 1, count=len(steps), downloads=downloads,
        revealing=[row for row in rows if row["spec"] is not None and row["spec"].reveals],
        stylesheets=debrief.stylesheets(), customised=event.debrief_steps is not None,
    ), status


@bp.get("/events/<int:event_id>/debrief", endpoint="debrief")
def debrief_page(event_id: int):
    """Reveal, the steps with the one on the wall marked, each step's view as the wall will
    show it, the steps editor, and the printable summary and CSV files."""
    return _page(current_event(event_id))


@bp.post("/events/<int:event_id>/debrief/reveal")
def debrief_reveal(event_id: int):
    """Show every table's rules in the debrief (the wall's views that reveal them)."""
    event = current_event(event_id)
    if ButtonForm().validate_on_submit():
        state.reveal(db.session(), event)
    return _done(event)


@bp.post("/events/<int:event_id>/debrief/hide")
def debrief_hide(event_id: int):
    """Undo the reveal: the wall draws the rules' views no more."""
    event = current_event(event_id)
    if ButtonForm().validate_on_submit():
        state.hide(db.session(), event)
    return _done(event)


@bp.post("/events/<int:event_id>/debrief/step")
def debrief_step(event_id: int):
    """Put step ``step`` (from 1) on the wall; a step whose view shows the rules reveals them."""
    event = current_event(event_id)
    form = StepChoiceForm()
    if not form.validate_on_submit():
        return _done(event, 400, T("Choose a step from 1 to {count}.", count=len(steps_for(event))))
    try:
        state.show_step(db.session(), event, form.step.data - 1)
    except DomainError as error:
        return _done(event, error.http_status, error.text)
    return _done(event)


@bp.post("/events/<int:event_id>/debrief/stop")
def debrief_stop(event_id: int):
    """The wall follows the tournament again."""
    event = current_event(event_id)
    if ButtonForm().validate_on_submit():
        state.stop(db.session(), event)
    return _done(event)


@bp.post("/events/<int:event_id>/debrief/steps")
def debrief_steps(event_id: int):
    """Save the edited steps; refused: the form comes back as typed, messages beside the fields."""
    event = current_event(event_id)
    form = StepsForm()
    form.offer_views({step.view for step in steps_for(event) if step.view})
    if not form.validate_on_submit():
        return _page(event, form, 400)
    kept = form.kept()
    try:
        state.set_steps(db.session(), event, kept, language=lambda text: translate(text, event.language))
    except DomainError as error:
        return _page(event, form, refuse(error))
    flash(translate(T("Debrief steps saved.")), "success")
    return redirect(url_for("organiser.debrief", event_id=event.id, _anchor="steps"))


@bp.post("/events/<int:event_id>/debrief/steps/default")
def debrief_default_steps(event_id: int):
    """Go back to the default steps, in the event's language."""
    event = current_event(event_id)
    if ButtonForm().validate_on_submit():
        state.set_steps(db.session(), event, None)
        flash(translate(T("The default steps are back.")), "success")
    return redirect(url_for("organiser.debrief", event_id=event.id, _anchor="steps"))


@bp.get("/events/<int:event_id>/debrief/<key>.csv")
def debrief_csv(event_id: int, key: str):
    """A view's table for a spreadsheet (English headers, values as shown; formula-safe)."""
    event = current_event(event_id)
    spec = debrief.usable(key, event)
    if spec is None or spec.csv_table is None:
        abort(404)
    header, rows = spec.csv_table(spec.build(db.session(), event))
    return _download(event, f"-debrief-{key}.csv", table_csv(header, rows), "text/csv")

