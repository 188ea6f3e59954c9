"""The projector: one full-screen, read-only page per event, opened by its projector token
(no login, so it can run on a second device), and the data endpoint the page polls. Both speak
the event's language, whatever the browser showing them prefers: the whole room reads one screen."""

from __future__ import annotations

from flask import Blueprint, current_app, make_response, render_template, url_for

from ... import db
from ...i18n.locale import current_language, use_event
from ...services import debrief, room, room_links, timer
from ...services.debrief.steps import current_step, step_view
from ...services.single_flight import revision_cache
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
    public_link = external_url("public.pick", token=event.public_token)
    response = make_response(render_template(
        "projector/show.html", event=event, public_link=public_link, public_qr=qr_svg(public_link),
        stylesheets=debrief.stylesheets(), keys=_keys(event)))
    response.headers["Cache-Control"] = "no-store"  # the organiser's copy carries a CSRF token
    return response


def _keys(event) -> dict | None:
    """What the page's keys need to step through the debrief (the step and stop addresses),
    only when an organiser opened it in a logged-in browser; the CSRF token travels beside
    them. Anyone else's page carries none: its keys do nothing in the debrief."""
    if current_organiser() is None:
        return None
    return {"step": url_for("organiser.debrief_step", event_id=event.id),
            "stop": url_for("organiser.debrief_stop", event_id=event.id)}


@bp.get("/<token>/feed.json")
def feed(token: str):
    """The projector's data with a strong ETag; 304 while nothing on screen changed."""
    session = db.session()
    event = room_links.event_by_projector_token(session, token)
    use_event(event)
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
