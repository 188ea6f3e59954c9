"""How long one projector snapshot rebuild takes, in-process (no HTTP), and where the time goes.

    python -m benchmarks.rebuild                        # 120 and 250 tables
    python -m benchmarks.rebuild --tables 250 --profile # with a pyinstrument profile per phase

Per size: the wall run's event (tables of 5, or 4 at 250 tables; 10 closed rounds) with round 11 running and
half its tables reported ("round": what every result makes the screens rebuild), then round 11 closed ("results":
results, moves, standings and the next seating, rebuilt once per close). Each sample reads the
event fresh, as a request does, and builds `services.room.snapshot` plus its JSON hash.
pyinstrument is not a dependency: `pip install pyinstrument` into the venv to profile.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import app_for, build_event, record_round
from benchmarks.harness import prepare_database
from benchmarks.wall import seats_for
from tournament import db
from tournament.models import Event
from tournament.services import rounds, timer
from tournament.services.room import polled_snapshot
from tournament.services.round_data import load_round
from tournament.services.single_flight import RevisionCache


def time_rebuilds(app, event_id: int, repeats: int, profile: bool, label: str) -> list[float]:
    samples = []
    profiler = None
    if profile:
        from pyinstrument import Profiler
        profiler = Profiler(interval=0.0005)
    for _ in range(repeats):
        with app.app_context():
            session = db.session()
            started = time.perf_counter()
            if profiler:
                profiler.start()
            event = session.get(Event, event_id)
            polled_snapshot(session, event, timer.now_utc(), RevisionCache())  # an empty cache: a rebuild
            if profiler:
                profiler.stop()
            samples.append((time.perf_counter() - started) * 1000)
    if profiler:
        print(f"--- profile: {label} ({repeats} rebuilds) ---")
        print(profiler.output_text(unicode=True, color=False, show_all=False))
    return samples


def run_size(tables: int, repeats: int, profile: bool) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp(prefix=f"rebuild-{tables}-"))
    url = f"sqlite:///{folder}/rebuild.sqlite3"
    try:
        prepare_database(url)
        built = build_event(url, str(folder), tables, seats=seats_for(tables))
        app = app_for(url, str(folder))
        with app.app_context():
            session = db.session()
            event = session.get(Event, built.event_id)
            number = rounds.start_round(session, event).number
            data = load_round(session, event, number)
            data.tables = data.tables[::2]  # half the tables have reported
            record_round(session, data, 3)
        found = {"round": time_rebuilds(app, built.event_id, repeats, profile, f"{tables} tables, round running")}
        with app.app_context():
            session = db.session()
            event = session.get(Event, built.event_id)
            rounds.close(session, event, number)
        found["results"] = time_rebuilds(app, built.event_id, repeats, profile, f"{tables} tables, results")
        app.extensions["db_engine"].dispose()
        return found
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[120, 250])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for tables in args.tables:
        for phase, samples in run_size(tables, args.repeats, args.profile).items():
            print(f"{tables} tables, {phase}: snapshot rebuild median {statistics.median(samples):.1f} ms, "
                  f"worst {max(samples):.1f} ms ({len(samples)} rebuilds, SQLite, in-process)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
