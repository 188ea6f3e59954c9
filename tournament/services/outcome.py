"""A round's outcome, computed here and only here: the results pages, the close preview, the
projector, moves.csv and the standings' rounds won all read ``round_outcome``.

Rules:
- A round's ranking, round winner and the moves its ranking calls for depend only on that
  round's seats and games, never on anyone's current status: a player who withdraws later stays
  in the results of the rounds she played, with her games. A player withdrawn while a round
  runs keeps her seat and games in that round, so she is ranked there like everyone else and
  takes her place in its moves; she is simply not seated in the next round ("out"). Nobody else
  moves in her stead.
- A table whose games name no winner reported no game: no round winner, nobody there moves (the
  core's rule, ``plan_round``'s ``reported``).
- Once the next round has seats, what a closed round's page shows as each player's move is what
  happened: the table she sits at in the next round (seats moved by hand included), or "out".
  When that differs from what the ranking calls for, a sentence beside it says why: moved by
  hand, not seated, or a correction made after the next round had started.
- A player the organiser marked absent for the round is not ranked and keeps her table (the
  core's rule, ``plan_round``'s ``absent``); one who won a game at her table was there after
  all, and is ranked.

Pure functions over plain values (names and table numbers), so the database pages and the
exported document give the same answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace

from ..core.i18n import Name, T, Text
from ..core.movement import (
    WARN_ABOVE,
    WARN_BELOW,
    Direction,
    Move,
    RoundPlan,
    TableResult,
    guide_movers,
    plan_round,
    size_warnings,
)

OUT = "out"


@dataclass(frozen=True, slots=True)
class PlayerMove:
    """One line of a table's result. ``direction``/``to_table`` are what is shown: what
    happened once the next round has seats, otherwise what the ranking calls for."""

    player: str
    from_table: int
    games: int
    winner: bool
    ranked: Move  # what the ranking calls for
    to_table: int | None  # None: not seated in the next round
    direction: str  # "up", "down", "stay" or "out"
    manual: bool  # the next round's seat was set by hand
    note: Text | None  # why the move shown differs from the ranking's
    absent: bool = False  # absent for the round: not ranked, kept her table

    @property
    def reason(self) -> Text | None:
        """The top/bottom-table explanation, when it is the move that happened."""
        return self.ranked.reason if self.note is None else None


@dataclass(frozen=True, slots=True)
class TableOutcome:
    result: TableResult
    rows: tuple[PlayerMove, ...]  # ranking order

    @property
    def table(self) -> int:
        return self.result.table


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    number: int
    plan: RoundPlan
    tables: tuple[TableOutcome, ...]  # bottom table first
    next_sizes: Mapping[int, int] | None  # the next round's seating, when it exists
    next_started: bool

    @property
    def rows(self) -> tuple[PlayerMove, ...]:
        return tuple(row for table in self.tables for row in table.rows)

    def destinations(self) -> dict[str, int]:
        """Where the ranking sends every player who sat in the round (used to plan the next)."""
        return self.plan.destinations()

    def winners(self) -> dict[int, str]:
        """Table number -> round winner; tables that reported no game have none."""
        return {t.table: t.result.winner for t in self.tables if t.result.winner is not None}

    def unreported(self) -> list[int]:
        """Tables with players that reported no game."""
        return [t.table for t in self.tables if t.rows and not t.result.reported]

    def size_warnings(self, fewest: int = WARN_BELOW, most: int = WARN_ABOVE) -> tuple[Text, ...]:
        if self.next_sizes is None:
            return self.plan.size_warnings(fewest, most)
        return size_warnings(self.next_sizes, fewest, most, verb="has")


def round_outcome(
    number: int,
    tables: Iterable[int],
    seats: Mapping[str, int],
    winners: Iterable[tuple[int, Collection[str]]],
    next_seats: Mapping[str, tuple[int, bool]] | None = None,
    next_started: bool = False,
    leaving: Collection[str] = (),
    movers: Callable[[int], int] = guide_movers,
    absent: Collection[str] = (),
) -> RoundOutcome:
    """``seats``: player -> table in round ``number``; ``winners``: (table, its winners) per game
    (one winner, or several for a game won by a partnership; empty for a game without winner):
    each winner seated at that table gets the game, and a table with such a game has reported;
    ``next_seats``: player -> (table, seated by hand) in round ``number + 1`` if it exists.
    ``leaving``: for a round not closed yet (no next round), players who will not be seated
    next round (withdrawn or observing); they are ranked all the same and shown as "out".
    ``movers``: the event's game's ``CardGame.movers`` (how many move up and down per table).
    ``absent``: players marked absent for the round (a seated one who won no game there)."""
    won: Counter[str] = Counter()
    reported: set[int] = set()
    for table, game_winners in winners:
        if isinstance(game_winners, str):  # would read as its letters
            raise TypeError(f"the winners of a game are a collection of names, not the text {game_winners!r}")
        for winner in game_winners:
            if seats.get(winner) == table:
                won[winner] += 1
                reported.add(table)
    by_table: dict[int, dict[str, int]] = {t: {} for t in tables}
    for player, table in seats.items():
        by_table.setdefault(table, {})[player] = won[player]
    away = {player for player in absent if player in seats and not won[player]}
    plan = plan_round(by_table, reported=reported, movers=movers, absent=away)
    outcomes = tuple(
        TableOutcome(result, tuple(_row(number, result, move, won[move.player], next_seats, next_started, leaving)
                                   for move in result.moves))
        for result in plan.tables
    )
    sizes = None
    if next_seats is not None:
        sizes = {t: 0 for t in by_table}
        for table, _manual in next_seats.values():
            sizes[table] = sizes.get(table, 0) + 1
    return RoundOutcome(number, plan, outcomes, sizes, next_started)


def _direction(from_table: int, to_table: int | None) -> str:
    if to_table is None:
        return OUT
    if to_table == from_table:
        return Direction.STAY.value
    return (Direction.UP if to_table > from_table else Direction.DOWN).value


# Why the seat shown differs from the ranking's move: one whole sentence per case and per what
# the ranking did (kept the player, sent them up, sent them down); ``_difference`` fills them in.
_DIFFERENCES: dict[str, dict[Direction, Text]] = {
    "was by hand": {
        Direction.STAY: T("{player} was seated at table {table} by hand for round {n}; "
                          "the ranking kept {player} at table {ranked}."),
        Direction.UP: T("{player} was seated at table {table} by hand for round {n}; "
                        "the ranking sent {player} up to table {ranked}."),
        Direction.DOWN: T("{player} was seated at table {table} by hand for round {n}; "
                          "the ranking sent {player} down to table {ranked}."),
    },
    "is by hand": {
        Direction.STAY: T("{player} is seated at table {table} by hand for round {n}; "
                          "the ranking kept {player} at table {ranked}."),
        Direction.UP: T("{player} is seated at table {table} by hand for round {n}; "
                        "the ranking sent {player} up to table {ranked}."),
        Direction.DOWN: T("{player} is seated at table {table} by hand for round {n}; "
                          "the ranking sent {player} down to table {ranked}."),
    },
    "already played": {
        Direction.STAY: T("After the correction the ranking would have kept {player} at table {ranked}; "
                          "{player} had already played round {n} at table {table}."),
        Direction.UP: T("After the correction the ranking would have sent {player} up to table {ranked}; "
                        "{player} had already played round {n} at table {table}."),
        Direction.DOWN: T("After the correction the ranking would have sent {player} down to table {ranked}; "
                          "{player} had already played round {n} at table {table}."),
    },
    "seated": {
        Direction.STAY: T("The ranking kept {player} at table {ranked}; "
                          "{player} is seated at table {table} for round {n}."),
        Direction.UP: T("The ranking sent {player} up to table {ranked}; "
                        "{player} is seated at table {table} for round {n}."),
        Direction.DOWN: T("The ranking sent {player} down to table {ranked}; "
                          "{player} is seated at table {table} for round {n}."),
    },
}


def _row(number: int, result: TableResult, move: Move, games: int,
         next_seats: Mapping[str, tuple[int, bool]] | None, started: bool,
         leaving: Collection[str]) -> PlayerMove:
    row = _moved(number, result, move, games, next_seats, started, leaving)
    return replace(row, absent=True) if move.player in result.absent else row


def _moved(number: int, result: TableResult, move: Move, games: int,
           next_seats: Mapping[str, tuple[int, bool]] | None, started: bool,
           leaving: Collection[str]) -> PlayerMove:
    winner = move.player == result.winner
    if next_seats is None and move.player in leaving:
        return PlayerMove(move.player, move.from_table, games, winner, move, None, OUT, False,
                          T("{player} is no longer playing, so will not be seated in round {n}; "
                            "nobody moves in that place.", player=Name(move.player), n=number + 1))
    if next_seats is None:
        return PlayerMove(move.player, move.from_table, games, winner, move, move.to_table,
                          move.direction.value, False, None)
    to_table, manual = next_seats.get(move.player, (None, False))
    note = None
    if to_table != move.to_table:
        note = _difference(number + 1, move, to_table, manual, started)
    return PlayerMove(move.player, move.from_table, games, winner, move, to_table,
                      _direction(move.from_table, to_table), manual, note)


def _difference(following: int, move: Move, to_table: int | None, manual: bool, started: bool) -> Text:
    name = Name(move.player)
    if to_table is None:
        if started:
            return T("{player} did not play round {n}.", player=name, n=following)
        return T("{player} is not seated in round {n}.", player=name, n=following)
    case = ("was by hand" if started else "is by hand") if manual else ("already played" if started else "seated")
    return Text(_DIFFERENCES[case][move.direction].msgid,
                {"player": name, "table": to_table, "ranked": move.to_table, "n": following})
