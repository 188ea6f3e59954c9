"""Recording a table's games for a round.

A submission is checked completely before anything is written, so a refused submission
changes nothing. Every game carries a version: a submission made from an older copy of a
game is refused (unless it says exactly what is already stored, which makes a repeated
submit from a phone harmless).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..core.errors import RuleError
from ..core.i18n import Name, T, Text, Tn
from ..core.limits import MAX_GAMES_PER_EVENT, MAX_GAMES_PER_TABLE
from ..core.names import name_key
from ..core.rounds import Action
from ..games import CardGame, Report, game_of
from ..models import Game, Player, PlayerStatus, Presence, Round, Seat, Table
from . import audit, lifecycle, table_agreement
from .errors import Conflict, DomainError
from .round_data import RoundData, load_table_games
from .unit_of_work import event_change

MAX_GAMES_PER_ROUND = MAX_GAMES_PER_TABLE


@dataclass(frozen=True)
class GameEntry:
    """One game as a table reports it; what it means is the event's game's to say."""

    number: int
    version: int | None  # the version the submitter saw; None for a game they think is new
    winner_ids: frozenset[int]  # the ticked winners: one of the game's winner choices, or none
    scores: dict[int, int] | None  # player id -> score; None when the table reported only winners
    clear: bool = False  # "no game": remove it if it was recorded

    @property
    def blank(self) -> bool:
        return not self.winner_ids and not self.scores


@dataclass(frozen=True)
class SaveResult:
    saved: list[int]  # recorded or changed
    removed: list[int]
    unchanged: list[int]
    changed: list[int] = field(default_factory=list)  # of ``saved``, those that replaced a recorded game


def outcome(result: SaveResult) -> tuple[Text, ...]:
    """What a save did, one sentence per kind: "Game 3 recorded.", "Games 1, 2 changed.",
    "Game 4 removed." (none when nothing changed). Every page that confirms a save says this."""
    recorded = [number for number in result.saved if number not in result.changed]

    def games(numbers: list[int]) -> str:
        return ", ".join(str(n) for n in sorted(numbers))

    said = []
    if recorded:
        said.append(Tn("Game {games} recorded.", "Games {games} recorded.", len(recorded), games=games(recorded)))
    if result.changed:
        said.append(Tn("Game {games} changed.", "Games {games} changed.", len(result.changed),
                       games=games(result.changed)))
    if result.removed:
        said.append(Tn("Game {games} removed.", "Games {games} removed.", len(result.removed),
                       games=games(result.removed)))
    return tuple(said)


def _row(entry: GameEntry) -> str:
    """The field hint of a per-game error: the form shows it beside that game."""
    return f"game-{entry.number}"


def _report(entry: GameEntry, seated: dict[int, Player]) -> Report:
    """The entry in names, as the game reads it; ids of players not seated keep a name no
    player has, so the game refuses them as strangers."""
    def name(pid: int) -> str:
        return seated[pid].name if pid in seated else f"#{pid}"

    scores = None if entry.scores is None else {name(pid): count for pid, count in entry.scores.items()}
    return Report(frozenset(name(pid) for pid in entry.winner_ids), scores)


def _could_have_played(entry: GameEntry, seated: dict[int, Player]) -> list[str]:
    """Who a game at this table could have been played by: those still playing there, and anyone
    the entry names (a game played before its player withdrew). A game bounds its tricks by how
    many they are, so a seat kept by a player who has withdrawn must not shrink the bound."""
    named = set(entry.winner_ids) | set(entry.scores or ())
    return [p.name for pid, p in seated.items() if p.status is PlayerStatus.SEATED or pid in named]


def checked_winners(entry: GameEntry, card_game: CardGame[Any], variant: Any, seated: dict[int, Player]
                    ) -> frozenset[int]:
    """The game's winners by the game's rules: checked, then derived (scores that decide
    overrule nothing silently: a ticked choice that contradicts them is refused)."""
    report = _report(entry, seated)
    try:
        card_game.check_report(variant, report, _could_have_played(entry, seated))
        winners = card_game.game_winners(variant, report)
    except RuleError as error:
        raise DomainError(T("Game {number}: {message}", number=entry.number, message=error.text),
                          field=_row(entry)) from None
    ids = {p.name: pid for pid, p in seated.items()}
    return frozenset(ids[name] for name in winners)


def check_number(entry: GameEntry) -> None:
    if not 1 <= entry.number <= MAX_GAMES_PER_ROUND:
        raise DomainError(T("Game numbers run from 1 to {most}.", most=MAX_GAMES_PER_ROUND))


def _no_winner(card_game: CardGame[Any], number: int) -> Text:
    """Game ``number`` reported nothing that names a winner, in the words of the game's score."""
    column = card_game.score.column if card_game.score is not None else None
    if column == "tricks":
        return T("Game {number}: the tricks make no winner, so there is nothing to record.", number=number)
    if column == "points":
        return T("Game {number}: the points make no winner, so there is nothing to record.", number=number)
    if column == "cards_left":
        return T("Game {number}: the cards left make no winner, so there is nothing to record.", number=number)
    if card_game.score is not None:
        return T("Game {number}: the {what} make no winner, so there is nothing to record.",
                 number=number, what=str(card_game.score.label).lower())
    return T("Game {number}: the result make no winner, so there is nothing to record.", number=number)


def _same(game: Game, winner_ids: frozenset[int], scores: dict[int, int] | None) -> bool:
    return game.winner_ids == winner_ids and game.scores == (scores or None)


def describe(winner_ids: frozenset[int], scores: dict[int, int] | None, players: dict[int, Player]) -> str:
    """A game as the audit log shows it: "Ana won (Ana 3, Ben 1)", "Ana and Ben won"."""
    if not winner_ids:
        return "no winner"
    names = sorted((players[pid].name for pid in winner_ids), key=name_key)
    text = (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]) + " won"
    if scores:
        in_order = sorted(scores.items(), key=lambda item: name_key(players[item[0]].name))
        text += " (" + ", ".join(f"{players[pid].name} {count}" for pid, count in in_order) + ")"
    return text


def record_games(
    session: Session, data: RoundData, table: Table, entries: list[GameEntry], actor: str = audit.ORGANISER
) -> SaveResult:
    """Save, change or remove games of one table in a running round, all or nothing.
    Every change is written to the audit log under `actor` in the same transaction.
    (Closed rounds are corrected through services.corrections, which also reseats.)"""
    with event_change(session, data.event.id, actor):
        lifecycle.check(data, Action.RECORD)
        result = apply_games(session, data, table, entries, actor)
        return result


def absent_at(session: Session, data: RoundData, table: Table) -> frozenset[int]:
    """The players marked absent at ``table`` this round, read inside the change, so that an
    organiser's mark made a moment ago counts."""
    return frozenset(session.scalars(select(Seat.player_id).where(
        Seat.round_id == data.round.id, Seat.table_id == table.id, Seat.presence == Presence.ABSENT)))


def refuse_absent_winners(data: RoundData, absent: frozenset[int], number: int, winner_ids: frozenset[int],
                          field: str) -> None:
    """An absentee is not ranked, so she won nothing: a new or changed result naming her as a
    winner is refused."""
    for pid in sorted(winner_ids & absent):
        raise DomainError(T("Game {number}: {player} is marked absent for this round. If {player} played, "
                            "the organiser marks {player} here first.", number=number,
                            player=Name(data.players[pid].name)), field=field)


def apply_games(
    session: Session, data: RoundData, table: Table, entries: list[GameEntry], actor: str = audit.ORGANISER
) -> SaveResult:
    """Validate every entry, then stage the changes and their audit lines (no commit)."""
    lifecycle.require(session, data.round, Action.CORRECT, seen=data.state_seen)
    if len({e.number for e in entries}) != len(entries):
        raise DomainError(T("The same game number appears twice in the submission."))
    seated = {p.id: p for p in data.seated_at(table)}
    existing = {g.number: g for g in _current_games(session, data, table)}
    plan: list[tuple[GameEntry, Game | None, frozenset[int] | None]] = []
    card_game = game_of(data.event)
    variant = table.variant
    absent: frozenset[int] | None = None  # read once, when a new or changed result needs it
    for entry in entries:
        check_number(entry)
        game = existing.get(entry.number)
        if entry.clear or entry.blank:
            if entry.clear and (entry.winner_ids or entry.scores):
                checked_winners(entry, card_game, variant, seated)  # a cleared row still holds nothing foreign
            if game is not None and entry.clear:
                _check_version(entry, game, wanted=None)
                plan.append((entry, game, None))
            continue
        winner_ids = checked_winners(entry, card_game, variant, seated)
        if not winner_ids:
            raise DomainError(_no_winner(card_game, entry.number), field=_row(entry))
        if game is None or not _same(game, winner_ids, entry.scores):
            if absent is None:
                absent = absent_at(session, data, table)
            refuse_absent_winners(data, absent, entry.number, winner_ids, _row(entry))
        if game is not None:
            _check_version(entry, game, wanted=(winner_ids, entry.scores))
        elif entry.version is not None:
            raise Conflict(T("Game {number} at table {table} was removed meanwhile. Reload the page and check.",
                             number=entry.number, table=table.number), field=_row(entry))
        plan.append((entry, game, winner_ids))

    check_room_for_games(session, data, sum(1 for _entry, game, winners in plan if game is None and winners))
    result = SaveResult([], [], [])
    players = data.players

    def log(action: str, number: int, old: str | None, new: str | None) -> None:
        audit.log(session, data.event.id, actor, action, f"game {number}", round_number=data.round.number,
                  table_number=table.number, old=old, new=new)

    for entry, game, winners in plan:
        if winners is None:
            assert game is not None
            log("game removed", entry.number, describe(game.winner_ids, game.scores, players), None)
            session.delete(game)
            result.removed.append(entry.number)
        elif game is not None and _same(game, winners, entry.scores):
            result.unchanged.append(entry.number)
        elif game is not None:
            log("game changed", entry.number, describe(game.winner_ids, game.scores, players),
                describe(winners, entry.scores, players))
            if game.sheet is not None:
                # The typed result now stands; a sheet adding up to another result would contradict it.
                log("scoresheet dropped", entry.number, f"{len(game.sheet)} entries on the scorer",
                    "the result typed on the results form")
                game.sheet = None
            game.set_result(winners, entry.scores)
            game.version += 1
            if table_agreement.after_save(game, data.event.table_agreement, actor):
                log("dispute settled", entry.number, None, "result changed")
            result.saved.append(entry.number)
            result.changed.append(entry.number)
        else:
            log("game recorded", entry.number, None, describe(winners, entry.scores, players))
            new = Game(round_id=data.round.id, table_id=table.id, number=entry.number, version=1)
            new.set_result(winners, entry.scores)
            table_agreement.after_save(new, data.event.table_agreement, actor)
            session.add(new)
            result.saved.append(entry.number)
    return result


def check_room_for_games(session: Session, data: RoundData, new_games: int) -> None:
    """An event stops at MAX_GAMES_PER_EVENT games, so its event file can always be imported."""
    if not new_games:
        return
    recorded = session.scalars(
        select(func.count(Game.id)).join(Round, Game.round_id == Round.id).where(Round.event_id == data.event.id)).one()
    if recorded + new_games > MAX_GAMES_PER_EVENT:
        raise DomainError(T("This event already holds {count} games, the most one event keeps ({most}). "
                            "Start a new event (Duplicate on the event page) to go on.",
                            count=format(recorded, ","), most=format(MAX_GAMES_PER_EVENT, ",")))


def _current_games(session: Session, data: RoundData, table: Table) -> list[Game]:
    """Read again under the lock: another device may have saved a game since the page loaded."""
    return load_table_games(session, data.round, table, fresh=True)


def _check_version(entry: GameEntry, game: Game,
                   wanted: tuple[frozenset[int], dict[int, int] | None] | None) -> None:
    """A stale copy is refused, unless it asks for exactly what is stored (a repeated submit)."""
    if entry.version == game.version:
        return
    if wanted is not None and _same(game, *wanted):
        return
    raise Conflict(T("Game {number} at this table was changed by someone else since this page was opened. "
                     "Reload the page to see the current result, then enter your change again.",
                     number=entry.number), field=_row(entry))
