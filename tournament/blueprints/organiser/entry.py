from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ... import db
from ...core.i18n import Name, T
from ...games import game_of
from ...i18n import translate
from ...models import RoundState
from ...services.corrections import Correction, correct_games
from ...services.errors import DomainError
from ...services.round_data import load_round
from ..current_event import current_event
from ..game_forms import (
    blank_row,
    entries,
    fill_recorded,
    grow,
    outcome_text,
    overruled,
    refuse_results,
    results_form,
    rows_to_show,
    wants_more_rows,
    winner_choices,
)
from ..scoring import next_game, scorer_rows
from . import bp


def _flash_outcome(correction: Correction, table_number: int, round_number: int, closed: bool) -> None:
    result = correction.result
    changed = len(result.saved) + len(result.removed)
    flash(translate(T("Table {table}: {outcome}", table=table_number, outcome=outcome_text(result))
                    if changed else T("Table {table}: nothing changed.", table=table_number)), "success")
    if correction.reseated:
        moves = "; ".join(translate(T("{name} now sits at table {table} (was {was})", name=Name(c.player),
                                      table=c.new_table, was=c.old_table)) for c in correction.reseated)
        flash(translate(T("Round {number}'s seating follows the correction: {moves}.", number=round_number + 1,
                          moves=moves)), "warning")
    elif closed and changed and not correction.notice:
        flash(translate(T("Round {number}'s seating is unchanged by this correction.", number=round_number + 1)),
              "success")
    if correction.notice:
        flash(translate(correction.notice), "warning")


@bp.route("/events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>", methods=["GET", "POST"])
def table_results(event_id: int, number: int, table_number: int):
    """Record a table's games in one submit, or correct them after the round closed: each
    game's winners with one click, or the scores when the game keeps them (then the game's rules
    decide; for Five Tricks the most tricks wins). A refused submit comes back filled in, the
    reason beside the game."""
    session = db.session()
    event = current_event(event_id)
    data = load_round(session, event, number)
    table = data.table(table_number)
    players = data.seated_at(table)
    games = data.games_at(table)
    card_game, variant = game_of(event), table.variant
    rows = rows_to_show(card_game, games, request.args.get("rows", type=int), len(players), event.round_minutes)

    def page(form, status=200):
        scoring = scorer_rows(card_game, variant, players, games, range(1, len(form.games.entries) + 1),
                              lambda game: url_for("organiser.score_game", event_id=event.id, number=number,
                                                   table_number=table_number, game=game))
        return render_template("organiser/table_results.html", event=event, data=data, table=table,
                               players=players, form=form, blank=blank_row(form), refused=status >= 400,
                               card_game=card_game, choices=winner_choices(card_game, variant, players),
                               scoring=scoring,
                               next_game=next_game(card_game, games)), status

    if request.method == "GET":
        form = results_form(card_game, variant, players, rows)
        fill_recorded(form, games)
        return page(form)
    form = results_form(card_game, variant, players, rows, request.form)
    if wants_more_rows(request.form):
        return page(grow(card_game, variant, form, players, request.form))
    if not form.validate_on_submit():
        return page(form, 400)
    closed = data.round.state is RoundState.CLOSED
    notes = overruled(card_game, variant, form, players)  # before the commit expires the players
    try:
        correction = correct_games(session, data, table, entries(card_game, form, players))
    except DomainError as error:
        return page(form, refuse_results(form, error))
    _flash_outcome(correction, table_number, number, closed)
    for note in notes:
        flash(note, "success")
    return redirect(url_for("organiser.round_board", event_id=event.id, number=number))

