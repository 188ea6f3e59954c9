"""One device trying to hold hundreds of streams, run in its own process (as on its own
machine: it must not share the server's interpreter lock). On "on" (a line on its standard
input) it opens `count` streams from one address at once and reopens each one the server
refuses or closes a second later (a page whose script retries: several hundred attempts a
second in all; a flood of connections as fast as they go is tests/attack's); on "off" it lets
them all go. Each command is acknowledged by a line. When its input closes it prints what it
was told, as JSON.

    python -m tests.push.abuser PORT PATH SOURCE COUNT
"""

from __future__ import annotations

import json
import queue
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


class Device:
    def __init__(self, port: int, path: str, source: str):
        self.port, self.path, self.source = port, path, source
        self.selector = selectors.DefaultSelector()
        self.told: Counter[str] = Counter()
        self.opened = 0
        self.waiting: list[float] = []  # when each closed stream is opened again

    def open(self) -> None:
        sock = open_stream(self.port, self.path, self.source)
        if sock is None:
            self.told["connect failed"] += 1
        else:
            self.opened += 1
            self.selector.register(sock, selectors.EVENT_READ, b"")

    def step(self) -> None:
        now = time.monotonic()
        while self.waiting and self.waiting[0] <= now:
            self.waiting.pop(0)
            self.open()
        for key, _ in self.selector.select(timeout=0.02):
            sock = key.fileobj
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            if data and key.data == b"":
                self.told[data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "garbled"] += 1
            if data:
                self.selector.modify(sock, selectors.EVENT_READ, key.data + data[:1])
                continue
            # Closed by the server (refused, or dropped): open another soon.
            self.selector.unregister(sock)
            sock.close()
            self.waiting.append(time.monotonic() + AGAIN_AFTER)

    def let_go(self) -> None:
        for key in list(self.selector.get_map().values()):
            self.selector.unregister(key.fileobj)
            key.fileobj.close()
        self.waiting.clear()


def main() -> None:
    port, path, source, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    commands: queue.Queue[str] = queue.Queue()

    def read_commands() -> None:
        for line in sys.stdin:
            commands.put(line.strip())
        commands.put("")

    threading.Thread(target=read_commands, daemon=True).start()
    device = Device(port, path, source)
    on = False
    while True:
        try:
            command = commands.get(timeout=0.001 if on else 1.0)
        except queue.Empty:
            command = None
        if command == "on":
            for _ in range(count):
                device.open()
            on = True
            print("on", flush=True)
        elif command == "off":
            device.let_go()
            on = False
            print("off", flush=True)
        elif command == "":
            break
        if on:
            device.step()
    device.let_go()
    print(json.dumps({"opened": device.opened, "told": device.told}), flush=True)


if __name__ == "__main__":
    main()
