from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ... import db
from ...models import RoundState
from ...services import events as event_service
from ...services.corrections import Correction, correct_games
from ...services.round_data import load_round
from ..game_forms import entries, results_form, rows_to_show
from . import bp


def _flash_outcome(correction: Correction, table_number: int, round_number: int, closed: bool) -> None:
    result = correction.result
    changed = len(result.saved) + len(result.removed)
    flash(f"Table {table_number}: {changed} game(s) saved." if changed else
          f"Table {table_number}: nothing changed.", "success")
    if correction.reseated:
        moves = "; ".join(f"{c.player} now sits at table {c.new_table} (was {c.old_table})"
                          for c in correction.reseated)
        flash(f"Round {round_number + 1}'s seating follows the correction: {moves}.", "warning")
    elif closed and changed and not correction.notice:
        flash(f"Round {round_number + 1}'s seating is unchanged by this correction.", "success")
    if correction.notice:
        flash(correction.notice, "warning")


@bp.route("/events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>", methods=["GET", "POST"])
def table_results(event_id: int, number: int, table_number: int):
    """Record a table's games in one submit, or correct them after the round closed: each
    game's winner with one click, or the tricks (then the most tricks wins; an unfinished game
    counts the tricks so far; a tie on tricks goes to the alphabetically first name)."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    data = load_round(session, event, number)
    table = data.table(table_number)
    players = data.seated_at(table)
    games = data.games_at(table)
    rows = rows_to_show(games, request.args.get("rows", type=int))

    if request.method == "POST":
        form = results_form(players, rows, request.form)
        if form.validate_on_submit():
            closed = data.round.state is RoundState.CLOSED
            correction = correct_games(session, data, table, entries(form, players))
            _flash_outcome(correction, table_number, number, closed)
            return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
        return render_template("organiser/table_results.html", event=event, data=data, table=table,
                               players=players, form=form, rows=rows), 400

    form = results_form(players, rows)
    for game in games:
        if game.number > rows:
            continue
        row = form.games.entries[game.number - 1]
        row.version.data = str(game.version)
        row.winner.data = str(game.winner_id) if game.winner_id else ""
        for tricks in game.tricks:
            row[f"t{tricks.player_id}"].data = tricks.tricks
    return render_template("organiser/table_results.html", event=event, data=data, table=table,
                           players=players, form=form, rows=rows)
