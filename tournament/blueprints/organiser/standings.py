from __future__ import annotations

from flask import render_template

from ... import db
from ...services import events as event_service
from ...services.standings import compute_standings
from . import bp


@bp.get("/events/<int:event_id>/standings")
def standings(event_id: int):
    """Cumulative standings and each player's path. Ordered by games won, then rounds won;
    players still equal are listed alphabetically (the tournament's tie rule)."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    return render_template("organiser/standings.html", event=event, standings=compute_standings(session, event))
