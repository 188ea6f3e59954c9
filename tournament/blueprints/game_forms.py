"""The result form of one table's round, shared by the organiser's page and the table's phone:
one row per game, a winner picked from the table's players and, optionally, each player's
tricks. The choices are the players seated now; a form class is built once per table shape.

Rules of the form:
- Trick counts, when given, decide the winner; a ticked winner only counts for games without
  tricks (results-form.js ticks the winner the tricks imply while typing, for the eye).
- "More game rows" never throws away what was ticked: with JavaScript rows are added in the
  page; without it the form is posted back and shown again, filled in and longer, unsaved."""

from __future__ import annotations

import math
from functools import lru_cache

from flask_wtf import FlaskForm
from wtforms import FieldList, Form, FormField, HiddenField, RadioField, SelectChoice
from wtforms.validators import NumberRange, Optional

from ..core import game_winner
from ..services.errors import DomainError
from ..services.games import MAX_GAMES_PER_ROUND, MAX_TRICKS_PER_GAME, GameEntry
from .fields import IntegerField, is_number
from .refusals import refuse

# How many games a round usually holds, so the page opens with that many rows. A silent game of
# Five Tricks takes about 40 s to shuffle and deal, then five tricks of one card per player at
# about 4 s a card: 1 min 40 s at three players, 2 min at four, 2 min 40 s at six. The round's
# last game may stop unfinished (it counts the tricks so far), hence rounding up. A 7-minute
# round thus opens with 5 rows at a table of 3, 4 at a table of 4, and 3 at 5 or 6.
DEAL_SECONDS = 40
SECONDS_PER_CARD = 4
TRICKS_PER_GAME = 5
MIN_ROWS = 2
ADD_ROWS = 2  # rows added by one press of "More game rows" without JavaScript


def usual_games(table_size: int, round_minutes: int) -> int:
    """Games a round of `round_minutes` usually holds at a table of `table_size` players."""
    game_seconds = DEAL_SECONDS + TRICKS_PER_GAME * max(table_size, 1) * SECONDS_PER_CARD
    return min(MAX_GAMES_PER_ROUND, max(MIN_ROWS, math.ceil(round_minutes * 60 / game_seconds)))


def rows_to_show(games, wanted: int | None, table_size: int, round_minutes: int) -> int:
    """The usual number of games, every recorded game and one empty row after them, or as many
    as asked."""
    last = (games[-1].number + 1) if games else 0
    return min(MAX_GAMES_PER_ROUND, max(usual_games(table_size, round_minutes), last, wanted or 0))


def results_form(players, rows: int, formdata=None):
    """The form of a table's `rows` games, read from `formdata` when given."""
    form = _form_class(tuple((p.id, p.name) for p in players), rows)(formdata=formdata)
    if formdata is None:
        for index, row in enumerate(form.games.entries, start=1):
            row.number.data = str(index)
    return form


# Building WTForms classes costs more than filling them in, and a table keeps its players for
# a whole round, so each table shape (who sits there, how many rows) is built once. A renamed
# or reseated player makes a new shape; old shapes fall out of the cache.
@lru_cache(maxsize=1024)
def _form_class(roster: tuple[tuple[int, str], ...], rows: int):
    class TableResultsForm(FlaskForm):
        round = HiddenField()  # the phone's guard against sending to a round that is over
        games = FieldList(FormField(_row_class(roster)), min_entries=rows, max_entries=MAX_GAMES_PER_ROUND)

    return TableResultsForm


@lru_cache(maxsize=1024)
def _row_class(roster: tuple[tuple[int, str], ...]):
    class GameRow(Form):
        number = HiddenField()
        version = HiddenField()
        # Unknown ids are left to record_games, which refuses them with the table's own wording.
        winner = RadioField("Winner", choices=[SelectChoice("", "No game"),
                                               *(SelectChoice(str(pid), name) for pid, name in roster)],
                            default="", validate_choice=False)

        def has_tricks(self) -> bool:
            return any(self[f"t{pid}"].data is not None for pid, _name in roster)

    for pid, name in roster:
        setattr(GameRow, f"t{pid}", IntegerField(
            name,
            validators=[Optional(), NumberRange(0, MAX_TRICKS_PER_GAME, "Tricks run from 0 to 14.")],
        ))
    return GameRow


def fill_recorded(form, games) -> None:
    """Show the recorded games in their rows (row N holds game N)."""
    for game in games:
        if game.number > len(form.games.entries):
            continue
        row = form.games.entries[game.number - 1]
        row.version.data = str(game.version)
        row.winner.data = str(game.winner_id) if game.winner_id else ""
        for tricks in game.tricks:
            row[f"t{tricks.player_id}"].data = tricks.tricks


def wants_more_rows(formdata) -> bool:
    """The no-JavaScript "More game rows" button posts the form back instead of saving it."""
    return "add_rows" in formdata


def grow(form, players, formdata):
    """The posted form again with ADD_ROWS more rows, nothing saved and no errors shown."""
    rows = min(MAX_GAMES_PER_ROUND, len(form.games.entries) + ADD_ROWS)
    grown = results_form(players, rows, formdata)
    taken = [int(r.number.data) for r in grown.games.entries if is_number(r.number.data or "")]
    following = max(taken, default=0) + 1
    for row in grown.games.entries:
        if not row.number.data:
            row.number.data, following = str(following), following + 1
    return grown


def blank_row(form):
    """An empty row the page keeps in a <template>, for results-form.js to copy when a row is
    added. Its inputs are named after the next free index; the script renames each copy."""
    row = form.games.append_entry()
    form.games.entries.pop()
    form.games.last_index -= 1
    return row


def refuse_results(form, error: DomainError) -> int:
    """A refused submit: the reason goes beside the game it concerns (or on top of the page),
    nothing is saved, and the status to answer with is returned."""
    game = (error.field or "").removeprefix("game-") if (error.field or "").startswith("game-") else None
    # A row without a number is numbered by its position, as entries() does.
    row = next((r for position, r in enumerate(form.games.entries, start=1)
                if game is not None and (r.number.data or str(position)) == game), None)
    return refuse(error, row.winner if row is not None else None)


def _int(text: str | None, what: str) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not is_number(text):
        raise DomainError(f"The form was damaged ({what} {text[:10]!r}). Reload the page and try again.")
    return int(text)


def tricks_winner(players, tricks: dict[int, int]) -> int | None:
    """The player the trick counts make the winner (most tricks; a tie goes to the
    alphabetically first), or None when nobody took a trick."""
    names = {p.id: p.name for p in players}
    winner = game_winner({names[pid]: count for pid, count in tricks.items() if pid in names})
    return next((pid for pid, name in names.items() if name == winner), None)


def entries(form, players) -> list[GameEntry]:
    """The rows as games to record. A row with trick counts carries no ticked winner: the
    tricks decide, so a winner left ticked from before the tricks changed cannot contradict them."""
    result = []
    for position, row in enumerate(form.games.entries, start=1):
        number = _int(row.number.data, "game number")
        number = position if number is None else number
        version = _int(row.version.data, "version")
        winner = _int(row.winner.data, "winner")
        tricks = {p.id: row[f"t{p.id}"].data for p in players if row[f"t{p.id}"].data is not None}
        if any(tricks.values()):
            winner = None
        blank = winner is None and not any(tricks.values())
        # A blank row removes only a game the sender actually saw (it carries that game's version).
        result.append(GameEntry(number, version, winner, tricks or None, clear=blank and version is not None))
    return result


def overruled(form, players) -> list[str]:
    """Games where the ticked winner differs from the one the tricks make: said after saving."""
    notes = []
    for position, row in enumerate(form.games.entries, start=1):
        tricks = {p.id: row[f"t{p.id}"].data for p in players if row[f"t{p.id}"].data is not None}
        ticked = (row.winner.data or "").strip()
        winner = tricks_winner(players, tricks) if any(tricks.values()) else None
        if winner is not None and ticked and ticked != str(winner):
            name = next(p.name for p in players if p.id == winner)
            notes.append(f"Game {row.number.data or position}: the tricks make {name} the winner.")
    return notes
