"""The scorer page, shared by a table's phone and the organiser: one game of a table scored entry
by entry (services.scoresheets), and the scorer lines on both results pages.

Rules of the page:
- It exists only for games whose ``scorer`` is not None (else 404).
- Every form on it sends ``seen``, the number of entries the page showed, so a resent or stale
  request is recognised; a refused entry comes back filled in, the reason beside the form.
- After a change the page redirects to itself (a reload sends nothing again).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, render_template, request

from .. import db
from ..core.errors import RuleError
from ..core.i18n import Name, T, Text
from ..core.rounds import Action
from ..games import CardGame, Tally, game_of
from ..games.protocol import ScorerWords
from ..i18n import translate
from ..name_display import shown_name
from ..services import lifecycle
from ..services.errors import DomainError
from ..services.games import MAX_GAMES_PER_ROUND
from ..services.round_data import RoundData, load_table_games
from ..services.scoresheets import (
    ENTRY_FIELD,
    add_entry,
    next_number,
    player_keys,
    scorer_of,
    status_of,
    undo_last_entry,
)
from .refusals import refuse


@dataclass(frozen=True)
class ScorerRow:
    """What a results page shows beside game ``number``: the scorer's status (empty for a game
    not started) and the link to its scorer page."""

    status: Text | str
    url: str
    kept: bool  # the game's result is its sheet's: the row form would drop the sheet
    words: ScorerWords  # the game's scorer's sentences: "Score hand by hand"


def scorer_rows(card_game: CardGame[Any], variant: Any, players, games, numbers, url: Callable[[int], str]
                ) -> dict[int, ScorerRow]:
    """Scorer lines for the rows ``numbers`` of a results form: a scored game's status and
    "Continue scoring", an unplayed game's "Score hand by hand"; a typed result has none."""
    if card_game.scorer is None:
        return {}
    by_number = {g.number: g for g in games}
    rows = {}
    for number in numbers:
        game = by_number.get(number)
        if game is None:
            rows[number] = ScorerRow("", url(number), False, card_game.scorer.words)
        elif game.sheet is not None:
            rows[number] = ScorerRow(status_of(card_game, variant, players, game), url(number), True,
                                     card_game.scorer.words)
    return rows


def next_game(card_game: CardGame[Any], games) -> int | None:
    """The game a table would start next on the scorer (None: the game has no scorer, or the
    table has as many games as a round holds)."""
    number = next_number(games)
    return number if card_game.scorer is not None and number <= MAX_GAMES_PER_ROUND else None


def _seen(words: ScorerWords) -> int:
    value = request.form.get("seen", "")
    if not value.isdigit() or len(value) > 4:
        raise DomainError(words.stale_page, field=ENTRY_FIELD)
    return int(value)


def score_page(session, data: RoundData, table, number: int, *, template: str, actor: str, while_running: bool,
               urls: Callable[..., str], **context):
    """GET: the sheet of game ``number`` and the next entry's form. POST: add the entry (or,
    with an ``undo`` field, remove the last one), then redirect here. ``urls(kind, number)``
    builds this page's links: "score" (this page, for any game number) and "back"."""
    card_game = game_of(data.event)
    scorer = scorer_of(card_game)
    if not 1 <= number <= MAX_GAMES_PER_ROUND:
        raise DomainError(T("Game numbers run from 1 to {most}.", most=MAX_GAMES_PER_ROUND))
    players = data.seated_at(table)
    keys = player_keys(players)
    variant = table.variant
    game = _game(data.games_at(table), number)
    undo = request.method == "POST" and "undo" in request.form
    formdata = request.form if request.method == "POST" and not undo else None
    errors: dict[str, str | None] = {"entry": None, "undo": None}

    def page(status: int = 200, shown=game):
        sheet = list(shown.sheet or []) if shown is not None else []
        # The form only labels with the names; on a page of the room it labels with the public ones.
        form = scorer.entry_form(formdata, variant, {key: shown_name(name) for key, name in keys.items()}, sheet)
        if formdata is not None:
            form.validate()  # the refused entry's own field messages, beside its fields
        tally = _tally(scorer, variant, keys, sheet)
        following = number + 1 if number < MAX_GAMES_PER_ROUND else None
        recorded_elsewhere = shown is not None and shown.sheet is None
        return render_template(
            template, data=data, table=table, number=number, card_game=card_game, scorer=scorer, players=keys,
            form=form, tally=tally, count=len(sheet), entry_error=errors["entry"], undo_error=errors["undo"],
            words=scorer.words, score_url=urls("score", number), back_url=urls("back", number),
            next_url=urls("score", following) if following else None, recorded_elsewhere=recorded_elsewhere,
            **context), status

    if request.method == "GET":
        lifecycle.check(data, Action.CORRECT)  # a round not started yet has no games to score
        return page()
    try:
        words = scorer.words
        seen = _seen(words)
        if undo:
            change = undo_last_entry(session, data, table, number, seen, actor=actor, while_running=while_running)
            flash(translate((words.undone if change.changed else words.already_undone).filled(n=seen)), "success")
        else:
            form = scorer.entry_form(request.form, variant, keys, list(game.sheet or []) if game else [])
            if not form.validate_on_submit():
                return page(400, _game(load_table_games(session, data.round, table, fresh=True), number))
            entry = scorer.entry_from_form(form, keys)
            change = add_entry(session, data, table, number, seen, entry, actor=actor, while_running=while_running)
            flash(translate((words.added if change.changed else words.already_added).filled(n=change.count)), "success")
        if change.correction is not None and change.correction.reseated:
            moves = "; ".join(translate(T("{player} now sits at table {new} (was {old})", player=Name(c.player),
                                          new=c.new_table, old=c.old_table)) for c in change.correction.reseated)
            flash(translate(T("Round {number}'s seating follows the correction: {moves}.",
                              number=data.round.number + 1, moves=moves)), "warning")
        if change.correction is not None and change.correction.notice:
            flash(translate(change.correction.notice), "warning")
    except DomainError as error:
        if error.field == ENTRY_FIELD:
            db.session().rollback()
            errors["undo" if undo else "entry"] = translate(error.text)
            status = error.http_status
        else:
            status = refuse(error)
        # The sheet as committed now, someone else's entry included: the page shows why.
        return page(status, _game(load_table_games(session, data.round, table, fresh=True), number))
    return redirect(urls("score", number))


def _game(games, number: int):
    return next((g for g in games if g.number == number), None)


def _tally(scorer, variant, keys, sheet) -> Tally | None:
    try:
        return scorer.tally(variant, keys, sheet)
    except (RuleError, KeyError, TypeError, ValueError):  # a sheet naming a player no longer seated
        return None


__all__ = ["ScorerRow", "next_game", "score_page", "scorer_rows"]
