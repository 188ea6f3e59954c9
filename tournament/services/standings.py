"""Standings, always derived from the recorded seats and games (nothing is stored, so
nothing can drift). Four statements, whatever the size of the event."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core import rank_players
from ..core.names import name_key
from ..models import Event, Game, Player, PlayerStatus, Round, RoundState, Seat, Table


@dataclass
class PlayerStanding:
    player: Player
    games_won: int = 0
    rounds_won: int = 0
    current_table: int | None = None
    highest_table: int | None = None
    path: dict[int, int] = field(default_factory=dict)  # round number -> table number
    games_by_round: dict[int, int] = field(default_factory=dict)


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
    players = list(session.scalars(select(Player).where(Player.event_id == event.id)))
    seats = session.execute(
        select(Seat.player_id, Seat.round_id, Table.number)
        .join(Table, Seat.table_id == Table.id)
        .join(Round, Seat.round_id == Round.id)
        .where(Round.event_id == event.id)
    ).all()
    wins = session.execute(
        select(Game.round_id, Game.table_id, Game.winner_id, Table.number)
        .join(Table, Game.table_id == Table.id)
        .join(Round, Game.round_id == Round.id)
        .where(Round.event_id == event.id, Game.winner_id.is_not(None))
    ).all()

    number_of = {r.id: r.number for r in rounds}
    played = {r.id for r in rounds if r.state is not RoundState.PLANNED}
    closed = {r.id for r in rounds if r.state is RoundState.CLOSED}
    rows = {p.id: PlayerStanding(p) for p in players}

    at_table: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)  # (round, table) -> player -> wins
    for player_id, round_id, table_number in seats:
        row = rows[player_id]
        row.path[number_of[round_id]] = table_number
        if round_id in played:
            row.highest_table = max(row.highest_table or 0, table_number)
            at_table[(round_id, table_number)][player_id] = 0
    for row in rows.values():
        row.current_table = row.path[max(row.path)] if row.path else None
    won = Counter((round_id, winner_id) for round_id, _t, winner_id, _n in wins)
    for (round_id, player_id), count in won.items():
        rows[player_id].games_won += count
        rows[player_id].games_by_round[number_of[round_id]] = count
    for (round_id, table_number), members in at_table.items():
        if round_id not in closed:
            continue
        games = {rows[pid].player.name: won[(round_id, pid)] for pid in members}
        if games:
            winner_name = rank_players(games)[0]
            winner = next(pid for pid in members if rows[pid].player.name == winner_name)
            rows[winner].rounds_won += 1

    ordered = sorted(
        (r for r in rows.values() if r.path or r.player.status is PlayerStatus.SEATED),
        key=lambda r: (-r.games_won, -r.rounds_won, name_key(r.player.name)),
    )
    return Standings(rounds, ordered)
