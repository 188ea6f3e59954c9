"""Builds a large played event straight through the services (no HTTP), quickly: games are
bulk-inserted per round, while seating, closing and movement go through the real services so
the seats are exactly what the app itself would have produced."""

from __future__ import annotations

import os
from dataclasses import dataclass

from sqlalchemy import insert, select

from tournament import create_app, db
from tournament.core.limits import MAX_ROUNDS
from tournament.models import Event, Game, GameResult
from tournament.services import accounts, events, players, rounds
from tournament.services import tables as table_service
from tournament.services.round_data import load_round

USERNAME, PASSWORD = "teacher", "correct horse"


@dataclass
class Built:
    event_id: int
    projector_token: str
    table_tokens: dict[int, str]  # table number -> phone token


def app_for(url: str, instance: str):
    os.environ["TOURNAMENT_INSTANCE_PATH"] = instance
    try:
        return create_app({"SECRET_KEY": "benchmark", "DATABASE_URL": url})
    finally:
        del os.environ["TOURNAMENT_INSTANCE_PATH"]


def winners_for(data, table, round_number: int, games: int) -> list[int]:
    """Spread over the table, different each round, so moves and ties vary as in a real event."""
    seated = data.seated_at(table)
    return [seated[(table.number * 7 + round_number * 3 + g * g) % len(seated)].id for g in range(games)]


def record_round(session, data, games: int) -> None:
    won = {(table.id, n): winner for table in data.tables if data.seated_at(table)
           for n, winner in enumerate(winners_for(data, table, data.round.number, games), start=1)}
    if won:
        session.execute(insert(Game), [{"round_id": data.round.id, "table_id": table_id, "number": n, "version": 1}
                                       for table_id, n in won])
        ids = dict(((t, n), i) for t, n, i in session.execute(
            select(Game.table_id, Game.number, Game.id).where(Game.round_id == data.round.id)))
        session.execute(insert(GameResult), [{"game_id": ids[key], "player_id": winner, "score": None, "won": True}
                                             for key, winner in won.items()])
    session.commit()


def build_event(url: str, instance: str, tables: int, seats: int = 5, closed_rounds: int = 10,
                games: int = 3, name: str = "Benchmark") -> Built:
    """`tables` tables of `seats` players; `closed_rounds` rounds played and closed, so the
    next round is planned (not started)."""
    app = app_for(url, instance)
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, USERNAME, PASSWORD)
        # As many rounds as an event may have: the benchmarks, the load and the crash test play
        # and close rounds beyond the closed ones (the crash test one per committed close), and a
        # close that ended the tournament would plan no next seating.
        event = events.create_event(session, name, planned_rounds=MAX_ROUNDS)
        # Likewise the player cap (the 600-table event holds 3000 players).
        players.MAX_PLAYERS = max(players.MAX_PLAYERS, tables * seats)
        players.add_players(session, event, "\n".join(f"Player {n:04d}" for n in range(tables * seats)))
        # The organiser's form stops at MAX_TABLES; the growth test goes past it on purpose.
        table_service.MAX_TABLES = max(table_service.MAX_TABLES, tables)
        table_service.set_table_count(session, event, tables)
        for number in range(1, closed_rounds + 1):
            rounds.start_round(session, event)
            record_round(session, load_round(session, event, number), games)
            rounds.close(session, event, number)
        event = session.get(Event, event.id)
        built = Built(event.id, event.projector_token, {t.number: t.token for t in event.tables})
    app.extensions["db_engine"].dispose()
    return built


def play_round(url: str, instance: str, event_id: int, games: int = 3) -> int:
    """Start the planned round and record every table's games; returns its number."""
    app = app_for(url, instance)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        round_ = rounds.start_round(session, event)
        record_round(session, load_round(session, event, round_.number), games)
        number = round_.number
    app.extensions["db_engine"].dispose()
    return number
