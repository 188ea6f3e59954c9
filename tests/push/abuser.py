"""One device trying to hold hundreds of streams, run in its own process (as on its own
machine: it must not share the server's interpreter lock). It opens `count` streams from one
address at once and reopens each one the server refuses or closes a second later (a page
whose script retries, several hundred attempts a second in all; a flood of connections as fast
as they go is tests/attack's), until its standard input closes; then it prints what it was
told, as JSON.

    python -m tests.push.abuser PORT PATH SOURCE COUNT
"""

from __future__ import annotations

import json
import selectors
import socket
import sys
import threading
import time
from collections import Counter

AGAIN_AFTER = 1.0


def open_stream(port: int, path: str, source: str) -> socket.socket | None:
    sock = socket.socket()
    try:
        sock.bind((source, 0))
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    except OSError:
        sock.close()
        return None
    sock.setblocking(False)
    return sock


def main() -> None:
    port, path, source, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    selector = selectors.DefaultSelector()
    told: Counter[str] = Counter()
    opened = 0
    for _ in range(count):
        sock = open_stream(port, path, source)
        if sock is None:
            told["connect failed"] += 1
        else:
            opened += 1
            selector.register(sock, selectors.EVENT_READ, b"")
    print("ready", flush=True)
    waiting: list[float] = []  # when each closed stream is opened again
    while not stop.is_set():
        now = time.monotonic()
        while waiting and waiting[0] <= now:
            waiting.pop(0)
            again = open_stream(port, path, source)
            if again is None:
                told["connect failed"] += 1
            else:
                opened += 1
                selector.register(again, selectors.EVENT_READ, b"")
        for key, _ in selector.select(timeout=0.05):
            sock = key.fileobj
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            if data and key.data == b"":
                told[data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "garbled"] += 1
            if data:
                selector.modify(sock, selectors.EVENT_READ, key.data + data[:1])
                continue
            # Closed by the server (refused, or dropped): open another soon.
            selector.unregister(sock)
            sock.close()
            waiting.append(time.monotonic() + AGAIN_AFTER)
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    print(json.dumps({"opened": opened, "told": told}), flush=True)


if __name__ == "__main__":
    main()
