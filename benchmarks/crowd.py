"""A lecture hall: the table plan and the planned round's seating page at thousands of players.

    .venv/bin/python -m benchmarks.crowd                 # 1,000 and 5,000 players, SQLite temp file
    .venv/bin/python -m benchmarks.crowd --players 1000 --database-url postgresql+psycopg://.../bench

Per size: players are pasted, the table plan is made (and reshuffled) through the services and
timed; round 1 is played and closed, then the planned round 2's seating page is fetched through
the real waitress server. Targets: the seating page under 1 s at 1,000 players, and both times
growing about in proportion to the players (no more than 8x from 1,000 to 5,000;
quadratic work would be 25x). Exit code 1 when one
is missed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import PASSWORD, USERNAME, app_for, record_round
from benchmarks.harness import Client, Server, prepare_database
from tournament import db
from tournament.models import Event
from tournament.services import accounts, events, players, rounds
from tournament.services import tables as table_service
from tournament.services.round_data import load_round

SEATING_TARGET_S = 1.0  # at 1,000 players
GROWTH_LIMIT = 8.0  # 5x the players may cost at most 8x the time (quadratic work would be 25x)


def build(url: str, folder: str, count: int) -> tuple[int, float, float]:
    """Returns the event id and the seconds taken by the table plan and by a reshuffle."""
    app = app_for(url, folder)
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, USERNAME, PASSWORD)
        event = events.create_event(session, "Lecture hall")
        players.add_players(session, event, "\n".join(f"Student {n:05d}" for n in range(count)))
        started = time.perf_counter()
        table_service.set_table_count(session, event, None)
        plan = time.perf_counter() - started
        started = time.perf_counter()
        table_service.set_table_count(session, event, None)  # "Remake plan and shuffle", field left empty
        shuffle = time.perf_counter() - started
        rounds.start_round(session, event)
        record_round(session, load_round(session, event, 1), 3)
        rounds.close(session, event, 1)
        event_id = session.get(Event, event.id).id
    app.extensions["db_engine"].dispose()
    return event_id, plan, shuffle


def measure(count: int, database_url: str | None, repeats: int) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix=f"crowd-{count}-"))
    url = database_url or f"sqlite:///{folder}/crowd.sqlite3"
    try:
        prepare_database(url)
        event_id, plan, shuffle = build(url, str(folder), count)
        server = Server(folder, url).start()
        try:
            client = Client(server.base, timeout=120.0)
            client.login(USERNAME, PASSWORD)
            samples = []
            for _ in range(repeats):
                started = time.perf_counter()
                reply = client.get(f"/events/{event_id}/rounds/2/seats")
                samples.append(time.perf_counter() - started)
                if reply.status != 200:
                    raise AssertionError(f"seating page: {reply.status}")
            client.close()
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"table plan": plan, "reshuffle": shuffle, "seating page": sorted(samples)[len(samples) // 2]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--repeats", type=int, default=5, help="seating page requests per size")
    args = parser.parse_args()
    results = {}
    for count in args.players:
        print(f"{count} players ...", flush=True)
        results[count] = measure(count, args.database_url, args.repeats)
    print(f"\n{'seconds':16}" + "".join(f"{f'{n} players':>16}" for n in results))
    for name in ("table plan", "reshuffle", "seating page"):
        print(f"{name:16}" + "".join(f"{figures[name]:16.2f}" for figures in results.values()))
    misses = []
    if 1000 in results and results[1000]["seating page"] > SEATING_TARGET_S:
        misses.append(f"seating page at 1,000 players: {results[1000]['seating page']:.2f} s (target < 1 s)")
    if 1000 in results and 5000 in results:
        for name in ("table plan", "seating page"):
            growth = results[5000][name] / results[1000][name]
            if growth > GROWTH_LIMIT:
                misses.append(f"{name}: {growth:.1f}x from 1,000 to 5,000 players (limit {GROWTH_LIMIT:.0f}x)")
    for miss in misses:
        print("MISSED", miss)
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
