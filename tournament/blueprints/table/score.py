"""A table's phone scoring one game on the app (the game's scorer adds it up), while its round runs."""

from __future__ import annotations

from flask import render_template, request, url_for

from ... import db
from ...core.i18n import T
from ...games import game_of
from ...i18n.locale import use_event
from ...name_display import show_room_names
from ...services.errors import Conflict
from ...services.room_links import table_by_token
from ...services.round_data import load_table_rows
from ..scoring import score_page
from . import bp
from .agree import agree_context


@bp.route("/<token>/games/<int:number>/score", methods=["GET", "POST"])
def score(token: str, number: int):
    """Game ``number`` of this table on the scorer: its sheet, the next entry's form and undo."""
    session = db.session()
    table, round_ = table_by_token(session, token)
    use_event(table.event)
    show_room_names(table.event)
    if round_ is None:
        if request.method == "POST":
            raise Conflict(T("No round is running now, so nothing was recorded. "
                             "Games can be scored only during a round."))
        return render_template("table/waiting.html", table=table)
    data = load_table_rows(session, table.event, round_, table)

    def urls(kind: str, game: int) -> str:
        if kind == "back":
            return url_for("table.enter", token=token)
        return url_for("table.score", token=token, number=game)

    return score_page(session, data, table, number, template="table/score.html",
                      actor=f"phone, table {table.number}", while_running=True, urls=urls,
                      **agree_context(game_of(table.event), data.games_at(table), data.seated_at(table), round_,
                                      back="score"))
