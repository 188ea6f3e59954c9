"""Server-side time to render every printed material of a full-size event.

A 10-table, 40-player event that has played 5 rounds (three games per table per round, with
trick counts) prints its "everything" page and each round's score slips. Run:

    .venv/bin/python benchmarks/print_all.py

The target is under 2 seconds for the "everything" page; the script exits non-zero above it.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament import create_app, db
from tournament.models import Base, Event, Organiser
from tournament.services import accounts, events, players, rounds
from tournament.services import tables as table_service
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round

TABLES, PLAYERS, ROUNDS, REPEATS, LIMIT_SECONDS = 10, 40, 5, 5, 2.0


def build_event(app) -> int:
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        event = events.create_event(session, "Benchmark")
        players.add_players(session, event, "\n".join(f"Player {n:02d}" for n in range(PLAYERS)))
        table_service.set_table_count(session, event, TABLES)
        for number in range(1, ROUNDS + 1):
            rounds.start_round(session, event)
            data = load_round(session, event, number)
            for table in data.tables:
                seated = data.seated_at(table)
                entries = [
                    GameEntry(game, None, frozenset(), {p.id: (i + game) % 4 for i, p in enumerate(seated)})
                    for game in (1, 2, 3)
                ]
                record_games(session, data, table, entries)
            if number < ROUNDS:
                rounds.close(session, data.event, data.round.number)
        return event.id


def timed(client, url: str) -> tuple[float, int]:
    samples = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(samples), len(response.data)


def main() -> int:
    folder = tempfile.mkdtemp()
    os.environ["TOURNAMENT_INSTANCE_PATH"] = folder
    app = create_app({"SECRET_KEY": "benchmark", "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3"})
    Base.metadata.create_all(app.extensions["db_engine"])
    event_id = build_event(app)
    client = app.test_client()
    with app.app_context():
        organiser_id = db.session().query(Organiser).one().id
        pages = db.session().get(Event, event_id).sheet_copies
    with client.session_transaction() as session:
        session["organiser_id"] = organiser_id
    client.get(f"/events/{event_id}/print/all")  # warm up templates and QR encoder imports

    print(f"{TABLES} tables, {PLAYERS} players, {ROUNDS} rounds, {pages} sheet copies; median of {REPEATS}")
    everything, size = timed(client, f"/events/{event_id}/print/all")
    print(f"  print/all              {everything * 1000:7.1f} ms  ({size // 1024} KiB)")
    slips_total = 0.0
    for number in range(1, ROUNDS + 1):
        seconds, _ = timed(client, f"/events/{event_id}/print/slips?round={number}")
        slips_total += seconds
    print(f"  slips, all {ROUNDS} rounds    {slips_total * 1000:7.1f} ms")
    print(f"  together               {(everything + slips_total) * 1000:7.1f} ms (limit {LIMIT_SECONDS:.0f} s)")
    return 0 if everything + slips_total < LIMIT_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
