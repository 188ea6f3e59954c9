"""A device holding many streams must not slow the room: one address asks for hundreds of
streams and reopens every one refused, while other devices' pages and streams carry on.
Loopback only: the abuser is 127.0.0.2 (in its own process, as on its own machine), the other
screens 127.0.0.3 and up, the pages the laptop. Bounded: 300 sockets, a few seconds a phase.

The others' p99 with the abuser must stay within 1.5x of the p99 without it. A p99 of a few
hundred requests on a shared two-core machine moves with whatever else runs, so the two are
measured in short turns (the abuser on, then off, PAIRS times), which spreads the machine's
other load over both alike, and the whole is measured again (at most TRIES times) when it
misses: a real loss (a thread held per stream, an uncapped device) misses every time. Each
turn is measured once the abuser's first burst of a few hundred connections at one instant
has been answered: that burst is a connection flood (tests/attack); this test is about a
device holding streams and asking again, a second later, for each one refused."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from benchmarks.harness import Client, percentile
from tests.attack.guarded import start, stop
from tests.push.conftest import revision
from tests.push.phones import phone_of, send_a_game
from tests.push.streams import Reader, Stream, path_of, wait_until
from tests.room.conftest import tokens
from tournament import push

ROOT = Path(__file__).resolve().parents[2]
ABUSIVE_STREAMS = 300
OTHER_SCREENS = 5
PAGES = 4  # devices loading pages meanwhile
PHASE_SECONDS = 0.5
PAIRS = 4
SETTLE_SECONDS = 0.3
TRIES = 3
RATIO = 1.5


def measure(base: str, path: str, seconds: float) -> tuple[list[float], list[int]]:
    """Latencies and statuses of PAGES devices loading `path` for `seconds`."""
    latencies: list[float] = []
    statuses: list[int] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def device() -> None:
        client = Client(base, timeout=10)
        try:
            while time.monotonic() < deadline:
                began = time.perf_counter()
                status = client.get(path).status
                with lock:
                    latencies.append(time.perf_counter() - began)
                    statuses.append(status)
                time.sleep(0.01)
        finally:
            client.close()

    devices = [threading.Thread(target=device) for _ in range(PAGES)]
    for one in devices:
        one.start()
    for one in devices:
        one.join(timeout=seconds + 30)
    return latencies, statuses


class Abuser:
    def __init__(self, port: int, path: str):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.push.abuser", str(port), path, "127.0.0.2", str(ABUSIVE_STREAMS)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def command(self, word: str) -> None:
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == word

    def finish(self) -> dict:
        output, _ = self.process.communicate(timeout=30)
        return json.loads(output)


def test_a_device_holding_many_streams_leaves_the_others_answered_as_fast(app, running):
    server, thread = start(app)
    port = int(server.effective_port)
    base = f"http://127.0.0.1:{port}"
    hub = push.hub_of(app)
    cap = app.config["STREAMS_PER_ADDRESS"]
    feed = f"/p/{tokens(app, running)['projector']}/feed.json"
    others = [Stream(port, path_of(app, running), source=f"127.0.0.{3 + n}") for n in range(OTHER_SCREENS)]
    reader = None
    tries: list[tuple[float, float]] = []
    statuses: list[int] = []
    told: list[dict] = []
    held: list[int] = []
    try:
        assert all(stream.opened() for stream in others)
        reader = Reader(others)
        for _ in range(TRIES):
            quiet: list[float] = []
            abused: list[float] = []
            abuser = Abuser(port, path_of(app, running))
            try:
                for _ in range(PAIRS):
                    latencies, answered = measure(base, feed, PHASE_SECONDS)
                    quiet += latencies
                    statuses += answered
                    abuser.command("on")
                    # Its first burst of connections is tests/attack's flood; what is measured here
                    # is the device holding streams and asking again for those refused.
                    wait_until(lambda: hub.open_streams() - OTHER_SCREENS >= cap, 5)
                    time.sleep(SETTLE_SECONDS)
                    latencies, answered = measure(base, feed, PHASE_SECONDS)
                    held.append(hub.open_streams() - OTHER_SCREENS)
                    abuser.command("off")
                    abused += latencies
                    statuses += answered
            finally:
                told.append(abuser.finish())
            tries.append((percentile(quiet, 0.99), percentile(abused, 0.99)))
            print(f"p99 without the abuser {tries[-1][0] * 1000:.1f} ms, with it {tries[-1][1] * 1000:.1f} ms "
                  f"({len(quiet)} and {len(abused)} requests); abuser told {told[-1]}")
            if tries[-1][1] <= RATIO * tries[-1][0]:
                break
        # The other screens still hear the next change.
        send_a_game(base, phone_of(app, running, 1))
        after = str(revision(app, running))
        heard = reader.all(lambda s: s.last == after, 10)
        assert wait_until(lambda: hub.open_streams() == OTHER_SCREENS, 10), "the abuser's streams went with it"
    finally:
        if reader is not None:
            reader.close()
        for stream in others:
            stream.close()
        stop(server, thread)
    assert set(statuses) == {200}
    assert any(with_abuser <= RATIO * without for without, with_abuser in tries), tries
    assert max(held) <= cap
    for counts in told:
        # Everything beyond the cap was refused in words (429 by the stream cap, or 503 by the
        # server's cap on one device's connections), and nothing broke.
        assert set(counts["told"]) <= {"200", "429", "503"}, counts
        assert counts["told"].get("200", 0) <= cap * PAIRS
        assert counts["told"].get("429", 0) + counts["told"].get("503", 0) >= ABUSIVE_STREAMS - cap
    assert heard
