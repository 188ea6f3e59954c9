"""Request times of the busy routes through the real waitress server, against /health.

    make bench                                   # SQLite temp file; 12, 120 and 600 tables
    .venv/bin/python -m benchmarks --database-url postgresql+psycopg://.../bench   # WIPES that database
    .venv/bin/python -m benchmarks --tables 120 --repeats 100
    .venv/bin/python -m benchmarks --wall         # then the wall-latency run (benchmarks/wall.py)
    .venv/bin/python -m benchmarks --online       # then 40 bots at 10 online tables (benchmarks/online_play.py)
    .venv/bin/python -m benchmarks --idle         # then 200 idle streams against 200 polling screens

Per size: an event of `tables` tables of 5 players with 10 closed rounds of 3 games per table
is built through the services, then `flask --app tournament serve` is started on loopback and
timed from this process over keep-alive connections with a real session cookie and CSRF
tokens. Rows marked "cached" repeat a request whose body the server keeps per event revision;
rows named "after ..." time the first request after a real change (a phone result, a round
close, a player renamed), which rebuilds that body. Targets (checked at 120 tables): cached
projector polls and standings at most 3x /health, the first standings page after a result at most
15x /health, result entry at most 6x /health, a round close at most 150x /health. `--wall` adds
benchmarks.wall at 120 and 250 tables: from a phone's result being answered to every one of 30
projectors showing it, pushed and polling; `--online` card to screen, pushed and polling;
`--idle` the server's CPU for 200 idle streams (benchmarks.idle_streams). Exit code 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import idle_streams, online_play, wall
from benchmarks.build import PASSWORD, USERNAME, build_event, play_round
from benchmarks.harness import Server, database_version, prepare_database
from benchmarks.measure import Figures, measure_event

MAIN_SIZE = 120
# Multiples of /health at 120 tables. A screen's repeated polls are answered from the
# per-revision cache; the phone page and the close do their work on every request. The
# "after ..." rows, the first request after a change, are reported beside them.
# Every screen asks for the standings the moment a change is pushed, so the first page after a
# result has its own target: the unchanged rounds and rows are kept, only what changed is redone.
# A rename (rare, and in every round's seats) is reported beside it.
RATIO_TARGETS = {"projector poll (cached)": 3.0, "projector poll (round, cached)": 3.0,
                 "standings (cached)": 3.0, "standings after a result": 15.0,
                 "entry GET": 6.0, "entry POST": 6.0, "round close": 150.0}


def run_size(tables: int, database_url: str | None, repeats: int, closes: int) -> Figures:
    folder = Path(tempfile.mkdtemp(prefix=f"bench-{tables}-"))
    url = database_url or f"sqlite:///{folder}/bench.sqlite3"
    try:
        prepare_database(url)
        built = build_event(url, str(folder), tables)
        server = Server(folder, url).start()
        try:
            return measure_event(server, built, USERNAME, PASSWORD, repeats, closes,
                                 lambda: play_round(url, str(folder), built.event_id))
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def report(results: dict[int, Figures]) -> list[str]:
    misses = []
    sizes = sorted(results)
    names = list(results[sizes[0]].samples)
    print(f"\n{'route':32}" + "".join(f"{f'{t} tables: median / p95 ms (x health)':>44}" for t in sizes))
    for name in names:
        cells = []
        for t in sizes:
            figures = results[t]
            median, p95 = figures.median(name), figures.p95(name)
            cells.append(f"{median:9.2f} / {p95:7.2f}  ({figures.ratio(name):5.1f}x)")
        print(f"{name:32}" + "".join(f"{c:>44}" for c in cells))
    main = results.get(MAIN_SIZE)
    if main is not None:
        for name, limit in RATIO_TARGETS.items():
            if name in main.samples and main.ratio(name) > limit:
                misses.append(f"{name}: {main.ratio(name):.1f}x /health (target <= {limit:.0f}x)")
    return misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    parser.add_argument("--tables", type=int, nargs="+", default=[12, 120, 600])
    parser.add_argument("--repeats", type=int, default=60, help="requests per route and size")
    parser.add_argument("--closes", type=int, default=15, help="round closes per size")
    parser.add_argument("--json", type=Path, help="also write the raw samples here")
    parser.add_argument("--wall", action="store_true",
                        help="also run the wall-latency run (python -m benchmarks.wall) at 120 and 250 tables")
    parser.add_argument("--wall-tables", type=int, nargs="+", default=[120, 250])
    wall.add_arguments(parser, prefix="wall-")
    parser.add_argument("--online", action="store_true",
                        help="also run bots at online tables (python -m benchmarks.online_play)")
    online_play.add_arguments(parser, prefix="online-")
    parser.add_argument("--idle", action="store_true",
                        help="also time the server's CPU for idle streams against polling (benchmarks.idle_streams)")
    idle_streams.add_arguments(parser, prefix="idle-")
    args = parser.parse_args()

    print(f"CPU: {cpu_model()} ({platform.machine()}), {len(__import__('os').sched_getaffinity(0))} cores; "
          f"Python {platform.python_version()}")
    results: dict[int, Figures] = {}
    for tables in args.tables:
        print(f"{tables} tables, {tables * 5} players, 10 closed rounds ...", flush=True)
        results[tables] = run_size(tables, args.database_url, args.repeats, args.closes)
    url = args.database_url or "sqlite:///" + tempfile.mkdtemp() + "/v.sqlite3"
    print(f"Database: {database_version(url)}")
    misses = report(results)
    if args.json:
        args.json.write_text(json.dumps({t: f.samples for t, f in results.items()}, indent=1))
    if args.wall:
        print()
        misses += wall.run_sizes(args.wall_tables, args.database_url, args.wall_projectors, args.wall_results,
                                 args.wall_every, modes=tuple(args.wall_modes))
    if args.online:
        print()
        misses += online_play.run_and_report(args.online_tables, args.online_deals, args.online_pointing,
                                             args.database_url, args.online_seconds, args.online_abusers,
                                             args.online_duration, tuple(args.online_modes))
    if args.idle:
        print()
        misses += idle_streams.run_and_report(args.idle_screens, args.idle_seconds, args.database_url)
    for miss in misses:
        print("MISSED", miss)
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
