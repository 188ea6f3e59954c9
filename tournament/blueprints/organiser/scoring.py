"""The organiser scoring one game of a table on the app, from the table's results page (also
after the close: then it is a correction, and the next round's seating follows as for any)."""

from __future__ import annotations

from flask import url_for

from ... import db
from ...core.rounds import RoundState
from ...services.round_data import load_round
from ..current_event import current_event
from ..scoring import score_page
from . import bp


@bp.route("/events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>/games/<int:game>/score",
          methods=["GET", "POST"])
def score_game(event_id: int, number: int, table_number: int, game: int):
    """Game ``game`` of a table on the scorer, from the table's results page."""
    session = db.session()
    event = current_event(event_id)
    data = load_round(session, event, number)
    table = data.table(table_number)

    def urls(kind: str, game_number: int) -> str:
        if kind == "back":
            return url_for("organiser.table_results", event_id=event.id, number=number, table_number=table_number)
        return url_for("organiser.score_game", event_id=event.id, number=number, table_number=table_number,
                       game=game_number)

    return score_page(session, data, table, game, template="organiser/score.html", actor="organiser",
                      while_running=False, urls=urls, event=event,
                      closed=data.round.state is RoundState.CLOSED)
