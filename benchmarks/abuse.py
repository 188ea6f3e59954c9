"""An abusive device at an online table: a player's personal link driven by a script.

    python -m benchmarks.abuse http://127.0.0.1:8000 /play/<token> --source 127.0.0.11 --seconds 30

It opens the player's page (for the session cookie and the CSRF token), then, until the time is
up, two connections from the `--source` address work as fast as the server answers and honour
nothing the server says (no `poll_ms`, no `Retry-After`):

- one polls `/play/<token>/state` with a stale key and no pad, so every answer it can get is a
  whole screen with the whole drawing pad;
- one draws: a stroke of the most points a stroke may have (`messages.MAX_POINTS`), again and
  again, never clearing the pad.

It prints one JSON line: how many answers of each kind and status it received, and the seconds.
`benchmarks.online_play --abusers N` runs one such process per abusive device, in a process of its
own so that its loops do not share the bots' interpreter (the bots time what they see), and from
an address of its own on the loopback network (127.0.0.x), so per-address limits see it as
another device.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import root_data
from benchmarks.harness import Client

STROKE_POINTS = 400  # tournament.services.online.messages.MAX_POINTS, without importing the app


class FromAddress(Client):
    """A client whose connections leave from `source` (a loopback address of its own)."""

    def __init__(self, base: str, source: str, timeout: float = 30.0):
        super().__init__(base, timeout)
        self.source = source

    def request(self, method, path, form=None, headers=None, body=None):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout,
                                                         source_address=(self.source, 0))
        return super().request(method, path, form=form, headers=headers, body=body)


def abuse(base: str, path: str, source: str, seconds: float, seed: int = 0) -> dict:
    page_client = FromAddress(base, source)
    page = page_client.get(path)
    if page.status != 200:
        return {"error": f"the page answered {page.status}"}
    root = root_data(page.text)
    counts: Counter = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def count(kind: str, status: int) -> None:
        with lock:
            counts[f"{kind} {status}"] += 1

    def poll() -> None:
        client = FromAddress(base, source)
        client.cookies = dict(page_client.cookies)
        url = f"{root['state-url']}?key=stale"
        while time.monotonic() < deadline:
            try:
                count("poll", client.get(url).status)
            except OSError:
                count("poll", 0)
                client.close()
        client.close()

    def draw() -> None:
        client = FromAddress(base, source)
        client.cookies = dict(page_client.cookies)
        rng = random.Random(seed)
        headers = {"Content-Type": "application/json", "X-CSRFToken": root["csrf"]}
        while time.monotonic() < deadline:
            stroke = {"action": "stroke", "colour": "red", "nonce": f"abuse{rng.getrandbits(64):016x}",
                      "points": [[rng.randrange(1001), rng.randrange(1001)] for _ in range(STROKE_POINTS)]}
            try:
                count("stroke", client.request("POST", root["act-url"], body=json.dumps(stroke).encode(),
                                               headers=headers).status)
            except OSError:
                count("stroke", 0)
                client.close()
        client.close()

    started = time.monotonic()
    threads = [threading.Thread(target=poll, daemon=True), threading.Thread(target=draw, daemon=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    page_client.close()
    return {"counts": dict(counts), "seconds": time.monotonic() - started}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("path", help="the player's personal link, /play/<token>")
    parser.add_argument("--source", default="127.0.0.11", help="the loopback address to send from")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(abuse(args.base, args.path, args.source, args.seconds, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
