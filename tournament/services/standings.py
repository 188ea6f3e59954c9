"""Standings, always derived from the recorded seats and games (nothing is stored, so
nothing can drift). Five statements, whatever the size of the event. A round won is a
round winner as ``services.outcome`` decides it, the same function every results page reads.

Every screen asks for the standings right after each change, and most changes touch one round
(a phone's result in the running one). So each round's part (where its players sat, the games
they won, who was absent, who won the round) is kept per process under exactly the rows it was
made from (`_round_part`): an unchanged round is summed, not worked out again, and a corrected,
renamed or reseated round is a different key and is worked out afresh. What is summed is the
same whether the parts were kept or not (`tests/app/test_standings_incremental_equals_full_rebuild.py`)."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.names import name_key
from ..models import Event, Game, GameResult, Player, PlayerStatus, Presence, Round, RoundState, Seat, Table
from .outcome import round_outcome


@dataclass
class PlayerStanding:
    """`current_table`: where the player sits now, or next when the next round is planned (None
    once withdrawn or observing). `highest_table`: the highest table played at or reached."""

    player: Player
    games_won: int = 0
    rounds_won: int = 0
    current_table: int | None = None
    highest_table: int | None = None
    path: dict[int, int] = field(default_factory=dict)  # round number -> table number
    games_by_round: dict[int, int] = field(default_factory=dict)
    absent_in: list[int] = field(default_factory=list)  # rounds marked absent, in order


@dataclass
class Standings:
    rounds: list[Round]
    rows: list[PlayerStanding]

    @property
    def played_rounds(self) -> list[Round]:
        return [r for r in self.rounds if r.state is not RoundState.PLANNED]


@dataclass(frozen=True, eq=False)  # one part is one kept object: totals are kept by which parts they add
class RoundPart:
    """One round's share of the standings, by player id."""

    tables: dict[int, int]  # player -> table number
    absent: frozenset[int]  # players marked absent (a played round only)
    games: dict[int, int]  # player -> games won
    winners: tuple[int, ...]  # round winners (a closed round only)


SeatRows = tuple[tuple[Any, ...], ...]  # (round, player, table id, presence) as the driver gives them
WinRows = tuple[tuple[Any, ...], ...]  # (round, table id, winning player), one per winning result
ABSENT = Presence.ABSENT.value  # as stored: the rows come from the driver, unconverted


def compute_standings(session: Session, event: Event) -> Standings:
    """Ordered by games won, then rounds won; equal players alphabetically (the tie rule)."""
    rounds = list(session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))
    tables = tuple(sorted((i, n) for i, n in session.execute(
        select(Table.id, Table.number).where(Table.event_id == event.id))))
    players = list(session.scalars(select(Player).where(Player.event_id == event.id).order_by(Player.id)))
    seat, game, result = Seat.__table__.c, Game.__table__.c, GameResult.__table__.c
    in_event = Round.__table__.c.event_id == event.id
    seats = _driver_rows(session, select(seat.round_id, seat.player_id, seat.table_id, seat.presence)
                         .join_from(Seat.__table__, Round.__table__).where(in_event))
    wins = _driver_rows(session, select(game.round_id, game.table_id, result.player_id)
                        .join_from(GameResult.__table__, Game.__table__).join(Round.__table__)
                        .where(in_event, result.won))

    # Each round's rows, in the order they came (round by round, as the indexes give them): the
    # same rows in the same order are the same key; another order is only another key.
    seats_of: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for round_id, group in groupby(seats, itemgetter(0)):
        seats_of[round_id].extend(group)
    wins_of: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for round_id, group in groupby(wins, itemgetter(0)):
        wins_of[round_id].extend(group)
    names = tuple((p.id, p.name) for p in players)
    parts = [(round_, _round_part(round_.number, round_.state, tables, tuple(seats_of.get(round_.id, ())),
                                  tuple(wins_of.get(round_.id, ())),
                                  names if round_.state is RoundState.CLOSED else ()))
             for round_ in rounds]

    totals = _closed_totals(tuple((r.number, part) for r, part in parts if r.state is RoundState.CLOSED))
    rows = {}
    for player in players:
        row = rows[player.id] = PlayerStanding(player)
        kept = totals.get(player.id)
        if kept is not None:  # copied: the kept totals serve every request after this one
            row.games_won, row.rounds_won = kept.games_won, kept.rounds_won
            row.path, row.games_by_round = dict(kept.path), dict(kept.games_by_round)
            row.absent_in = list(kept.absent_in)
    reached: dict[int, list[int]] = defaultdict(list)  # player -> tables of the other played rounds
    for round_, part in parts:
        if round_.state is not RoundState.CLOSED:
            _add(rows, round_.number, part)
            if round_.state is not RoundState.PLANNED:
                for player_id, table_number in part.tables.items():
                    reached[player_id].append(table_number)
                for player_id in part.absent:
                    rows[player_id].absent_in.sort()  # a running round may come before a closed one

    for row in rows.values():
        path = row.path
        if path and row.player.status is PlayerStatus.SEATED:
            row.current_table = path[max(path)]
        tables_reached = reached.get(row.player.id, [])
        kept = totals.get(row.player.id)
        if kept is not None and kept.highest_table is not None:
            tables_reached.append(kept.highest_table)
        if row.current_table is not None:
            tables_reached.append(row.current_table)
        row.highest_table = max(tables_reached, default=None)

    ordered = sorted(
        (r for r in rows.values() if r.path or r.player.status is PlayerStatus.SEATED),
        key=lambda r: (-r.games_won, -r.rounds_won, name_key(r.player.name)),
    )
    return Standings(rounds, ordered)


def _add(rows: dict[int, PlayerStanding], number: int, part: RoundPart) -> None:
    """Round ``number``'s part added to the rows."""
    for player_id, table_number in part.tables.items():
        rows[player_id].path[number] = table_number
    for player_id in part.absent:
        rows[player_id].absent_in.append(number)
    for player_id, count in part.games.items():
        row = rows[player_id]
        row.games_won += count
        row.games_by_round[number] = count
    for player_id in part.winners:
        rows[player_id].rounds_won += 1


@dataclass
class _Totals:
    """A player's standing over the closed rounds only."""

    games_won: int = 0
    rounds_won: int = 0
    highest_table: int | None = None
    path: dict[int, int] = field(default_factory=dict)
    games_by_round: dict[int, int] = field(default_factory=dict)
    absent_in: list[int] = field(default_factory=list)


_totals: dict[tuple[tuple[int, RoundPart], ...], dict[int, _Totals]] = {}
TOTALS_KEPT = 8  # the closed rounds as they are, and as they were before the last few corrections


def _closed_totals(closed: tuple[tuple[int, RoundPart], ...]) -> dict[int, _Totals]:
    """Every player's totals over these closed rounds' parts, by player id, added up once for
    the same parts: a result in the running round leaves them as they were."""
    totals = _totals.get(closed)
    if totals is None:
        rows: dict[int, Any] = defaultdict(_Totals)
        for number, part in closed:
            _add(rows, number, part)
        for kept in rows.values():
            kept.highest_table = max(kept.path.values(), default=None)
        totals = dict(rows)
        with _parts_lock:
            if len(_totals) >= TOTALS_KEPT:
                _totals.clear()
            _totals[closed] = totals
    return totals


# Two events of MAX_ROUNDS rounds, with room for the keys a change leaves behind (the running
# round's part before and after each result, a closed round before and after a correction).
PARTS_KEPT = 256
_parts: dict[tuple[Any, ...], RoundPart] = {}
_parts_lock = threading.Lock()


def _driver_rows(session: Session, statement: Any) -> list[tuple[Any, ...]]:
    """The rows as the driver returns them (plain tuples, a boolean perhaps 0 or 1): a Row
    object per row cost as much as the query for a lecture hall's thousands of seats."""
    result = session.connection().execute(statement)
    try:
        # The drivers (sqlite3, psycopg) fetch a list; the DB-API annotation promises a Sequence.
        return cast(list[tuple[Any, ...]], result.cursor.fetchall())
    finally:
        result.close()


def _round_part(number: int, state: RoundState, tables: tuple[tuple[int, int], ...], seats: SeatRows, wins: WinRows,
                names: tuple[tuple[int, str], ...]) -> RoundPart:
    """The part of round ``number`` for exactly these rows: kept, or worked out and kept.

    The key is every value the part is made from, compared in full, so a kept part is the
    one a rebuild would make. Round winners (``names`` given: a closed round) break ties by
    name, so a renamed player makes every closed round a new key."""
    key = (number, state, tables, seats, wins, names)
    part = _parts.get(key)
    if part is None:
        part = _make_part(number, state, tables, seats, wins, dict(names))
        with _parts_lock:
            if len(_parts) >= PARTS_KEPT:
                _parts.clear()  # a new event or a long day: start again, one rebuild per round
            _parts[key] = part
    return part


def forget_parts() -> None:
    """Drop every kept round part (and round plan): the next standings are a full rebuild."""
    with _parts_lock:
        _parts.clear()
        _totals.clear()
    _round_winners.cache_clear()


def _make_part(number: int, state: RoundState, tables: tuple[tuple[int, int], ...], seats: SeatRows,
               wins: WinRows, names: dict[int, str]) -> RoundPart:
    number_of = dict(tables)
    played = state is not RoundState.PLANNED
    games: dict[int, int] = defaultdict(int)
    for _round, _table, player_id in wins:
        games[player_id] += 1
    absent = frozenset(p for _r, p, _t, presence in seats if presence == ABSENT) if played else frozenset()
    winners: tuple[int, ...] = ()
    if state is RoundState.CLOSED:
        id_of = {name: player_id for player_id, name in names.items()}
        # One (table, (winner,)) per winning row: a game of several winners counts for each of
        # them exactly as if each had won a game of their own, which is all round_outcome reads.
        won = _round_winners(number, tuple(sorted(number_of.values())),
                             tuple(sorted((names[p], number_of[t]) for _r, p, t, _a in seats)),
                             tuple(sorted((number_of[t], (names[p],)) for _r, t, p in wins)),
                             tuple(sorted(names[p] for p in absent)))
        winners = tuple(id_of[name] for name in won)
    return RoundPart({p: number_of[t] for _r, p, t, _a in seats}, absent, dict(games), winners)


@lru_cache(maxsize=64)  # two events of MAX_ROUNDS rounds; a key holds one round's seats
def _round_winners(number: int, tables: tuple[int, ...], seats: tuple[tuple[str, int], ...],
                   winners: tuple[tuple[int, tuple[str, ...]], ...],
                   absent: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The round winners ``round_outcome`` names for exactly these seats and games.

    A rename makes every closed round's part a new key, though the winners' names are all that
    changed; here the plan itself is kept by names, so a name changed back (or a part dropped
    by a full cache) is not planned again."""
    return tuple(round_outcome(number, tables, dict(seats), winners, absent=absent).winners().values())
