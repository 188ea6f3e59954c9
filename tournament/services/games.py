"""Recording a table's games for a round.

A submission is checked completely before anything is written, so a refused submission
changes nothing. Every game carries a version: a submission made from an older copy of a
game is refused (unless it says exactly what is already stored, which makes a repeated
submit from a phone harmless).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..core import game_winner
from ..core.limits import MAX_GAMES_PER_EVENT, MAX_GAMES_PER_TABLE, MAX_TRICKS_PER_GAME
from ..core.names import name_key
from ..core.rounds import Action
from ..models import Game, GameTricks, Player, Round, Table
from . import audit, lifecycle
from .errors import Conflict, DomainError
from .round_data import RoundData, load_table_games

MAX_GAMES_PER_ROUND = MAX_GAMES_PER_TABLE


@dataclass(frozen=True)
class GameEntry:
    number: int
    version: int | None  # the version the submitter saw; None for a game they think is new
    winner_id: int | None
    tricks: dict[int, int] | None  # player id -> tricks; None when the table reported only the winner
    clear: bool = False  # "no game": remove it if it was recorded

    @property
    def blank(self) -> bool:
        return self.winner_id is None and not self.tricks


@dataclass(frozen=True)
class SaveResult:
    saved: list[int]
    removed: list[int]
    unchanged: list[int]


def _row(entry: GameEntry) -> str:
    """The field hint of a per-game error: the form shows it beside that game."""
    return f"game-{entry.number}"


def _derive_winner(entry: GameEntry, players: dict[int, Player]) -> int | None:
    if not entry.tricks or not any(entry.tricks.values()):
        return entry.winner_id
    names = {players[pid].name: count for pid, count in entry.tricks.items()}
    winner_name = game_winner(names)
    derived = next(pid for pid, p in players.items() if p.name == winner_name)
    if entry.winner_id is not None and entry.winner_id != derived:
        raise DomainError(
            f"Game {entry.number}: the tricks make {players[derived].name} the winner, "
            f"but {players[entry.winner_id].name} is marked. Correct one of them.", field=_row(entry)
        )
    return derived


def _check(entry: GameEntry, seated: dict[int, Player]) -> None:
    if not 1 <= entry.number <= MAX_GAMES_PER_ROUND:
        raise DomainError(f"Game numbers run from 1 to {MAX_GAMES_PER_ROUND}.")
    if entry.winner_id is not None and entry.winner_id not in seated:
        raise DomainError(f"Game {entry.number}: the winner must be a player seated at this table.", field=_row(entry))
    if entry.tricks:
        strangers = set(entry.tricks) - set(seated)
        if strangers:
            raise DomainError(f"Game {entry.number}: tricks were given for a player not seated at this table.",
                              field=_row(entry))
        if any(count < 0 for count in entry.tricks.values()):
            raise DomainError(f"Game {entry.number}: trick counts cannot be negative.", field=_row(entry))
        if sum(entry.tricks.values()) > MAX_TRICKS_PER_GAME:
            raise DomainError(
                f"Game {entry.number}: {sum(entry.tricks.values())} tricks in one game is more than "
                f"the cards allow (at most {MAX_TRICKS_PER_GAME}).", field=_row(entry)
            )


def _same(game: Game, winner_id: int | None, tricks: dict[int, int] | None) -> bool:
    return game.winner_id == winner_id and _stored(game) == (tricks or None)


def describe(winner_id: int | None, tricks: dict[int, int] | None, players: dict[int, Player]) -> str:
    """A game as the audit log shows it: "Ana won (Ana 3, Ben 1)"."""
    if winner_id is None:
        return "no winner"
    text = f"{players[winner_id].name} won"
    if tricks:
        in_order = sorted(tricks.items(), key=lambda item: name_key(players[item[0]].name))
        text += " (" + ", ".join(f"{players[pid].name} {count}" for pid, count in in_order) + ")"
    return text


def _stored(game: Game) -> dict[int, int] | None:
    return {t.player_id: t.tricks for t in game.tricks} or None


def record_games(
    session: Session, data: RoundData, table: Table, entries: list[GameEntry], actor: str = audit.ORGANISER
) -> SaveResult:
    """Save, change or remove games of one table in a running round, all or nothing.
    Every change is written to the audit log under `actor` in the same transaction.
    (Closed rounds are corrected through services.corrections, which also reseats.)"""
    lifecycle.check(data.round, Action.RECORD)
    result = apply_games(session, data, table, entries, actor)
    session.commit()
    return result


def apply_games(
    session: Session, data: RoundData, table: Table, entries: list[GameEntry], actor: str = audit.ORGANISER
) -> SaveResult:
    """Validate every entry, then stage the changes and their audit lines (no commit)."""
    lifecycle.require(session, data.round, Action.CORRECT, seen=data.round.state)
    if len({e.number for e in entries}) != len(entries):
        raise DomainError("The same game number appears twice in the submission.")
    seated = {p.id: p for p in data.seated_at(table)}
    existing = {g.number: g for g in _current_games(session, data, table)}
    plan: list[tuple[GameEntry, Game | None, int | None]] = []
    for entry in entries:
        _check(entry, seated)
        game = existing.get(entry.number)
        if entry.clear or entry.blank:
            if game is not None and entry.clear:
                _check_version(entry, game, wanted=None)
                plan.append((entry, game, None))
            continue
        winner_id = _derive_winner(entry, seated)
        if winner_id is None:
            raise DomainError(f"Game {entry.number}: nobody took a trick, so there is no winner to record.",
                              field=_row(entry))
        if game is not None:
            _check_version(entry, game, wanted=(winner_id, entry.tricks))
        elif entry.version is not None:
            raise Conflict(
                f"Game {entry.number} at table {table.number} was removed meanwhile. Reload the page and check.",
                field=_row(entry),
            )
        plan.append((entry, game, winner_id))

    _check_room_for_games(session, data, sum(1 for _entry, game, winner in plan if game is None and winner))
    result = SaveResult([], [], [])
    players = data.players

    def log(action: str, number: int, old: str | None, new: str | None) -> None:
        audit.log(session, data.event.id, actor, action, f"game {number}", round_number=data.round.number,
                  table_number=table.number, old=old, new=new)

    for entry, game, winner_id in plan:
        if winner_id is None:
            log("game removed", entry.number, describe(game.winner_id, _stored(game), players), None)
            session.delete(game)
            result.removed.append(entry.number)
        elif game is not None and _same(game, winner_id, entry.tricks):
            result.unchanged.append(entry.number)
        elif game is not None:
            log("game changed", entry.number, describe(game.winner_id, _stored(game), players),
                describe(winner_id, entry.tricks, players))
            game.winner_id = winner_id
            game.tricks = _tricks_rows(entry.tricks)
            game.version += 1
            result.saved.append(entry.number)
        else:
            log("game recorded", entry.number, None, describe(winner_id, entry.tricks, players))
            session.add(Game(round_id=data.round.id, table_id=table.id, number=entry.number,
                             winner_id=winner_id, tricks=_tricks_rows(entry.tricks), version=1))
            result.saved.append(entry.number)
    return result


def _check_room_for_games(session: Session, data: RoundData, new_games: int) -> None:
    """An event stops at MAX_GAMES_PER_EVENT games, so its event file can always be imported."""
    if not new_games:
        return
    recorded = session.scalar(
        select(func.count(Game.id)).join(Round, Game.round_id == Round.id).where(Round.event_id == data.event.id))
    if recorded + new_games > MAX_GAMES_PER_EVENT:
        raise DomainError(f"This event already holds {recorded:,} games, the most one event keeps "
                          f"({MAX_GAMES_PER_EVENT:,}). Start a new event (Duplicate on the event page) to go on.")


def _current_games(session: Session, data: RoundData, table: Table) -> list[Game]:
    """Read again under the lock: another device may have saved a game since the page loaded."""
    return load_table_games(session, data.round, table, fresh=True)


def _tricks_rows(tricks: dict[int, int] | None) -> list[GameTricks]:
    return [GameTricks(player_id=pid, tricks=count) for pid, count in sorted((tricks or {}).items())]


def _check_version(entry: GameEntry, game: Game, wanted) -> None:
    """A stale copy is refused, unless it asks for exactly what is stored (a repeated submit)."""
    if entry.version == game.version:
        return
    if wanted is not None and _same(game, *wanted):
        return
    raise Conflict(
        f"Game {entry.number} at this table was changed by someone else since this page was opened. "
        "Reload the page to see the current result, then enter your change again.", field=_row(entry)
    )
