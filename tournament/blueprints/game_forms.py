"""The result form of one table's round, shared by the organiser's page and the table's phone:
one row per game, a winner choice picked from what the event's game offers (one player, or a
partnership), and, when the game keeps a score, each player's score. The choices are the
players seated now; a form class is built once per game, table rules and table shape.

Rules of the form:
- A winner choice is posted as the comma-joined ids of its players ("12" for one player,
  "12,15" for a pair), so every choice is one radio button.
- Scores, when given, go to the game with the ticked choice, and the game decides the winners
  (``CardGame.game_winners``), refusing a ticked choice the scores contradict; unless its score
  ``overrules_ticked`` (Five Tricks): then a row with scores carries no tick, and a note after
  saving says when the scores moved the win (results-form.js ticks the winner the scores imply
  while typing, for the eye).
- A recorded game's row shows its winner ticked, so "No game" ticked there removes the game even
  with its scores still in the row (they would otherwise make it again, unchanged and unsaid).
- "More game rows" never throws away what was ticked: with JavaScript rows are added in the
  page; without it the form is posted back and shown again, filled in and longer, unsaved."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask_babel import LazyString, lazy_gettext
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import FieldList, Form, FormField, HiddenField, RadioField, SelectChoice
from wtforms.validators import NumberRange, Optional

from ..core.errors import RuleError
from ..core.i18n import Name, T, Text, Tp
from ..core.names import name_key
from ..games import CardGame, Report
from ..i18n import translate
from ..name_display import isolate
from ..services.errors import DomainError
from ..services.games import MAX_GAMES_PER_ROUND, GameEntry, SaveResult, outcome
from .fields import IntegerField, is_number
from .refusals import refuse

ADD_ROWS = 2  # rows added by one press of "More game rows" without JavaScript


def usual_games(card_game: CardGame, table_size: int, round_minutes: int) -> int:
    """Games a round of `round_minutes` usually holds at a table of `table_size` players."""
    return min(MAX_GAMES_PER_ROUND, max(1, card_game.usual_games(table_size, round_minutes)))


def rows_to_show(card_game: CardGame, games, wanted: int | None, table_size: int, round_minutes: int) -> int:
    """The usual number of games, every recorded game and one empty row after them, or as many
    as asked."""
    last = (games[-1].number + 1) if games else 0
    return min(MAX_GAMES_PER_ROUND, max(usual_games(card_game, table_size, round_minutes), last, wanted or 0))


def choice_value(player_ids) -> str:
    """The radio value of a winner choice: its players' ids, ascending, comma-joined."""
    return ",".join(str(pid) for pid in sorted(player_ids))


def winner_choices(card_game: CardGame, variant: Any, players) -> list[tuple[str, Markup]]:
    """(radio value, label) of every way a game at this table can be won, in the game's order;
    a label names its players, each isolated, joined by " & "."""
    by_name = {p.name: p.id for p in players}
    choices = card_game.winner_choices(variant, [p.name for p in players])
    return [(choice_value(by_name[n] for n in group),
             Markup("&#160;&amp;&#160;").join(isolate(n) for n in sorted(group, key=name_key))) for group in choices]


def results_form(card_game: CardGame, variant: Any, players, rows: int, formdata=None):
    """The form of a table's `rows` games, read from `formdata` when given."""
    roster = tuple((p.id, p.name) for p in players)
    # The cache keys on the game: one hashable object, which CardGame does not state.
    form = _form_class(card_game, variant, roster, rows)(formdata=formdata)  # type: ignore[arg-type]
    if formdata is None:
        for index, row in enumerate(form.games.entries, start=1):
            row.number.data = str(index)
    return form


# Building WTForms classes costs more than filling them in, and a table keeps its players for
# a whole round, so each table shape (who sits there, how many rows) is built once. A renamed
# or reseated player makes a new shape; old shapes fall out of the cache.
@lru_cache(maxsize=1024)
def _form_class(card_game: CardGame, variant: Any, roster: tuple[tuple[int, str], ...], rows: int):
    class TableResultsForm(FlaskForm):
        round = HiddenField()  # the phone's guard against sending to a round that is over
        # The cache keys on the game: one hashable object, which CardGame does not state.
        games = FieldList(FormField(_row_class(card_game, variant, roster)), min_entries=rows,  # type: ignore[arg-type]
                          max_entries=MAX_GAMES_PER_ROUND)

    return TableResultsForm


@lru_cache(maxsize=1024)
def _row_class(card_game: CardGame, variant: Any, roster: tuple[tuple[int, str], ...]):
    by_name = dict((name, pid) for pid, name in roster)
    choices = [SelectChoice(choice_value(by_name[n] for n in group), " & ".join(sorted(group, key=name_key)))
               for group in card_game.winner_choices(variant, [name for _pid, name in roster])]
    score = card_game.score

    class GameRow(Form):
        number = HiddenField()
        version = HiddenField()
        # Unknown ids are left to record_games, which refuses them with the table's own wording.
        winner = RadioField(lazy_gettext("Winner"), choices=[SelectChoice("", lazy_gettext("No game")), *choices],
                            default="", validate_choice=False)

        def has_scores(self) -> bool:
            return score is not None and any(self[f"s{pid}"].data is not None for pid, _name in roster)

    if score is not None:
        limit = score.limit(len(roster))
        for pid, name in roster:
            setattr(GameRow, f"s{pid}", IntegerField(
                name, validators=[Optional(), NumberRange(score.minimum, limit.most, _lazy(limit.message))]))
    return GameRow


def _lazy(message: Text | str) -> LazyString:
    """A game's message for a form class that serves every language: translated when shown."""
    return LazyString(translate, message)


def score_of(row, player_id: int):
    """The score field of a player in a row, or None when the game keeps no score."""
    return row._fields.get(f"s{player_id}")


def fill_recorded(form, games) -> None:
    """Show the recorded games in their rows (row N holds game N)."""
    for game in games:
        if game.number > len(form.games.entries):
            continue
        row = form.games.entries[game.number - 1]
        row.version.data = str(game.version)
        row.winner.data = choice_value(game.winner_ids) if game.winner_ids else ""
        for pid, count in (game.scores or {}).items():
            field = score_of(row, pid)
            if field is not None:
                field.data = count


def wants_more_rows(formdata) -> bool:
    """The no-JavaScript "More game rows" button posts the form back instead of saving it."""
    return "add_rows" in formdata


def grow(card_game: CardGame, variant: Any, form, players, formdata):
    """The posted form again with ADD_ROWS more rows, nothing saved and no errors shown."""
    rows = min(MAX_GAMES_PER_ROUND, len(form.games.entries) + ADD_ROWS)
    grown = results_form(card_game, variant, players, rows, formdata)
    taken = [int(r.number.data) for r in grown.games.entries if is_number(r.number.data or "")]
    following = max(taken, default=0) + 1
    for row in grown.games.entries:
        if not row.number.data:
            row.number.data, following = str(following), following + 1
    return grown


def blank_row(form):
    """An empty row the page keeps in a <template>, for results-form.js to copy when a row is
    added. Its inputs are named after the next free index; the script renames each copy.
    None when the form already has as many rows as a round may hold: nothing can be added."""
    if len(form.games.entries) >= form.games.max_entries:
        return None
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


def _int(text: str | None, what: Text) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not is_number(text):
        raise DomainError(T("The form was damaged ({what} {text}). Reload the page and try again.", what=what,
                            text=repr(text[:10])))
    return int(text)


def _ids(text: str | None) -> frozenset[int]:
    parts = [part for part in (text or "").split(",") if part.strip()]
    return frozenset(pid for pid in (_int(part, Tp("damaged field", "winner")) for part in parts) if pid is not None)


def _scores(row, players) -> dict[int, int]:
    found = {}
    for p in players:
        field = score_of(row, p.id)
        if field is not None and field.data is not None:
            found[p.id] = field.data
    return found


def entries(card_game: CardGame, form, players) -> list[GameEntry]:
    """The rows as games to record. When the game's scores overrule ticks, a row with scores
    carries no ticked winner: the scores decide, so a winner left ticked from before they
    changed cannot contradict them. "No game" ticked on a recorded game removes it, scores or not."""
    drop_ticks = card_game.score is not None and card_game.score.overrules_ticked
    result = []
    for position, row in enumerate(form.games.entries, start=1):
        number = _int(row.number.data, Tp("damaged field", "game number"))
        number = position if number is None else number
        version = _int(row.version.data, Tp("damaged field", "version"))
        winners = _ids(row.winner.data)
        scores = _scores(row, players)
        # A recorded game's row comes with its winner ticked: "No game" there is a choice to remove
        # it, which the scores left in the row must not quietly undo.
        no_game = not winners and version is not None
        if drop_ticks and any(scores.values()):
            winners = frozenset()
        blank = not winners and not any(scores.values())
        # A blank row removes only a game the sender actually saw (it carries that game's version).
        result.append(GameEntry(number, version, winners, scores or None,
                                clear=(blank or no_game) and version is not None))
    return result


def overruled(card_game: CardGame, variant: Any, form, players) -> list[str]:
    """Rows where the scores make other winners than the one ticked (only when scores overrule
    ticks; otherwise such a row is refused): said after saving, in the page's language."""
    if card_game.score is None or not card_game.score.overrules_ticked or card_game.score.words is None:
        return []
    words = card_game.score.words
    names = {p.id: p.name for p in players}
    notes = []
    for position, row in enumerate(form.games.entries, start=1):
        scores = _scores(row, players)
        ticked = _ids(row.winner.data)
        if not ticked or not any(scores.values()):
            continue
        try:
            winners = card_game.game_winners(variant, Report(frozenset(), {names[p]: c for p, c in scores.items()}))
        except RuleError:
            continue  # the save refuses the row and says why
        if winners and {names.get(pid) for pid in ticked} != set(winners):
            ordered = [Name(name) for name in sorted(winners, key=name_key)]
            shown = ordered[0] if len(ordered) == 1 else T("{items} and {last}", items=", ".join(ordered[:-1]),
                                                              last=ordered[-1])
            notes.append(translate(words.made.filled(number=row.number.data or position, names=shown)))
    return notes


def outcome_text(result: SaveResult) -> str:
    """What a save did, in the page's language: "Game 3 recorded. Game 2 removed." (empty when
    nothing changed)."""
    return " ".join(translate(sentence) for sentence in outcome(result))
