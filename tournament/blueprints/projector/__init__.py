"""The projector: one full-screen, read-only page per event, opened by its projector token
(no login, so it can run on a second device), and the data endpoint the page polls. Both speak
the event's language, whatever the browser showing them prefers: the whole room reads one screen."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from ... import db
from ...i18n.locale import current_language, use_event
from ...services import room, room_links, timer
from ...services.single_flight import revision_cache
from ..conditional import conditional_json
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
    return render_template("projector/show.html", event=event, public_link=public_link,
                           public_qr=qr_svg(public_link))


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
