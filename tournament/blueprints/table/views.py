from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from sqlalchemy import select

from ... import db
from ...models import Round, RoundState
from ...services.errors import Conflict
from ...services.games import record_games
from ...services.round_data import load_table_rows
from ...services.room_links import table_by_token
from . import bp
from ..game_forms import entries, results_form, rows_to_show



def _running_round(session, table):
    return session.scalar(
        select(Round).where(Round.event_id == table.event_id, Round.state == RoundState.RUNNING)
    )


def _describe(result) -> str:
    changed = sorted(result.saved + result.removed)
    if not changed:
        return "Received. Those results were already recorded — nothing changed."
    games = ", ".join(str(n) for n in changed)
    return f"Sent! Game{'s' if len(changed) > 1 else ''} {games} recorded. Thank you."


@bp.route("/<token>", methods=["GET", "POST"])
def enter(token: str):
    """The table's result form for the running round. Submitting twice is harmless (identical
    results are recognised); a result someone else changed meanwhile is refused with a message."""
    session = db.session()
    table = table_by_token(session, token)
    round_ = _running_round(session, table)
    if round_ is None:
        if request.method == "POST":
            raise Conflict("No round is running now, so nothing was recorded. Results can be sent only during a round.")
        return render_template("table/waiting.html", table=table)
    data = load_table_rows(session, table.event, round_, table)
    players = data.seated_at(table)
    games = data.games_at(table)
    rows = rows_to_show(games, request.args.get("rows", type=int))

    if request.method == "POST":
        form = results_form(players, rows, request.form)
        if form.round.data != str(round_.number):
            raise Conflict(f"That form was for round {form.round.data or '?'}, which is over. "
                           f"Nothing was recorded. Reload to enter round {round_.number}.")
        if not form.validate_on_submit():
            return render_template("table/enter.html", table=table, round=round_, players=players,
                                   form=form, rows=rows), 400
        result = record_games(session, data, table, entries(form, players), actor=f"phone, table {table.number}")
        flash(_describe(result), "success")
        # "Send, then add another game" saves what was tapped before the page grows a row.
        more = {"rows": rows + 1} if request.form.get("more") else {}
        return redirect(url_for("table.enter", token=token, **more))

    form = results_form(players, rows)
    form.round.data = str(round_.number)
    for game in games:
        if game.number <= rows:
            row = form.games.entries[game.number - 1]
            row.version.data = str(game.version)
            row.winner.data = str(game.winner_id) if game.winner_id else ""
            for tricks in game.tricks:
                row[f"t{tricks.player_id}"].data = tricks.tricks
    return render_template("table/enter.html", table=table, round=round_, players=players, form=form, rows=rows)
