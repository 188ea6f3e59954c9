"""A screen's `EventSource`, as the benchmarks need it: one socket to `/push/<ticket>`, read as
a browser reads a Server-Sent Events stream (messages end with a blank line; `event:` names the
kind, "message" when absent; `id:` is what a reconnecting browser sends back as Last-Event-ID)."""

from __future__ import annotations

import selectors
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from tournament.push.tickets import stream_path


def secret_of(instance: Path) -> str:
    """The served app's secret key, which signs its stream tickets: the one `flask serve`
    keeps in its instance folder (read once the server has started)."""
    return (instance / "secret_key").read_text().strip()


def ticket(instance: Path, event_id: int, table_id: int | None = None) -> str:
    return stream_path(secret_of(instance), event_id, table_id)


@dataclass(frozen=True)
class Message:
    event: str  # "message" (a change), "ready", "beat"
    id: str | None
    data: str


class EventStream:
    def __init__(self, base: str, path: str, last_event_id: str | None = None, timeout: float = 30.0,
                 source: str | None = None) -> None:
        parts = urlsplit(base)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout,
                                             source_address=(source, 0) if source else None)
        headers = f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n"
        if last_event_id:
            headers += f"Last-Event-ID: {last_event_id}\r\n"
        self.sock.sendall((headers + "\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError(f"the stream closed before its answer: {self.buffer[:200]!r}")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.status = int(head.split(b" ", 2)[1])
        self.headers = head.decode("latin-1")
        self.sock.setblocking(False)
        self.last_id: str | None = last_event_id

    def fileno(self) -> int:
        return self.sock.fileno()

    def read(self, timeout: float) -> list[Message]:
        """The messages complete within `timeout` seconds (none when nothing came)."""
        found = self._parse()
        if found:
            return found
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(self.sock, selectors.EVENT_READ)
            while not found:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return []
                self.feed()
                found = self._parse()
        return found

    def feed(self) -> None:
        """Take what the socket holds (the caller knows it is readable)."""
        try:
            chunk = self.sock.recv(65536)
        except BlockingIOError:
            return
        if not chunk:
            raise ConnectionError("the server closed the stream")
        self.buffer += chunk

    def take(self) -> list[Message]:
        return self._parse()

    def _parse(self) -> list[Message]:
        messages = []
        while b"\n\n" in self.buffer:
            block, self.buffer = self.buffer.split(b"\n\n", 1)
            fields: dict[str, str] = {}
            for line in block.decode().split("\n"):
                name, _, value = line.partition(":")
                if name:  # a line starting with ":" is a comment
                    fields[name] = value.removeprefix(" ")
            if "id" in fields:
                self.last_id = fields["id"]
            if "data" in fields:
                messages.append(Message(fields.get("event", "message"), fields.get("id"), fields["data"]))
        return messages

    def close(self) -> None:
        self.sock.close()
