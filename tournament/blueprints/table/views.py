from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for

from ... import db
from ...core.i18n import T, Text
from ...games import game_of
from ...i18n import translate
from ...i18n.locale import use_event
from ...name_display import show_room_names
from ...services.errors import Conflict, DomainError
from ...services.fingerprint import fingerprint
from ...services.games import record_games
from ...services.room_links import table_by_token
from ...services.round_data import load_table_rows
from ...services.single_flight import revision_cache
from ..conditional import conditional_json
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
from ..note_form import blank_form
from ..projector import POLL_MS_OTHERWISE
from ..scoring import next_game, scorer_rows
from . import bp
from .agree import agree_context
from .presence import asks, said

NOTHING_TO_SEND = T("Nothing to send: tap the winner of at least one game.")


def page_key(round_, players, over: bool = False, asking: bool = False) -> str:
    """What the event can change under an open phone page: which round runs, who sits at the
    table, whether the tournament is over, and whether the table still has to say who is here.
    The page carries it and its script polls `follow` for it: only a different key replaces the
    form, so taps not sent yet for the running round stay."""
    parts: list = [None if round_ is None else [round_.id, round_.number], [p.id for p in players]]
    return fingerprint([*parts, "over"] if over else [*parts, "asking"] if asking else parts)


def _idle_key(event) -> str:
    """The key of the page shown while no round runs: waiting, or the tournament is over."""
    return page_key(None, [], over=event.ended_at is not None)


OVER_NOTHING_RECORDED = T("The tournament is over, so nothing was recorded.")


@bp.get("/<token>/follow.json")
def follow(token: str):
    """The key of the page the table should show now; 304 while it is the same."""
    session = db.session()
    table, round_ = table_by_token(session, token)
    use_event(table.event)
    show_room_names(table.event)

    def build() -> str:
        if round_ is None:
            return _idle_key(table.event)
        seated = load_table_rows(session, table.event, round_, table, with_games=False)
        return page_key(round_, seated.seated_at(table), asking=asks(seated, table))

    # Every phone polls while nothing changes: the seats are read once per revision and table.
    key = revision_cache(current_app, "table page keys").get((table.id, token), table.event.revision, build)
    return conditional_json({"key": key, "poll_ms": POLL_MS_OTHERWISE})


def _describe(result) -> Text:
    said = outcome_text(result)
    if not said:
        return T("Received. Those results were already recorded — nothing changed.")
    return T("Sent! {outcome} Thank you.", outcome=said)


@bp.route("/<token>", methods=["GET", "POST"])
def enter(token: str):
    """The table's result form for the running round. Submitting twice is harmless (identical
    results are recognised); a result someone else changed meanwhile is refused with a message."""
    session = db.session()
    table, round_ = table_by_token(session, token)
    use_event(table.event)
    show_room_names(table.event)
    if round_ is None:
        over = table.event.ended_at is not None
        if request.method == "POST":
            raise Conflict(OVER_NOTHING_RECORDED if over else T(
                "No round is running now, so nothing was recorded. Results can be sent only during a round."))
        return render_template("table/over.html" if over else "table/waiting.html", table=table,
                               key=_idle_key(table.event))
    # A submit shows no recorded game: the form holds what was sent, and record_games reads
    # the games again under the lock.
    data = load_table_rows(session, table.event, round_, table, with_games=request.method == "GET")
    players = data.seated_at(table)
    games = data.games_at(table)
    card_game, variant = game_of(table.event), table.variant
    rows = rows_to_show(card_game, games, request.args.get("rows", type=int), len(players), table.event.round_minutes)

    def page(form, status=200):
        # A submit does not read the games (see above): the scorer lines show on the page it reloads to.
        scoring = {} if request.method == "POST" else scorer_rows(
            card_game, variant, players, games, range(1, len(form.games.entries) + 1),
            lambda number: url_for("table.score", token=token, number=number))
        return render_template("table/enter.html", table=table, round=round_, players=players,
                               form=form, blank=blank_row(form), refused=status >= 400,
                               card_game=card_game, choices=winner_choices(card_game, variant, players),
                               scoring=scoring,
                               next_game=None if request.method == "POST" else next_game(card_game, games),
                               words=card_game.scorer.words if card_game.scorer else None, note=blank_form(),
                               key=page_key(round_, players, asking=asks(data, table)),
                               said=said(data, table, request.args.get("presence") == "1"),
                               **agree_context(card_game, games if request.method == "GET" else [], players, round_)
                               ), status

    if request.method == "GET":
        form = results_form(card_game, variant, players, rows)
        form.round.data = str(round_.number)
        fill_recorded(form, games)
        return page(form)
    form = results_form(card_game, variant, players, rows, request.form)
    if form.round.data != str(round_.number):
        # The round the captain tapped for is over: its taps mean nothing now, the running round's form does.
        flash(translate(T("Round {old} is over, so nothing was recorded. This is the form of round {number}: "
                          "enter its games here.", old=form.round.data or "?", number=round_.number)), "error")
        return redirect(url_for("table.enter", token=token))
    if wants_more_rows(request.form):
        return page(grow(card_game, variant, form, players, request.form))
    if not form.validate_on_submit():
        return page(form, 400)
    notes = overruled(card_game, variant, form, players)  # before the commit expires the players
    try:
        games_sent = entries(card_game, form, players)
        if all(entry.blank and not entry.clear for entry in games_sent):
            # Nothing ticked, typed or cleared: "already recorded" would mislead the table.
            raise DomainError(NOTHING_TO_SEND)
        result = record_games(session, data, table, games_sent, actor=f"phone, table {table.number}")
    except DomainError as error:
        return page(form, refuse_results(form, error))
    flash(translate(_describe(result)), "success")
    for note in notes:
        flash(translate(note), "success")
    return redirect(url_for("table.enter", token=token))
