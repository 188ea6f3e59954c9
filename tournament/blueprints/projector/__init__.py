"""The projector: one full-screen, read-only page per event, opened by its projector token
(no login, so it can run on a second device), and the data endpoint the page polls. Both speak
the event's language, whatever the browser showing them prefers: the whole room reads one screen."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, make_response, render_template, url_for

from ... import db
from ...i18n import translate
from ...i18n.locale import current_language, use_event
from ...name_display import show_room_names
from ...services import debrief, room, room_links, timer
from ...services.debrief import state
from ...services.debrief.steps import current_step, step_view
from ...services.errors import DomainError
from ...services.online.seed import app_secret
from ...services.single_flight import revision_cache
from .. import permissions
from ..conditional import conditional_json
from ..guards import current_organiser
from ..links import external_url, qr_svg
from ..page_strings import localised

bp = Blueprint("projector", __name__, url_prefix="/p")


# While a round runs, reports arrive table by table and the room watches the board fill up;
# between rounds the screen changes only when the organiser acts.
POLL_MS_ROUND = 250
POLL_MS_OTHERWISE = 700


def poll_ms(phase: str) -> int:
    """How long the projector waits between polls in this phase (the script obeys it)."""
    return POLL_MS_ROUND if phase == "round" else POLL_MS_OTHERWISE


@bp.get("/<token>")
def show(token: str):
    """Full-screen projector page; it follows the event's phase by itself (see services.room)."""
    event = room_links.event_by_projector_token(db.session(), token)
    use_event(event)
    show_room_names(event)
    return _page(event, _keys(event))


@bp.get("/<token>/present/<key>")
def present(token: str, key: str):
    """The same page from the Room page's presenter link: its keys step the debrief, whichever
    of the laptop's addresses opened it (the organiser's login belongs to one of them only)."""
    event = room_links.event_by_presenter_link(db.session(), token, key, app_secret(db.session()))
    use_event(event)
    show_room_names(event)
    return _page(event, {"step": url_for("projector.present_step", token=token, key=key),
                         "stop": url_for("projector.present_stop", token=token, key=key)})


@bp.post("/<token>/present/<key>/step")
def present_step(token: str, key: str):
    """Put step ``step`` (from 1) on the wall, from the presenter link's page."""
    from ..organiser.debrief import StepChoiceForm

    session = db.session()
    event = room_links.event_by_presenter_link(session, token, key, app_secret(session))
    use_event(event)
    show_room_names(event)
    form = StepChoiceForm()
    if not form.validate_on_submit():
        return _stepped(event, 400)
    try:
        state.show_step(session, event, form.step.data - 1)
    except DomainError as error:
        session.rollback()
        return _stepped(event, error.http_status, translate(error.text))
    return _stepped(event)


@bp.post("/<token>/present/<key>/stop")
def present_stop(token: str, key: str):
    """The wall follows the tournament again."""
    from ..organiser.forms import ButtonForm

    session = db.session()
    event = room_links.event_by_presenter_link(session, token, key, app_secret(session))
    if not ButtonForm().validate_on_submit():
        return _stepped(event, 400)
    state.stop(session, event)
    return _stepped(event)


def _stepped(event, status: int = 200, error: str | None = None):
    body: dict = {"step": event.debrief_step, "revealed": event.debrief_revealed_at is not None}
    if error is not None:
        body["error"] = error
    return jsonify(body), status


def _page(event, keys: dict | None):
    public_link = external_url("public.pick", token=event.public_token)
    response = make_response(render_template(
        "projector/show.html", event=event, public_link=public_link, public_qr=qr_svg(public_link),
        stylesheets=debrief.stylesheets(), keys=keys))
    # The organiser's copy carries a CSRF token; the presenter link's must not stay in a cache.
    response.headers["Cache-Control"] = "no-store"
    return response


def _keys(event) -> dict | None:
    """What the page's keys need to step through the debrief (the step and stop addresses),
    only when an organiser opened it in a logged-in browser; the CSRF token travels beside
    them. Anyone else's page carries none: its keys do nothing in the debrief."""
    organiser = current_organiser()
    if organiser is None or not permissions.may_use(organiser, "organiser.debrief_step"):
        return None
    return {"step": url_for("organiser.debrief_step", event_id=event.id),
            "stop": url_for("organiser.debrief_stop", event_id=event.id)}


@bp.get("/<token>/feed.json")
def feed(token: str):
    """The projector's data with a strong ETag; 304 while nothing on screen changed."""
    session = db.session()
    event = room_links.event_by_projector_token(session, token)
    use_event(event)
    show_room_names(event)
    cache = revision_cache(current_app, "projector snapshots")
    data, tag = room.polled_snapshot(session, event, timer.now_utc(), cache, current_language(), localised)
    data["poll_ms"] = poll_ms(data["phase"])  # follows the phase, which the ETag already covers
    return conditional_json(tag=tag, build=lambda: data)


@bp.get("/<token>/debrief")
def debrief_fragment(token: str):
    """The view of the debrief step on the wall, drawn inside ``<div class="debrief wall">``
    for the projector to put on its stage. Empty when no step with a view is shown, and empty
    for a view that reveals the tables' rules before they are revealed, however it is asked."""
    session = db.session()
    event = room_links.event_by_projector_token(session, token)
    use_event(event)
    show_room_names(event)
    spec = built = None
    shown = current_step(event)
    if shown is not None:
        spec = step_view(shown[1], event)
        if spec is not None and debrief.is_shown(spec, event):
            built = spec.build(session, event)
        else:
            spec = None
    response = make_response(render_template("debrief/_frame.html", event=event, spec=spec, built=built,
                                             wrapper="wall"))
    response.headers["Cache-Control"] = "no-store"
    return response
