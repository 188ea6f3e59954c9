"""The hostile event the partial tests render: forty players from the name corpus at ten
tables, three rounds played, a correction, a withdrawal, rules revealed."""

from __future__ import annotations

from flask import render_template
from markupsafe import Markup

from tests.debrief.conftest import HOSTILE, change_status, play_round, played_event, reveal
from tournament import db
from tournament.models import Event, Player, PlayerStatus
from tournament.services.debrief import journeys, timeline

VIEWS = {"journeys": journeys, "timeline": timeline}
WRAPPERS = ("wall", "desk", "paper")


def hostile_event(app) -> int:
    event_id = played_event(app, HOSTILE, tables=10, rounds=2)
    with app.app_context():
        name = db.session().query(Player).filter_by(event_id=event_id).order_by(Player.id).first().name
    change_status(app, event_id, name, PlayerStatus.WITHDRAWN)
    play_round(app, event_id, 10)
    reveal(app, event_id)
    return event_id


def render(app, event_id: int, key: str, wrapper: str, headers=None) -> str:
    """The partial inside the frame's wrapper, as the frame will draw it."""
    with app.test_request_context("/", headers=headers or {}), app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        html = render_template(f"debrief/_{key}.html", view=VIEWS[key].build(session, event), event=event)
    return Markup('<div class="debrief {}">').format(wrapper) + Markup(html) + Markup("</div>")
