"""Scoring a game entry by entry on the app (Euchre's hands, Elbows Up!'s deals).

The game's ``Scorer`` checks each entry and adds the sheet up; this module is the one place the
app stores a sheet and the result its tally makes. Rules:

- The result of a scored game is its tally: the tally's winners (and scores) go through the same
  checks as a typed result (``check_report``, ``game_winners``), are written the same way (the
  game's version grows, the audit log says what changed, the event's revision moves) under the
  same lock and round-state rules: a phone only while its round runs, the organiser also
  after the close (then the next round's seating follows, as for any correction).
- A game is scored by one sheet: a game whose result was typed on the results form is not taken
  over by the scorer; the results form saving another result drops the sheet (services.games).
- Every request says how many entries its page showed (``seen``). The same entry sent again
  (a double tap, a resent POST) changes nothing and counts as done; a request from a page that
  missed someone else's entry is refused and changes nothing. Undo likewise.
- The players are those seated at the table in the round, keyed by their id as a string, in
  seat order (the app's seat order is the alphabetical one of every table list).
- An emptied sheet leaves no game behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from ..core.errors import RuleError
from ..core.i18n import T, Text
from ..core.limits import MAX_AUDIT_TEXT
from ..core.rounds import Action
from ..games import CardGame, Scorer, Tally, game_of
from ..models import Game, Player, Table
from . import audit, lifecycle, table_agreement
from .corrections import Correction, follow_correction
from .errors import Conflict, DomainError, NotFound
from .games import (
    GameEntry,
    SaveResult,
    absent_at,
    check_number,
    check_room_for_games,
    checked_winners,
    describe,
    refuse_absent_winners,
)
from .round_data import RoundData, load_table_games
from .unit_of_work import event_change

ENTRY_FIELD = "entry"  # the field hint of a refused entry: the page shows it beside the entry form


@dataclass(frozen=True)
class SheetChange:
    """What an add or undo did: ``changed`` False for a repeated request, which did nothing."""

    changed: bool
    count: int  # entries on the sheet now
    tally: Tally | None  # None once the sheet is empty
    correction: Correction | None = None  # the next round's seating, after a closed round's change


def scorer_of(card_game: CardGame[Any]) -> Scorer[Any]:
    """The event's game's scorer; a game reported only by its result has no scorer pages."""
    if card_game.scorer is None:
        raise NotFound(T("{game} is not scored on the app: enter each game's result on the results form.",
                         game=card_game.title))
    return card_game.scorer


def player_keys(players: Sequence[Player]) -> dict[str, str]:
    """The scorer's players: key (the id as a string) -> name, in seat order."""
    return {str(p.id): p.name for p in players}


def sheet_tally(card_game: CardGame[Any], variant: Any, players: Sequence[Player], sheet: Sequence[Any] | None
                ) -> Tally | None:
    """The sheet added up for the players seated now; None when there is no sheet, or it names a
    player who no longer sits at the table (the organiser moved a seat mid-round)."""
    if not sheet or card_game.scorer is None:
        return None
    try:
        return card_game.scorer.tally(variant, player_keys(players), sheet)
    except (RuleError, KeyError, TypeError, ValueError):
        return None


def status_of(card_game: CardGame[Any], variant: Any, players: Sequence[Player], game: Game | None) -> Text | str:
    """One line for a scored game's row on the results pages."""
    if game is None or game.sheet is None:
        return ""
    tally = sheet_tally(card_game, variant, players, game.sheet)
    if tally is None:
        return T("The players at this table changed since this game was scored.")
    return tally.status


def next_number(games: Sequence[Game]) -> int:
    """The game a table starts next on the scorer: after its last recorded game."""
    return max((g.number for g in games), default=0) + 1


def _find(session: Session, data: RoundData, table: Table, number: int) -> Game | None:
    """Read again under the lock: another device may have scored since the page loaded."""
    for game in load_table_games(session, data.round, table, fresh=True):
        if game.number == number:
            return game
    return None


def _start(session: Session, data: RoundData, table: Table, number: int, while_running: bool
           ) -> tuple[CardGame[Any], Scorer[Any], Game | None]:
    """Round-state rules and the lock (as for typed results), then the game as committed."""
    if while_running:
        lifecycle.check(data, Action.RECORD)
    lifecycle.require(session, data.round, Action.CORRECT, seen=data.state_seen)
    card_game = game_of(data.event)
    scorer = scorer_of(card_game)
    check_number(GameEntry(number, None, frozenset(), None))
    game = _find(session, data, table, number)
    if game is not None and game.sheet is None:
        raise Conflict(T("Game {number} at table {table} was recorded on the results form, not on the "
                         "scorer; its result stands. Start the next game on the scorer instead.",
                         number=number, table=table.number))
    return card_game, scorer, game


def _result(card_game: CardGame[Any], variant: Any, tally: Tally, number: int, seated: dict[int, Player]
            ) -> tuple[frozenset[int], dict[int, int] | None]:
    """The tally as a result, through the checks every result passes."""
    scores = None if tally.scores is None else {int(key): count for key, count in tally.scores.items()}
    entry = GameEntry(number, None, frozenset(int(key) for key in tally.winners), scores)
    return checked_winners(entry, card_game, variant, seated), scores


def _stale(number: int, count: int, scorer: Scorer[Any]) -> Conflict:
    return Conflict(scorer.words.stale_sheet.filled(number=number, n=count), field=ENTRY_FIELD)


def _sentence(table: Table, number: int, what: str, tally: Tally | None) -> str:
    """The audit line: "Table 2, game 3: hand 4 added — Ann & Cy lead 6 to 4" (at most what an
    event file's log line may hold)."""
    status = "" if tally is None else " — " + str(tally.status).rstrip(".")
    return f"Table {table.number}, game {number}: {what}{status}"[:MAX_AUDIT_TEXT]


def _was(game: Game, data: RoundData) -> str:
    """The game's result before the change, for the audit line; a phone's page loads only the
    players seated now, so a winner who moved away mid-round is not named."""
    known = {pid: data.players[pid] for pid in game.winner_ids | set(game.scores or {}) if pid in data.players}
    if len(known) < len(game.winner_ids | set(game.scores or {})):
        return "an earlier result"
    return describe(game.winner_ids, game.scores, known)


def _finish(session: Session, data: RoundData, changed: bool, count: int, tally: Tally | None) -> SheetChange:
    correction = follow_correction(session, data, SaveResult([], [], []), changed)
    return SheetChange(changed, count, tally, correction)


def add_entry(session: Session, data: RoundData, table: Table, number: int, seen: int, entry: dict[str, Any],
              actor: str = audit.ORGANISER, while_running: bool = False) -> SheetChange:
    """Add ``entry`` after the ``seen`` entries the page showed, and record the game's result
    as the sheet now adds up (one commit). ``while_running``: a phone, which may score only
    while its round runs."""
    with event_change(session, data.event.id, actor):
        card_game, scorer, game = _start(session, data, table, number, while_running)
        sheet = list(game.sheet or []) if game is not None else []
        players = data.seated_at(table)
        keys = player_keys(players)
        variant = table.variant
        if seen != len(sheet):
            if seen == len(sheet) - 1 and sheet[-1] == entry:
                return SheetChange(False, len(sheet), sheet_tally(card_game, variant, players, sheet))
            raise _stale(number, len(sheet), scorer)
        noun = scorer.entry_noun
        words = scorer.words
        if len(sheet) >= scorer.max_entries:
            raise DomainError(words.too_many.filled(number=len(sheet) + 1, n=scorer.max_entries), field=ENTRY_FIELD)
        try:
            scorer.check_entry(variant, keys, sheet, entry)
            tally = scorer.tally(variant, keys, [*sheet, entry])
        except (RuleError, KeyError) as error:
            refusal = (words.refused.filled(n=len(sheet) + 1, why=error.text) if isinstance(error, RuleError)
                       else words.unseated.filled(n=len(sheet) + 1))
            raise DomainError(refusal, field=ENTRY_FIELD) from None
        seated = {p.id: p for p in players}
        try:
            winner_ids, scores = _result(card_game, variant, tally, number, seated)
        except DomainError as error:
            raise DomainError(error.text, field=ENTRY_FIELD) from None
        refuse_absent_winners(data, absent_at(session, data, table), number, winner_ids, ENTRY_FIELD)
        if game is None:
            check_room_for_games(session, data, 1)
            game = Game(round_id=data.round.id, table_id=table.id, number=number, version=1)
            session.add(game)
            old = None
        else:
            game.version += 1
            old = _was(game, data)
        game.set_result(winner_ids, scores)
        game.sheet = [*sheet, entry]  # a new list: the JSON column notices a new value, not an append
        settled = table_agreement.after_save(game, data.event.table_agreement, actor, finished=tally.finished)
        audit.log(session, data.event.id, actor, f"{noun} added", f"game {number}", round_number=data.round.number,
                  table_number=table.number, old=old,
                  new=_sentence(table, number, f"{noun} {len(sheet) + 1} added", tally))
        if settled:
            audit.log(session, data.event.id, actor, "dispute settled", f"game {number}",
                      round_number=data.round.number, table_number=table.number, new="result changed")
        return _finish(session, data, True, len(sheet) + 1, tally)


def undo_last_entry(session: Session, data: RoundData, table: Table, number: int, seen: int,
                    actor: str = audit.ORGANISER, while_running: bool = False) -> SheetChange:
    """Remove the last of the ``seen`` entries the page showed (one commit); the result follows
    the shorter sheet, and a game whose last entry goes is removed."""
    with event_change(session, data.event.id, actor):
        card_game, scorer, game = _start(session, data, table, number, while_running)
        sheet = list(game.sheet or []) if game is not None else []
        players = data.seated_at(table)
        variant = table.variant
        if seen != len(sheet) or not sheet:
            if seen == len(sheet) + 1:  # undone a moment ago: the same request again
                return SheetChange(False, len(sheet), sheet_tally(card_game, variant, players, sheet))
            raise _stale(number, len(sheet), scorer)
        assert game is not None
        noun = scorer.entry_noun
        rest = sheet[:-1]
        old = _was(game, data)
        what = f"{noun} {len(sheet)} undone"
        tally = None
        if not rest:
            session.delete(game)
            audit.log(session, data.event.id, actor, "game removed", f"game {number}", round_number=data.round.number,
                      table_number=table.number, old=old, new=_sentence(table, number, what + ", no entry left", None))
        else:
            try:
                tally = scorer.tally(variant, player_keys(players), rest)
                winner_ids, scores = _result(card_game, variant, tally, number, {p.id: p for p in players})
            except (RuleError, KeyError) as error:
                why = error.text if isinstance(error, RuleError) else str(error)
                raise DomainError(T("Game {number}: the sheet no longer adds up for the players at this table "
                                    "({why}). Correct the game on the results form.", number=number, why=why),
                                  field=ENTRY_FIELD) from None
            game.set_result(winner_ids, scores)
            game.sheet = rest
            game.version += 1
            if table_agreement.after_save(game, data.event.table_agreement, actor, finished=tally.finished):
                audit.log(session, data.event.id, actor, "dispute settled", f"game {number}",
                          round_number=data.round.number, table_number=table.number, new="result changed")
            audit.log(session, data.event.id, actor, f"{noun} undone", f"game {number}", round_number=data.round.number,
                      table_number=table.number, old=old, new=_sentence(table, number, what, tally))
        return _finish(session, data, True, len(rest), tally)


def entry_count(game: Game | None) -> int:
    """How many entries the page shows: what its forms send back as ``seen``."""
    return len(game.sheet or []) if game is not None else 0


__all__ = [
    "ENTRY_FIELD",
    "SheetChange",
    "add_entry",
    "entry_count",
    "next_number",
    "player_keys",
    "scorer_of",
    "sheet_tally",
    "status_of",
    "undo_last_entry",
]
