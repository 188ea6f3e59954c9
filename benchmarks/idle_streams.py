"""What idle screens cost the server: 200 held streams against 200 screens polling.

    python -m benchmarks.idle_streams                      # 200 screens, 60 s each way
    python -m benchmarks.idle_streams --screens 200 --seconds 60
    make bench ARGS="--idle"                               # after the request timings

An event of 12 tables with a running round is built through the services and the real server
(`flask --app tournament serve`, one process) is started on loopback. Then, in turn, for
`seconds` each, with nothing changing in the event:

- "pushed": `screens` streams of the projector's event (`/push/<ticket>`) are opened from this
  process and held, read by one thread (heartbeats flow every 15 s);
- "polling": `screens` screens poll the projector's feed every 250 ms with `If-None-Match`,
  as static/projector.js did before the push (each answered 304).

Timed: the server process's CPU time (user + system, from /proc/<pid>/stat) over the window,
as a share of one core, and its thread count at the end. Target: pushed < 5 % of one core.
Exit code 1 when missed. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import selectors
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import build_event, play_round
from benchmarks.harness import Client, Server, prepare_database
from benchmarks.sse import EventStream, ticket
from benchmarks.wall import load_average

TARGET_SHARE = 5.0  # % of one core, pushed
POLL_SECONDS = 0.25


@dataclass
class Idle:
    mode: str
    screens: int
    seconds: float
    cpu_seconds: float
    threads: int
    requests: int = 0  # polls answered (polling)
    beats: int = 0  # heartbeats received (pushed)
    errors: int = 0

    @property
    def share(self) -> float:
        return 100 * self.cpu_seconds / self.seconds


def cpu_seconds(pid: int) -> float:
    """User + system time of the process (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_count(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 0


def served_pid(server: Server) -> int:
    assert server.process is not None
    return server.process.pid


def held(server: Server, path: str, screens: int, seconds: float) -> Idle:
    streams = [EventStream(server.base, path) for _ in range(screens)]
    try:
        if any(stream.status != 200 for stream in streams):
            raise RuntimeError("a stream was refused: " + next(s.headers for s in streams if s.status != 200))
        time.sleep(1.0)  # every stream welcomed
        pid = served_pid(server)
        beats = errors = 0
        with selectors.DefaultSelector() as selector:
            for stream in streams:
                selector.register(stream.sock, selectors.EVENT_READ, stream)
            began, cpu = time.monotonic(), cpu_seconds(pid)
            while (left := began + seconds - time.monotonic()) > 0:
                for key, _mask in selector.select(left):
                    try:
                        key.data.feed()
                    except ConnectionError:
                        errors += 1
                        selector.unregister(key.fileobj)
                    beats += sum(1 for message in key.data.take() if message.event == "beat")
            spent, threads = cpu_seconds(pid) - cpu, thread_count(pid)
        return Idle("pushed", screens, seconds, spent, threads, beats=beats, errors=errors)
    finally:
        for stream in streams:
            stream.close()


def polled(server: Server, feed: str, screens: int, seconds: float) -> Idle:
    stop = threading.Event()
    counts = {"requests": 0, "errors": 0}
    lock = threading.Lock()

    def screen() -> None:
        client = Client(server.base, timeout=30)
        tag = None
        while not stop.is_set():
            try:
                reply = client.get(feed, {"If-None-Match": tag} if tag else None)
                tag = reply.headers.get("etag", tag)
                with lock:
                    counts["requests"] += 1
            except OSError:
                with lock:
                    counts["errors"] += 1
                client.close()
            stop.wait(POLL_SECONDS)
        client.close()

    threads = [threading.Thread(target=screen, daemon=True) for _ in range(screens)]
    for thread in threads:
        thread.start()
    time.sleep(2.0)  # every screen polling
    pid = served_pid(server)
    with lock:
        counts["requests"] = 0
    began, cpu = time.monotonic(), cpu_seconds(pid)
    time.sleep(seconds)
    spent, elapsed, threads_now = cpu_seconds(pid) - cpu, time.monotonic() - began, thread_count(pid)
    with lock:
        requests, errors = counts["requests"], counts["errors"]
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    return Idle("polling", screens, elapsed, spent, threads_now, requests=requests, errors=errors)


def run_idle(screens: int = 200, seconds: float = 60.0, database_url: str | None = None) -> list[Idle]:
    folder = Path(tempfile.mkdtemp(prefix="idle-"))
    url = database_url or f"sqlite:///{folder}/idle.sqlite3"
    try:
        prepare_database(url)
        built = build_event(url, str(folder), 12, closed_rounds=2)
        play_round(url, str(folder), built.event_id, games=0)
        server = Server(folder, url).start()
        try:
            return [held(server, ticket(folder, built.event_id), screens, seconds),
                    polled(server, f"/p/{built.projector_token}/feed.json", screens, seconds)]
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_and_report(screens: int, seconds: float, database_url: str | None = None) -> list[str]:
    print(f"Idle screens: {screens} held streams, then {screens} screens polling every "
          f"{POLL_SECONDS * 1000:.0f} ms, {seconds:g} s each, nothing changing; {load_average()}", flush=True)
    results = run_idle(screens, seconds, database_url)
    for idle in results:
        traffic = (f"{idle.beats} heartbeats received" if idle.mode == "pushed"
                   else f"{idle.requests} polls answered ({idle.requests / idle.seconds:.0f} per second)")
        print(f"{idle.mode:8} {idle.screens} screens: server CPU {idle.cpu_seconds:.2f} s in {idle.seconds:.0f} s = "
              f"{idle.share:.1f} % of one core; {idle.threads} server threads; {traffic}; {idle.errors} errors")
    print(load_average(), flush=True)
    pushed = results[0]
    misses = []
    if pushed.share >= TARGET_SHARE:
        misses.append(f"{screens} idle streams: {pushed.share:.1f} % of one core (target < {TARGET_SHARE:.0f} %)")
    misses += [f"{idle.mode}: {idle.errors} errors" for idle in results if idle.errors]
    return misses


def add_arguments(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    parser.add_argument(f"--{prefix}screens", type=int, default=200, help="idle screens each way")
    parser.add_argument(f"--{prefix}seconds", type=float, default=60.0, help="seconds timed each way")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    add_arguments(parser)
    args = parser.parse_args()
    misses = run_and_report(args.screens, args.seconds, args.database_url)
    for miss in misses:
        print("MISSED", miss)
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
