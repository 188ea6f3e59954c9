"""A stream as a screen holds it, read byte by byte from a raw socket: the test sees exactly
what the hub sends (status, `retry:`, `ready`, each message id, heartbeats) and when the server
closes it."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

from tournament.push.tickets import stream_path


def path_of(app, event_id: int, table_id: int | None = None) -> str:
    return stream_path(app.config["SECRET_KEY"], event_id, table_id)


class Stream:
    """One open `/push/...` request. `messages` are the ids told, in order; `beats` counts
    heartbeats; `status` is the answer's status (0 before it came)."""

    def __init__(self, port: int, path: str, *, source: str = "127.0.0.1", last_event_id: str | None = None,
                 host: str = "127.0.0.1", timeout: float = 10.0):
        self.sock = socket.socket()
        self.sock.bind((source, 0))
        self.sock.settimeout(timeout)
        self.sock.connect((host, port))
        extra = b"" if last_event_id is None else b"Last-Event-ID: " + last_event_id.encode() + b"\r\n"
        self.sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          b"Accept: text/event-stream\r\n" + extra + b"\r\n")
        self.buffer = b""
        self.head = b""
        self.status = 0
        self.body = b""
        self.messages: list[str] = []
        self.beats = 0
        self.ready = False
        self.closed = False

    def _read_some(self, timeout: float) -> bool:
        """Whatever arrives within `timeout`; False when nothing did (or the server closed)."""
        if self.closed:
            return False
        self.sock.settimeout(max(timeout, 0.001))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return False
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.buffer += data
        self._parse()
        return True

    def _parse(self) -> None:
        if not self.status:
            if b"\r\n\r\n" not in self.buffer:
                return
            self.head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
            self.status = int(self.head.split(b" ", 2)[1])
        if self.status != 200:
            self.body, self.buffer = self.body + self.buffer, b""
            return
        while b"\n\n" in self.buffer:
            block, _, self.buffer = self.buffer.partition(b"\n\n")
            fields = dict(line.split(b": ", 1) for line in block.split(b"\n") if b": " in line)
            if fields.get(b"event") == b"ready":
                self.ready = True
            elif fields.get(b"event") == b"beat":
                self.beats += 1
            elif b"id" in fields:
                assert fields.get(b"data") == fields[b"id"], block
                self.messages.append(fields[b"id"].decode())

    def wait_for(self, condition: Callable[[Stream], bool], seconds: float = 5.0) -> bool:
        """Whether `condition` holds within `seconds` (bounded: a broken hub fails, never hangs)."""
        deadline = time.monotonic() + seconds
        while not condition(self):
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return condition(self)
            self._read_some(left)
        return True

    def opened(self, seconds: float = 5.0) -> bool:
        return self.wait_for(lambda s: s.ready or (s.status not in (0, 200)), seconds) and self.status == 200

    def answered(self, seconds: float = 5.0) -> int:
        """The status, once the server has answered (and, for a refusal, closed)."""
        self.wait_for(lambda s: s.ready or s.closed, seconds)
        return self.status

    def quiet_for(self, seconds: float) -> list[str]:
        """The messages that arrive within `seconds` (to show that none does)."""
        before = len(self.messages)
        self.wait_for(lambda s: False, seconds)
        return self.messages[before:]

    @property
    def last(self) -> str | None:
        return self.messages[-1] if self.messages else None

    def close(self) -> None:
        self.sock.close()
        self.closed = True


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


class Reader:
    """Many streams read by one thread (a test's hundred screens), each keeping its messages."""

    def __init__(self, streams: list[Stream]):
        import selectors

        self.streams = streams
        self.selector = selectors.DefaultSelector()
        for stream in streams:
            stream.sock.setblocking(False)
            self.selector.register(stream.sock, selectors.EVENT_READ, stream)
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.05):
                stream: Stream = key.data
                try:
                    data = stream.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                with self.lock:
                    if not data:
                        stream.closed = True
                        self.selector.unregister(stream.sock)
                        continue
                    stream.buffer += data
                    stream._parse()

    def all(self, condition: Callable[[Stream], bool], seconds: float) -> bool:
        def holds() -> bool:
            with self.lock:
                return all(condition(stream) for stream in self.streams)
        return wait_until(holds, seconds)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        self.selector.close()
        for stream in self.streams:
            stream.close()
