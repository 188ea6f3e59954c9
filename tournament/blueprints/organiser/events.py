from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ... import db
from ...core.i18n import Name, T
from ...core.public_names import NamesShown
from ...games import game_of
from ...i18n import translate
from ...i18n.languages import LANGUAGES
from ...models import TableAgreement
from ...services import events as event_service
from ...services import nicknames
from ...services.erasure import backup_count, erase_event
from ...services.errors import DomainError
from ...services.latest_round import latest_round
from ..current_event import current_event
from ..refusals import field_for, refuse
from ..service_config import backup_store
from . import bp
from . import retention as retention_view
from .forms import ButtonForm, EventSettingsForm, NewEventForm
from .nickname_forms import SETTINGS, ProposeForm


@bp.get("/")
def index():
    """The organiser's home: every event, newest first."""
    return render_template(
        "organiser/index.html", summaries=event_service.list_events(db.session()), form=NewEventForm(),
        **retention_view.index_context()
    )


@bp.post("/events")
def create_event():
    """Create an event and go straight to adding its players."""
    form = NewEventForm()
    if not form.validate_on_submit():
        return _index(form, 400)
    try:
        event = event_service.create_event(db.session(), form.name.data, form.round_minutes.data, form.game.data,
                                           form.time_zone.data, form.planned_rounds.data)
    except DomainError as error:
        return _index(form, refuse(error, field_for(form, error, form.name)))
    _set_language(event, form.language.data)
    flash(translate(T("Event “{name}” created. Now paste the players' names.", name=Name(event.name))), "success")
    return redirect(url_for("organiser.players", event_id=event.id))


def _set_language(event, code: str) -> None:
    """The language the room reads this event in (the form offers only supported codes). Like
    any change of the event's row it moves the revision, so projectors draw their page again."""
    if event.language != code:
        event_service.set_language(db.session(), event.id, code)


def _index(form, status):
    return render_template("organiser/index.html", summaries=event_service.list_events(db.session()),
                           form=form, **retention_view.index_context()), status


@bp.route("/events/<int:event_id>/settings", methods=["GET", "POST"])
def event_settings(event_id: int):
    """Rename the event, change its round length, the time zone its pages show times in, or the
    language of its printed sheets and projector."""
    event = current_event(event_id)
    form = EventSettingsForm(obj=event)
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        try:
            event_service.update_event(db.session(), event, form.name.data, form.round_minutes.data,
                                       form.time_zone.data, form.planned_rounds.data, language=form.language.data,
                                       table_agreement=TableAgreement(form.table_agreement.data),
                                       names_shown=NamesShown(form.names_shown.data))
        except DomainError as error:
            status = refuse(error, field_for(form, error, form.name))
        else:
            flash(translate(T("Event saved.")), "success")
            return redirect(url_for("organiser.event", event_id=event.id))
    return render_template("organiser/event_settings.html", event=event, form=form, delete_form=ButtonForm(),
                           missing_nicknames=nicknames.missing(db.session(), event.id),
                           propose=ProposeForm(formdata=None, back=SETTINGS)), status


@bp.route("/events/<int:event_id>/delete", methods=["GET", "POST"])
def delete_event(event_id: int):
    """Deleting needs a second, explicit confirmation: it removes every result of the event."""
    event = current_event(event_id)
    form = ButtonForm()
    if form.validate_on_submit():
        name = event.name
        erase_event(db.session(), event.id, backup_store())
        flash(translate(T("Event “{name}” deleted.", name=Name(name))), "success")
        return redirect(url_for("organiser.index"))
    return render_template("organiser/delete_event.html", event=event, form=form,
                           counts=event_service.event_counts(db.session(), event.id),
                           backups=backup_count(backup_store(), event))


@bp.get("/events/<int:event_id>")
def event(event_id: int):
    """Event overview: the steps from names to standings, and where the tournament stands."""
    return event_page(db.session(), current_event(event_id))


def event_page(session, event, status=200):
    """The overview shows counts only, so no player or table row is read for it."""
    return render_template("organiser/event.html", event=event, game=game_of(event), languages=LANGUAGES,
                           latest=latest_round(session, event),
                           counts=event_service.event_counts(session, event.id)), status
