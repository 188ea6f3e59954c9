from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...models import RoundState
from ...services import public_address, room, room_links, timer
from ...services.errors import DomainError
from ...services.latest_round import latest_round
from ...services.online.seed import app_secret
from ...services.round_data import load_round
from ...services.timer import PHASE_LABELS
from ..conditional import conditional_json
from ..current_event import current_event
from ..links import external_url, link_base
from ..organiser.forms import ButtonForm
from . import bp
from .forms import DisplayForm, DurationsForm, LinkBaseForm


def _room(event, link_form: LinkBaseForm | None = None, status: int = 200, *,
          durations: DurationsForm | None = None, display: DisplayForm | None = None):
    """The Room page; a refused form is passed in, so it comes back as typed with its messages."""
    if link_form is None:
        link_form = LinkBaseForm(base_url=public_address.stored_base_url(db.session()) or "")
    latest = latest_round(db.session(), event)
    return render_template(
        "room/room.html", event=event, button=ButtonForm(), timer_view=timer.view(event, timer.now_utc()),
        durations=durations or DurationsForm(obj=event), display=display or DisplayForm(obj=event),
        link_form=link_form, round_running=latest is not None and latest.state is RoundState.RUNNING,
        base=link_base(), example=public_address.EXAMPLE, timer_phases=PHASE_LABELS,
        projector_link=external_url("projector.show", token=event.projector_token),
        presenter_link=external_url("projector.present", token=event.projector_token,
                                    key=room_links.presenter_key(app_secret(db.session()), event)),
        public_link=external_url("public.pick", token=event.public_token),
    ), status


@bp.get("/events/<int:event_id>/room")
def room_page(event_id: int):
    """Timer controls, durations, projector look, the address links use, and the room's links
    (projector, where-do-I-sit)."""
    return _room(current_event(event_id))


@bp.post("/events/<int:event_id>/room/link-base")
def set_link_base(event_id: int):
    """The address every link and QR code starts with, for the whole laptop; blank goes back
    to the automatic choice. A refused address comes back with the reason beside it."""
    session = db.session()
    event = current_event(event_id)
    form = LinkBaseForm()
    if not form.validate_on_submit():
        return _room(event, form, 400)
    try:
        stored = public_address.set_base_url(session, form.base_url.data)
    except DomainError as error:
        form.base_url.errors = [translate(error.text)]
        return _room(event, form, 400)
    flash(translate(T("Links now start with {address}.", address=stored) if stored
                    else T("Links use the automatic address again.")), "success")
    return redirect(url_for("room.room_page", event_id=event.id))


@bp.post("/events/<int:event_id>/room/timer/<action>")
def timer_action(event_id: int, action: str):
    """Start a phase's countdown (its full duration), pause, resume, add a minute, or clear it.
    The time is kept on the server, so every screen shows the same countdown."""
    if action not in timer.ACTIONS:
        abort(404)
    if ButtonForm().validate_on_submit():
        timer.act(db.session(), event_id, action, timer.now_utc())
    return redirect(url_for("room.room_page", event_id=event_id))


@bp.post("/events/<int:event_id>/room/durations")
def durations(event_id: int):
    """Study, practice and round lengths; a running countdown keeps its current end time."""
    session = db.session()
    event = current_event(event_id)
    form = DurationsForm()
    if not form.validate_on_submit():
        return _room(event, status=400, durations=form)
    timer.set_durations(session, event, form.study_minutes.data, form.practice_minutes.data, form.round_minutes.data)
    flash(translate(T("Durations saved.")), "success")
    return redirect(url_for("room.room_page", event_id=event.id))


@bp.post("/events/<int:event_id>/room/display")
def display(event_id: int):
    """Projector theme (dark for dim rooms, light for bright ones) and the optional chime."""
    event = current_event(event_id)
    form = DisplayForm()
    if not form.validate_on_submit():
        return _room(event, status=400, display=form)
    room.set_projector_look(db.session(), event_id, form.projector_theme.data, form.chime.data)
    flash(translate(T("Projector settings saved.")), "success")
    return redirect(url_for("room.room_page", event_id=event.id))


@bp.get("/events/<int:event_id>/rounds/<int:number>/live.json")
def live(event_id: int, number: int):
    """What the status board polls: changes whenever a table reports (from a phone or here)."""
    session = db.session()
    event = current_event(event_id)
    data = load_round(session, event, number)
    # A table's answer ("We agree", "We don't") changes no version: it is watched too.
    counts = {t.number: [[g.number, g.version, sorted(g.winner_ids), g.agreement and g.agreement.value]
                         for g in data.games_at(t)] for t in data.tables}
    here = sorted((s.player_id, s.presence.value) for s in data.seats if s.presence is not None)
    return conditional_json({"round": number, "state": data.round.state.value, "games": counts, "presence": here})
