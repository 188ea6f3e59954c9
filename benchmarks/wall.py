"""What the facilitator feels: from a phone's result being answered to every projector showing it.

    python -m benchmarks.wall                    # SQLite temp file; 120 and 250 tables, push and polling
    python -m benchmarks.wall --tables 120 --projectors 30 --results 30 --modes push
    make bench ARGS="--wall"                     # after the request timings

Per size: an event of `tables` tables of 5 players (4 at 250 tables: the 1000-player cap) with
10 closed rounds is built through the services, round 11 is started, and the real server
(`flask --app tournament serve`) is started on loopback. Then, for each mode in turn on that
server (different tables' results in each):

- `projectors` screens follow the feed:
  - "push": each holds the event's stream (`/push/<ticket>`, its own socket, read by its own
    thread, as each projector is its own device) and, when a message arrives, fetches the feed
    over its keep-alive connection with `If-None-Match`, as the page's script does; it never
    polls (the pushed path alone is timed);
  - "poll": each polls exactly as static/projector.js did before the push: the same URL over one
    keep-alive connection, `If-None-Match` with the last ETag, and the wait the last feed body
    asked for (`poll_ms`: 250 ms while a round runs, 700 ms until the first body says so),
    counted from the end of the previous answer;
- one phone every `every` seconds opens a table's page and sends its three games (GET, then
  POST with the page's CSRF token and versions), a different table each time.

A result is shown on a screen when a feed body it received lists that table with games: the
table had none before, and the games count is what the running round's board shows. For each
result, t0 is the moment the phone's POST was answered; its latency is the time until the LAST
screen received such a body (0 when every screen had it before the phone read its answer).
Targets: push median <= 50 ms and p99 <= 150 ms; polling median <= 300 ms and worst <= 700 ms.
Exit code 1 when one is missed.

The simulated screens and phones run in this process on the same machine as the server, so they
share its CPUs: the figures include that contention, which a room of real devices does not add.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import Built, build_event, play_round
from benchmarks.harness import Client, Server, percentile, phone_form, prepare_database
from benchmarks.sse import EventStream, ticket
from tournament.core.limits import MAX_PLAYERS

MODES = ("push", "poll")
# (median, p99, worst) targets in ms per mode; None: no target on that figure.
TARGETS: dict[str, tuple[float | None, float | None, float | None]] = {
    "push": (50.0, 150.0, None), "poll": (300.0, None, 700.0)}
FIRST_POLL_MS = 700  # projector.js waits this long until a feed body names its own interval


def seats_for(tables: int) -> int:
    """Tables of 5, or as many as the event's player cap allows: 250 tables of 4 is the largest
    event at that size a teacher can build (1000 players)."""
    return max(2, min(5, MAX_PLAYERS // tables))


@dataclass
class Screen:
    """One projector: when it first received a body showing each table's games."""

    seen: dict[int, float] = field(default_factory=dict)  # table number -> perf_counter()
    polls: int = 0  # feed requests (polls, or fetches after a message)
    bodies: int = 0
    body_ms: list[float] = field(default_factory=list)  # round trip of requests answered with a body
    poll_ms: int = FIRST_POLL_MS
    messages: int = 0  # stream messages saying something changed (push)
    told: list[float] = field(default_factory=list)  # perf_counter() of each such message (push)


@dataclass
class WallResult:
    tables: int
    projectors: int
    latencies: list[float]  # ms per result, until the last screen showed it, in sending order
    missing: list[int]  # tables whose result some screen never showed
    errors: list[str]
    screens: list[Screen]
    post_ms: list[float]
    mode: str = "poll"
    # push: ms per result from the POST answered until the last screen's stream told it (the
    # rest of the latency is the screens' feed requests)
    told_ms: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.latencies) if self.latencies else float("nan")

    @property
    def p99(self) -> float:
        return percentile(self.latencies, 0.99) if self.latencies else float("nan")

    @property
    def worst(self) -> float:
        return max(self.latencies, default=float("nan"))

    def misses(self) -> list[str]:
        where = f"{self.tables} tables, {self.mode}"
        found = []
        if self.missing:
            found.append(f"{where}: {len(self.missing)} results never reached every screen")
        if self.errors:
            found.append(f"{where}: {len(self.errors)} client errors, first: {self.errors[0]}")
        if self.latencies:
            for name, value, target in zip(("median", "p99", "worst"), (self.median, self.p99, self.worst),
                                           TARGETS[self.mode], strict=True):
                if target is not None and value > target:
                    found.append(f"{where}: {name} {value:.0f} ms (target <= {target:.0f} ms)")
        return found


def look(client: Client, feed: str, tag: str | None, screen: Screen, errors: list[str]) -> str | None:
    """One conditional GET of the feed, as the page makes it; the ETag to send next time."""
    started = time.perf_counter()
    reply = client.get(feed, {"If-None-Match": tag} if tag else None)
    received = time.perf_counter()
    screen.polls += 1
    if reply.status == 200:
        screen.bodies += 1
        screen.body_ms.append((received - started) * 1000)
        data = json.loads(reply.body)
        if data.get("poll_ms", 0) > 0:
            screen.poll_ms = data["poll_ms"]
        if data.get("phase") == "round":
            for table in data.get("seating", []):
                if table.get("games") and table["number"] not in screen.seen:
                    screen.seen[table["number"]] = received
        return reply.headers.get("etag")
    if reply.status != 304:
        errors.append(f"projector: HTTP {reply.status}")
    return tag


def watch(base: str, feed: str, screen: Screen, stop: threading.Event, errors: list[str]) -> None:
    """projector.js's poll loop: conditional GET, then wait the interval the feed last asked for."""
    client = Client(base, timeout=30)
    tag = None
    while not stop.is_set():
        try:
            tag = look(client, feed, tag, screen, errors)
        except Exception as error:  # a lost answer is counted; the page retries too
            errors.append(f"projector: {error!r}"[:300])
            client.close()
        stop.wait(screen.poll_ms / 1000)
    client.close()


def follow(base: str, feed: str, stream_path: str, screen: Screen, stop: threading.Event, errors: list[str],
           opened: threading.Barrier) -> None:
    """A pushed projector: the feed once, then the event's stream; the feed again on each message."""
    client = Client(base, timeout=30)
    tag = None
    stream = None
    try:
        tag = look(client, feed, tag, screen, errors)
        stream = EventStream(base, stream_path)
        if stream.status != 200:
            errors.append(f"projector: stream answered {stream.status}")
            return
        opened.wait(timeout=30)
        while not stop.is_set():
            if any(message.event == "message" for message in stream.read(0.2)):
                screen.messages += 1
                screen.told.append(time.perf_counter())
                tag = look(client, feed, tag, screen, errors)
    except Exception as error:
        errors.append(f"projector: {error!r}"[:300])
    finally:
        if stream is not None:
            stream.close()
        client.close()


def send_result(base: str, token: str, shift: int) -> float:
    """One phone: its table's page, then its three games. Returns when the POST was answered."""
    phone = Client(base, timeout=30)
    try:
        url = f"/t/{token}"
        page = phone.get(url)
        if page.status != 200:
            raise AssertionError(f"phone GET {page.status}")
        form, _players = phone_form(page.text, shift=shift)
        reply = phone.post(url, form)
        answered = time.perf_counter()
        if reply.status != 302:
            raise AssertionError(f"phone POST {reply.status}: {reply.text[:300]}")
        return answered
    finally:
        phone.close()


@dataclass
class Served:
    server: Server
    built: Built
    order: list[int]  # tables whose phones report, in turn, across the modes


def run_wall(folder: Path, database_url: str | None, tables: int, projectors: int = 30, results: int = 30,
             every: float = 2.0, closed_rounds: int = 10, grace: float = 5.0, mode: str = "poll") -> WallResult:
    """One mode. Bounded: about `results * every + grace` seconds once the event is built and served."""
    return run_modes(folder, database_url, tables, (mode,), projectors, results, every, closed_rounds, grace)[mode]


def run_modes(folder: Path, database_url: str | None, tables: int, modes: tuple[str, ...] = MODES,
              projectors: int = 30, results: int = 30, every: float = 2.0, closed_rounds: int = 10,
              grace: float = 5.0) -> dict[str, WallResult]:
    """Each mode in turn on one event and server, each with `results` tables of its own."""
    url = database_url or f"sqlite:///{folder}/wall.sqlite3"
    prepare_database(url)
    built = build_event(url, str(folder), tables, seats=seats_for(tables), closed_rounds=closed_rounds)
    play_round(url, str(folder), built.event_id, games=0)  # started, nothing reported yet
    order = sorted(built.table_tokens)
    random.Random(tables).shuffle(order)
    server = Server(folder, url).start()
    try:
        served = Served(server, built, order)
        return {mode: run_mode(served, mode, order[n * results:(n + 1) * results], projectors, every, grace)
                for n, mode in enumerate(modes)}
    finally:
        server.stop()


def run_mode(served: Served, mode: str, order: list[int], projectors: int, every: float,
             grace: float) -> WallResult:
    server, built = served.server, served.built
    stop = threading.Event()
    errors: list[str] = []
    screens = [Screen() for _ in range(projectors)]
    feed = f"/p/{built.projector_token}/feed.json"
    if mode == "push":
        opened = threading.Barrier(projectors + 1)
        path = ticket(server.instance, built.event_id)
        threads = [threading.Thread(target=follow, args=(server.base, feed, path, s, stop, errors, opened),
                                    daemon=True) for s in screens]
    else:
        threads = [threading.Thread(target=watch, args=(server.base, feed, s, stop, errors), daemon=True)
                   for s in screens]
    sent: list[tuple[int, float]] = []  # (table, POST answered)
    post_started: list[float] = []
    try:
        for thread in threads:
            thread.start()
        if mode == "push":
            try:
                opened.wait(timeout=30)  # every screen has its board and holds its stream
            except threading.BrokenBarrierError:
                errors.append("projector: not every stream opened")
        time.sleep(1.0)  # every polling screen has loaded the board and learnt the 250 ms interval
        began = time.perf_counter()
        for index, table in enumerate(order):
            delay = began + index * every - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            started = time.perf_counter()
            try:
                answered = send_result(server.base, built.table_tokens[table], index + 1)
            except Exception as error:
                errors.append(f"phone at table {table}: {error!r}"[:300])
            else:  # a failed POST has no answer time, so neither list keeps it and they stay paired
                sent.append((table, answered))
                post_started.append(started)
        deadline = time.perf_counter() + grace
        while time.perf_counter() < deadline and not all(
                table in s.seen for s in screens for table, _ in sent):
            time.sleep(0.05)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    latencies, missing = [], []
    for table, answered in sent:
        if all(table in s.seen for s in screens):
            latencies.append(max(0.0, max(s.seen[table] for s in screens) - answered) * 1000)
        else:
            missing.append(table)
    post_ms = [(answered - started) * 1000 for (_, answered), started in zip(sent, post_started, strict=True)]
    told_ms = []
    if mode == "push":
        for (_table, answered), started in zip(sent, post_started, strict=True):
            firsts = [next((at for at in s.told if at >= started), None) for s in screens]
            if all(at is not None for at in firsts):
                told_ms.append(max(0.0, max(firsts) - answered) * 1000)  # type: ignore[type-var]
    return WallResult(len(built.table_tokens), len(screens), latencies, missing, errors, screens, post_ms, mode,
                      told_ms)


def report(result: WallResult) -> None:
    polls = sum(s.polls for s in result.screens)
    bodies = [ms for s in result.screens for ms in s.body_ms]
    median, p99, worst = TARGETS[result.mode]
    targets = ", ".join(f"{name} <= {target:.0f}" for name, target in (("median", median), ("p99", p99),
                                                                        ("worst", worst)) if target is not None)
    how = "pushed" if result.mode == "push" else "polling"
    print(f"{result.tables} tables, {result.projectors} projectors {how}, {len(result.latencies)} results shown "
          f"everywhere, {len(result.missing)} not: until the LAST projector showed a result: "
          f"median {result.median:.0f} ms, p99 {result.p99:.0f} ms, worst {result.worst:.0f} ms "
          f"(targets: {targets} ms)")
    print("  per result (ms): " + " ".join(f"{ms:.0f}" for ms in result.latencies))
    if bodies:
        messages = sum(s.messages for s in result.screens)
        print(f"  {polls} feed requests{f' after {messages} stream messages' if result.mode == 'push' else ''}, "
              f"{len(bodies)} answered with a body: median {statistics.median(bodies):.1f} ms, "
              f"worst {max(bodies):.1f} ms; phone GET+POST median {statistics.median(result.post_ms):.0f} ms")
    if result.told_ms:
        print(f"  of which until the last stream's message: median {statistics.median(result.told_ms):.1f} ms, "
              f"worst {max(result.told_ms):.1f} ms")
    for error in result.errors[:3]:
        print("  error:", error)


def run_sizes(sizes: list[int], database_url: str | None, projectors: int, results: int, every: float,
              closed_rounds: int = 10, modes: tuple[str, ...] = MODES) -> list[str]:
    print(f"Wall latency: {projectors} projectors, pushed (a stream each, the feed fetched on a message) "
          f"and polling as projector.js did, one phone result every {every:g} s; {load_average()}. "
          f"The simulated clients run on this machine and share its "
          f"{len(os.sched_getaffinity(0))} CPUs with the server.", flush=True)
    misses = []
    for tables in sizes:
        folder = Path(tempfile.mkdtemp(prefix=f"wall-{tables}-"))
        try:
            print(f"{tables} tables of {seats_for(tables)}, {closed_rounds} closed rounds, round running ...",
                  flush=True)
            results_by_mode = run_modes(folder, database_url, tables, modes, projectors, results, every,
                                        closed_rounds)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        for result in results_by_mode.values():
            report(result)
            misses += result.misses()
        print(f"  {load_average()}", flush=True)
    return misses


def load_average() -> str:
    try:
        return "load average " + " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "load average unknown"


def add_arguments(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    parser.add_argument(f"--{prefix}projectors", type=int, default=30, help="screens polling the feed")
    parser.add_argument(f"--{prefix}results", type=int, default=30,
                        help="phone results per size (at most one per table)")
    parser.add_argument(f"--{prefix}every", type=float, default=2.0, help="seconds between phone results")
    parser.add_argument(f"--{prefix}modes", nargs="+", choices=MODES, default=list(MODES),
                        help="how the projectors follow the feed: pushed, polling, or both in turn")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    parser.add_argument("--tables", type=int, nargs="+", default=[120, 250])
    parser.add_argument("--closed-rounds", type=int, default=10)
    add_arguments(parser)
    args = parser.parse_args()
    misses = run_sizes(args.tables, args.database_url, args.projectors, args.results, args.every, args.closed_rounds,
                       tuple(args.modes))
    for miss in misses:
        print("MISSED", miss)
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
