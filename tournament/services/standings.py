"""Standings, always derived from the recorded seats and games (nothing is stored, so
nothing can drift). Five statements, whatever the size of the event. A round won is a
round winner as ``services.outcome`` decides it, the same function every results page reads."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

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


def compute_standings(session: Session, event: Event) -> Standings:
    """Ordered by games won, then rounds won; equal players alphabetically (the tie rule)."""
    rounds = list(session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))
    table_numbers = list(session.scalars(select(Table.number).where(Table.event_id == event.id)))
    players = list(session.scalars(select(Player).where(Player.event_id == event.id)))
    seats = session.execute(
        select(Seat.player_id, Seat.round_id, Table.number, Seat.presence)
        .join(Table, Seat.table_id == Table.id)
        .join(Round, Seat.round_id == Round.id)
        .where(Round.event_id == event.id)
    ).all()
    wins = session.execute(
        select(Game.round_id, Game.table_id, GameResult.player_id, Table.number)
        .join(GameResult, GameResult.game_id == Game.id)
        .join(Table, Game.table_id == Table.id)
        .join(Round, Game.round_id == Round.id)
        .where(Round.event_id == event.id, GameResult.won)
    ).all()

    number_of = {r.id: r.number for r in rounds}
    played = {r.id for r in rounds if r.state is not RoundState.PLANNED}
    played_numbers = {number_of[round_id] for round_id in played}
    closed = {r.id for r in rounds if r.state is RoundState.CLOSED}
    rows = {p.id: PlayerStanding(p) for p in players}

    seats_of: dict[int, dict[str, int]] = defaultdict(dict)  # round -> player name -> table
    absent_of: dict[int, set[str]] = defaultdict(set)  # round -> names marked absent
    for player_id, round_id, table_number, presence in seats:
        row = rows[player_id]
        row.path[number_of[round_id]] = table_number
        seats_of[round_id][row.player.name] = table_number
        if presence is Presence.ABSENT and round_id in played:
            row.absent_in.append(number_of[round_id])
            absent_of[round_id].add(row.player.name)
    for row in rows.values():
        row.absent_in.sort()
    for row in rows.values():
        if row.path and row.player.status is PlayerStatus.SEATED:
            row.current_table = row.path[max(row.path)]
        reached = [table for number, table in row.path.items() if number in played_numbers]
        if row.current_table is not None:
            reached.append(row.current_table)
        row.highest_table = max(reached, default=None)
    won = Counter((round_id, winner_id) for round_id, _t, winner_id, _n in wins)
    for (round_id, player_id), count in won.items():
        rows[player_id].games_won += count
        rows[player_id].games_by_round[number_of[round_id]] = count
    # One (table, (winner,)) per winning row: a game of several winners counts for each of
    # them exactly as if each had won a game of their own, which is all round_outcome reads.
    winners_of: dict[int, list[tuple[int, tuple[str, ...]]]] = defaultdict(list)
    for round_id, _t, winner_id, table_number in wins:
        winners_of[round_id].append((table_number, (rows[winner_id].player.name,)))
    by_name = {row.player.name: row for row in rows.values()}
    tables_key = tuple(sorted(table_numbers))
    for round_ in rounds:
        if round_.id in closed:
            for winner in _round_winners(round_.number, tables_key, tuple(sorted(seats_of[round_.id].items())),
                                         tuple(sorted(winners_of[round_.id])), tuple(sorted(absent_of[round_.id]))):
                by_name[winner].rounds_won += 1

    ordered = sorted(
        (r for r in rows.values() if r.path or r.player.status is PlayerStatus.SEATED),
        key=lambda r: (-r.games_won, -r.rounds_won, name_key(r.player.name)),
    )
    return Standings(rounds, ordered)


@lru_cache(maxsize=64)  # two events of MAX_ROUNDS rounds; a key holds one round's seats
def _round_winners(number: int, tables: tuple[int, ...], seats: tuple[tuple[str, int], ...],
                   winners: tuple[tuple[int, tuple[str, ...]], ...],
                   absent: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The round winners ``round_outcome`` names for exactly these seats and games.

    Standings ask again for every closed round after any change to the event (a phone's result,
    a rename), and planning a round is most of their cost. The answer depends on nothing but
    these arguments, so an unchanged round is planned once per process; a corrected game or a
    renamed player is a different key and is planned afresh."""
    return tuple(round_outcome(number, tables, dict(seats), winners, absent=absent).winners().values())
