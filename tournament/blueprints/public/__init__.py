"""'Where do I sit': the event's public link (QR code on the projector). A player types part of
their name, taps it among the matches and sees their table number. No login; it shows public
names (never the class list: `core.name_search`) and table numbers, nothing else.
The pages speak the phone's language (the switch's cookie, else the browser's), else the event's."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ... import db
from ...i18n.locale import use_event
from ...services import room_links, seat_finder
from ..conditional import conditional_json, vary_by_language
from ..page_strings import localised

bp = Blueprint("public", __name__, url_prefix="/s")
bp.after_request(vary_by_language)


@bp.get("/<token>")
def pick(token: str):
    """The public names matching what was typed (`q`), none before two letters; tapping one
    shows where they sit."""
    session = db.session()
    event = room_links.event_by_public_token(session, token)
    use_event(event)
    found = seat_finder.find(session, event, request.args.get("q"))
    return render_template("public/pick.html", event=event, found=found,
                           online=online.has_online_table(session, event))


@bp.get("/<token>/<int:player_id>")
def seat(token: str, player_id: int):
    """One player's table number, huge; the page refreshes it after each round."""
    session = db.session()
    event = room_links.event_by_public_token(session, token)
    use_event(event)
    where = localised(seat_finder.where(session, event, player_id))
    return note.seat_page(event, token, player_id, where)


@bp.get("/<token>/<int:player_id>.json")
def seat_feed(token: str, player_id: int):
    """The same as JSON with an ETag, polled by the page; in the page's language."""
    session = db.session()
    event = room_links.event_by_public_token(session, token)
    use_event(event)
    return conditional_json(localised(seat_finder.where(session, event, player_id)))


from . import language, note, online  # noqa: E402,F401  (the switch, the observer's note and online claims register on bp)
