from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import SelectChoice, FieldList, Form, FormField, HiddenField, IntegerField, RadioField
from wtforms.validators import NumberRange, Optional

from ... import db
from ...services import events as event_service
from ...services.errors import DomainError
from ...models import RoundState
from ...services.corrections import correct_games
from ...services.games import MAX_GAMES_PER_ROUND, MAX_TRICKS_PER_GAME, GameEntry
from ...services.round_data import load_round
from . import bp

MIN_ROWS = 3


def results_form(players, rows: int, formdata=None):
    """One row per game: a winner (or "no game") and, optionally, each player's tricks.
    Built per request because the choices are the players seated at this table."""

    class GameRow(Form):
        version = HiddenField()
        winner = RadioField(
            "Winner", choices=[SelectChoice("", "No game")] + [SelectChoice(str(p.id), p.name) for p in players], default=""
        )

        def has_tricks(self) -> bool:
            return any(self[f"t{p.id}"].data is not None for p in players)

    for player in players:
        setattr(GameRow, f"t{player.id}", IntegerField(
            player.name,
            validators=[Optional(), NumberRange(0, MAX_TRICKS_PER_GAME, "Tricks run from 0 to 14.")],
        ))

    class TableResultsForm(FlaskForm):
        games = FieldList(FormField(GameRow), min_entries=rows, max_entries=MAX_GAMES_PER_ROUND)

    return TableResultsForm(formdata=formdata)


def _entries(form, players) -> list[GameEntry]:
    entries = []
    for index, row in enumerate(form.games.entries, start=1):
        version = int(row.version.data) if (row.version.data or "").isdigit() else None
        tricks = {p.id: row[f"t{p.id}"].data for p in players if row[f"t{p.id}"].data is not None}
        winner = int(row.winner.data) if row.winner.data else None
        blank = winner is None and not any(tricks.values())
        # A blank row only removes a game the submitter actually saw (it carries its version).
        entries.append(GameEntry(index, version, winner, tricks or None, clear=blank and version is not None))
    return entries


@bp.route("/events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>", methods=["GET", "POST"])
def table_results(event_id: int, number: int, table_number: int):
    """Record a table's games in one submit (or correct them after the round closed): each game's winner with one click, or the tricks
    (then the most tricks wins; an unfinished game counts the tricks so far; a tie on tricks
    goes to the alphabetically first name)."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    data = load_round(session, event, number)
    table = data.table(table_number)
    players = data.seated_at(table)
    games = data.games_at(table)
    wanted = request.args.get("rows", type=int) or 0
    rows = min(MAX_GAMES_PER_ROUND, max(MIN_ROWS, (games[-1].number + 1) if games else 0, wanted))

    if request.method == "POST":
        form = results_form(players, rows, request.form)
        if form.validate_on_submit():
            correction = correct_games(session, data, table, _entries(form, players))
            result = correction.result
            changed = len(result.saved) + len(result.removed)
            flash(f"Table {table_number}: {changed} game(s) saved." if changed else
                  f"Table {table_number}: nothing changed.", "success")
            if correction.reseated:
                moves = "; ".join(f"{c.player} now sits at table {c.new_table} (was {c.old_table})"
                                  for c in correction.reseated)
                flash(f"Round {number + 1}'s seating follows the correction: {moves}.", "warning")
            elif data.round.state is RoundState.CLOSED and changed and not correction.notice:
                flash(f"Round {number + 1}'s seating is unchanged by this correction.", "success")
            if correction.notice:
                flash(correction.notice, "warning")
            return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
        return render_template("organiser/table_results.html", event=event, data=data, table=table,
                               players=players, form=form, rows=rows), 400

    form = results_form(players, rows)
    for game, row in ((g, form.games.entries[g.number - 1]) for g in games if g.number <= rows):
        row.version.data = str(game.version)
        row.winner.data = str(game.winner_id) if game.winner_id else ""
        for tricks in game.tricks:
            row[f"t{tricks.player_id}"].data = tricks.tricks
    return render_template("organiser/table_results.html", event=event, data=data, table=table,
                           players=players, form=form, rows=rows)
