"""The result form of one table's round, shared by the organiser's page and the table's phone:
one row per game, a winner picked from the table's players and, optionally, each player's
tricks. Built per request: the choices are the players seated now."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import FieldList, Form, FormField, HiddenField, RadioField, SelectChoice
from wtforms.validators import NumberRange, Optional

from .fields import IntegerField, is_number
from ..services.errors import DomainError
from ..services.games import MAX_GAMES_PER_ROUND, MAX_TRICKS_PER_GAME, GameEntry


MIN_ROWS = 3


def rows_to_show(games, wanted: int | None) -> int:
    """Every recorded game, one empty row after them, at least three, or as many as asked."""
    return min(MAX_GAMES_PER_ROUND, max(MIN_ROWS, (games[-1].number + 1) if games else 0, wanted or 0))


def results_form(players, rows: int, formdata=None):
    class GameRow(Form):
        number = HiddenField()
        version = HiddenField()
        # Unknown ids are left to record_games, which refuses them with the table's own wording.
        winner = RadioField("Winner", choices=[SelectChoice("", "No game")] + [SelectChoice(str(p.id), p.name) for p in players],
                            default="", validate_choice=False)

        def has_tricks(self) -> bool:
            return any(self[f"t{p.id}"].data is not None for p in players)

    for player in players:
        setattr(GameRow, f"t{player.id}", IntegerField(
            player.name,
            validators=[Optional(), NumberRange(0, MAX_TRICKS_PER_GAME, "Tricks run from 0 to 14.")],
        ))

    class TableResultsForm(FlaskForm):
        round = HiddenField()  # the phone's guard against sending to a round that is over
        games = FieldList(FormField(GameRow), min_entries=rows, max_entries=MAX_GAMES_PER_ROUND)

    form = TableResultsForm(formdata=formdata)
    if formdata is None:
        for index, row in enumerate(form.games.entries, start=1):
            row.number.data = str(index)
    return form


def _int(text: str | None, what: str) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not is_number(text):
        raise DomainError(f"The form was damaged ({what} {text[:10]!r}). Reload the page and try again.")
    return int(text)


def entries(form, players) -> list[GameEntry]:
    result = []
    for position, row in enumerate(form.games.entries, start=1):
        number = _int(row.number.data, "game number")
        number = position if number is None else number
        version = _int(row.version.data, "version")
        winner = _int(row.winner.data, "winner")
        tricks = {p.id: row[f"t{p.id}"].data for p in players if row[f"t{p.id}"].data is not None}
        blank = winner is None and not any(tricks.values())
        # A blank row removes only a game the sender actually saw (it carries that game's version).
        result.append(GameEntry(number, version, winner, tricks or None, clear=blank and version is not None))
    return result
