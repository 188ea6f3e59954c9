"""Load test of the LAN server: phones at every table send their games while projectors poll.

    make load                                            # 120 phones, 30 projectors, 60 s, SQLite
    .venv/bin/python benchmarks/load.py --seconds 20 --phones 10 --projectors 3
    .venv/bin/python benchmarks/load.py --database-url postgresql+psycopg://.../bench   # WIPES it
    make hall-load ARGS="--database-url postgresql+psycopg://.../bench"  # a big hall, 4 processes:
    .venv/bin/python benchmarks/load.py --hall --workers 4 --database-url ...  # the same

`flask --app tournament serve` runs in a subprocess on loopback with a temporary instance folder;
with `--workers N` it runs gunicorn with N processes (PostgreSQL only). `--hall` is 1,000
players at 250 tables of 4, one phone per table, and 50 projectors.
Passes when no request failed and the database holds exactly the games the phones were told
were saved. Bounded: the clients stop after `--seconds`, the whole run after twice that.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import build_event, play_round
from benchmarks.harness import Client, Server, percentile, prepare_database
from benchmarks.phones import Phone, Tally, check_games, start_clients


@dataclass
class LoadResult:
    seconds: float
    tally: Tally
    problems: list[str]
    games: int
    # After the load, (ETag, games shown) as the projector feed read on fresh connections,
    # which several worker processes share between them: every one must show every game.
    feeds: list[tuple[str, int]] = field(default_factory=list)

    def summary(self) -> list[str]:
        lines = []
        for kind, samples in sorted(self.tally.latencies.items()):
            lines.append(f"{kind:15} {len(samples):7d} requests {len(samples) / self.seconds:7.1f}/s   "
                         f"p50 {percentile(samples, .5):7.1f} ms  p99 {percentile(samples, .99):7.1f} ms  "
                         f"max {max(samples):7.1f} ms")
        lines.append(f"games confirmed to phones: {self.games}; errors: {len(self.tally.errors)}; "
                     f"database problems: {len(self.problems)}; "
                     f"projector feeds afterwards: {len(set(self.feeds))} distinct, "
                     f"showing {sorted({g for _, g in self.feeds})} games")
        return lines + self.tally.errors[:10] + self.problems[:10]

    @property
    def ok(self) -> bool:
        return not self.tally.errors and not self.problems and {g for _, g in self.feeds} <= {self.games}


def prepared_event(folder: Path, database_url: str | None, tables: int, seats: int = 5):
    """An event with `tables` tables of `seats` and round 1 running with no games yet."""
    url = database_url or f"sqlite:///{folder}/load.sqlite3"
    prepare_database(url)
    built = build_event(url, str(folder), tables, seats=seats, closed_rounds=0)
    number = play_round(url, str(folder), built.event_id, games=0)
    return url, built, number


def run_load(folder: Path, database_url: str | None, phones: int, projectors: int, seconds: float,
             think: float = 0.0, interval: float = 0.7, workers: int = 1, seats: int = 5,
             threads: int = 16) -> LoadResult:
    url, built, number = prepared_event(folder, database_url, phones, seats)
    server = Server(folder, url, threads=threads, workers=workers).start()
    tally, stop = Tally(), threading.Event()
    clients = [Phone(table, token) for table, token in built.table_tokens.items()]
    try:
        started = time.perf_counter()
        threads = start_clients(server.base, clients, built.projector_token, projectors, tally, stop,
                                think=think, interval=interval)
        stop.wait(seconds)
        stop.set()
        for thread in threads:
            thread.join(timeout=seconds + 30)
        elapsed = time.perf_counter() - started
        feeds = [feed_after(server.base, built.projector_token) for _ in range(4 * workers)]
    finally:
        server.stop()
    problems = check_games(url, built.event_id, number, clients)
    return LoadResult(elapsed, tally, problems, sum(len(p.acked) for p in clients), feeds)


def feed_after(base: str, projector_token: str) -> tuple[str, int]:
    """The projector feed's ETag and the number of games it shows, on a new connection."""
    client = Client(base)
    try:
        reply = client.get(f"/p/{projector_token}/feed.json")
    finally:
        client.close()
    shown = sum(row.get("games", 0) for row in json.loads(reply.body).get("seating", []))
    return reply.headers.get("etag", ""), shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    parser.add_argument("--phones", type=int, default=120, help="one phone per table")
    parser.add_argument("--projectors", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.0, help="pause between a phone's submissions")
    parser.add_argument("--interval", type=float, default=0.7, help="projector poll interval (the page's)")
    parser.add_argument("--seats", type=int, default=5, help="players per table")
    parser.add_argument("--workers", type=int, help="server processes (more than 1: gunicorn, PostgreSQL); "
                        "default 1, or 4 with --hall")
    parser.add_argument("--threads", type=int, default=16, help="server threads (per process)")
    parser.add_argument("--hall", action="store_true",
                        help="a big hall: 250 phones at tables of 4 (1,000 players), 50 projectors, 4 processes")
    args = parser.parse_args()
    if args.hall:
        args.phones, args.seats, args.projectors = 250, 4, 50
        args.workers = 4 if args.workers is None else args.workers
    args.workers = args.workers or 1
    if args.workers > 1 and not (args.database_url or "").startswith("postgresql"):
        parser.error("--workers needs --database-url postgresql+psycopg://... (several processes need PostgreSQL)")
    folder = Path(tempfile.mkdtemp(prefix="load-"))
    try:
        result = run_load(folder, args.database_url, args.phones, args.projectors, args.seconds,
                          args.think, args.interval, args.workers, args.seats, args.threads)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{args.phones} phones at tables of {args.seats}, {args.projectors} projectors, "
          f"{args.workers} process(es) x {args.threads} threads, {result.seconds:.0f} s")
    print("\n".join(result.summary()))
    print("PASS" if result.ok else "FAIL")
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
