"""Server-side time of a round close at a given size, against /health, without a network.

    .venv/bin/python scripts/time_close.py                    # SQLite temp file, 120 tables
    .venv/bin/python scripts/time_close.py --tables 12 --closes 9 --profile close.html
    .venv/bin/python scripts/time_close.py --database-url postgresql+psycopg://.../bench  # WIPES it

Builds the benchmark event (benchmarks/build.py: 10 closed rounds, round 11 played), then
times the organiser's POST of the close through Flask's test client, undoing it between
closes as the benchmark does. Each sample covers the whole request: the close, the automatic
backup and the redirect. /health is timed the same way, so the ratio compares server work only.
Wall-clock and process CPU time are both reported: on a shared machine the CPU time is the
steadier measure of the work a request costs (SQLite runs in this process).
"""

from __future__ import annotations

import argparse
import gc
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import app_for, build_event, play_round
from benchmarks.harness import prepare_database
from tournament import db
from tournament.models import Organiser


def _timed(samples: list[tuple[float, float]], call, expect: int):
    started, cpu = time.perf_counter(), time.process_time()
    reply = call()
    samples.append(((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000))
    if reply.status_code != expect:
        raise AssertionError(f"{reply.status_code}, expected {expect}\n{reply.get_data(as_text=True)[:500]}")
    return reply


def measure(url: str, folder: str, tables: int, closes: int, repeats: int, profile: str | None) -> None:
    built = build_event(url, folder, tables)
    number = play_round(url, folder, built.event_id)
    app = app_for(url, folder)
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    with app.app_context():
        organiser_id = db.session().query(Organiser).one().id
    with client.session_transaction() as session:
        session["organiser_id"] = organiser_id
    # As `flask serve` does after startup: long-lived objects leave the cyclic collector's scans.
    gc.collect()
    gc.freeze()
    close = f"/events/{built.event_id}/rounds/{number}/close"
    reopen = f"/events/{built.event_id}/rounds/{number}/reopen"
    health: list[tuple[float, float]] = []
    for _ in range(repeats):
        _timed(health, lambda: client.get("/health"), 200)
    closing: list[tuple[float, float]] = []
    profiler = None
    if profile:
        from pyinstrument import Profiler
        profiler = Profiler(interval=0.0005)
    for _ in range(closes):
        if profiler:
            profiler.start()
        _timed(closing, lambda: client.post(close), 302)
        if profiler:
            profiler.stop()
        _timed([], lambda: client.post(reopen), 302)
    if profiler:
        Path(profile).write_text(profiler.output_html())
        print(profiler.output_text(unicode=True, color=False, show_all=False))
    for kind, index in (("wall", 0), ("CPU", 1)):
        close_ms = statistics.median(c[index] for c in closing)
        health_ms = statistics.median(h[index] for h in health)
        print(f"{tables} tables, {kind} time: close median {close_ms:.1f} ms "
              f"(min {min(c[index] for c in closing):.1f}), /health median {health_ms:.3f} ms, "
              f"ratio {close_ms / health_ms:.0f}x")
    app.extensions["db_engine"].dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=120)
    parser.add_argument("--closes", type=int, default=15)
    parser.add_argument("--repeats", type=int, default=200, help="/health requests")
    parser.add_argument("--database-url", help="a PostgreSQL database that exists for benchmarks: it is wiped")
    parser.add_argument("--profile", help="write a pyinstrument HTML profile of the closes here")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="close-timing-")
    try:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite3"
        prepare_database(url)
        measure(url, folder, args.tables, args.closes, args.repeats, args.profile)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
