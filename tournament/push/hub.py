"""The streams of one app: what changed last, and every open stream, written by one thread.

A server hands over a stream request's socket (`adopt`), from whichever thread parsed it. One
writer thread per app then owns every stream socket: it answers the request, tells each stream
the state of what it follows whenever that changes (`publish`, from any thread), sends a
heartbeat now and then so that a dead phone's socket fails and goes, and closes streams whose
device left. An idle stream costs a registered socket and nothing else: no thread waits on it.

A stream's state is the event's revision, and for a table's stream also the table's clock
("12" or "12.7"). It is the stream's message id too, so a browser that reconnects sends it back
(`Last-Event-ID`) and hears at once if it missed something.
"""

from __future__ import annotations

import contextlib
import logging
import selectors
import socket
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from . import tickets

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 15.0
# A browser reconnects this long after a stream breaks (the laptop's lid closed, Wi-Fi lost).
RETRY_MILLISECONDS = 2000
# Unsent bytes a stream may hold before its device counts as gone: messages are a few dozen
# bytes, so a stream this far behind has stopped reading.
MOST_PENDING = 16 * 1024
# select() on Windows watches at most 512 sockets (its FD_SETSIZE).
MOST_STREAMS = 480 if sys.platform == "win32" else 1000
_LONGEST_EVENT_ID = 64


def _head(status: bytes, headers: bytes, body: bytes = b"") -> bytes:
    # The stream route runs outside Flask: no language is known, and no page ever shows these
    # texts (EventSource reads the status only), so they are English.
    return (b"HTTP/1.1 " + status + b"\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
            b"Connection: close\r\n" + headers + b"\r\n" + body)


OPENED = _head(b"200 OK", b"Content-Type: text/event-stream; charset=utf-8\r\nX-Accel-Buffering: no\r\n",
               b"retry: %d\n\nevent: ready\ndata: 1\n\n" % RETRY_MILLISECONDS)
_NOT_FOUND_TEXT = b"No such stream."
NOT_FOUND = _head(b"404 Not Found", b"Content-Type: text/plain\r\nContent-Length: %d\r\n" % len(_NOT_FOUND_TEXT),
                  _NOT_FOUND_TEXT)
_TOO_MANY_TEXT = b"Too many live screens on this device; this one checks for changes by itself."
TOO_MANY = _head(b"429 Too Many Requests",
                 b"Content-Type: text/plain\r\nRetry-After: 60\r\nContent-Length: %d\r\n" % len(_TOO_MANY_TEXT),
                 _TOO_MANY_TEXT)
BEAT = b"event: beat\ndata: 1\n\n"


@dataclass(eq=False)
class Stream:
    sock: socket.socket
    event_id: int
    table_id: int | None
    client: str
    counted: bool  # against its address's cap (a refused or unknown stream is not)
    sent: str = ""  # the state the device has been told (or told us it has)
    pending: bytearray = field(default_factory=bytearray)
    closing: bool = False  # a refusal: closed once its answer is out


class Hub:
    def __init__(self, secret_key: str, *, per_address: int, most_streams: int = MOST_STREAMS,
                 heartbeat: float = HEARTBEAT_SECONDS) -> None:
        self.secret_key = secret_key
        self.per_address = per_address
        self.most_streams = most_streams
        self.heartbeat = heartbeat
        # Re-entrant: the writer drops a stream both while it holds the lock and while it does not.
        self._lock = threading.RLock()
        # Under the lock (any thread):
        self._revisions: dict[int, int] = {}
        self._clocks: dict[tuple[int, int], int] = {}
        self._arrivals: list[Stream] = []
        self._changed: set[int] = set()
        self._by_address: Counter[str] = Counter()
        self._open = 0
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._wake_pipe: tuple[socket.socket, socket.socket] | None = None
        # The writer thread's own:
        self._selector: selectors.BaseSelector | None = None
        self._by_event: defaultdict[int, set[Stream]] = defaultdict(set)

    # -- any thread --------------------------------------------------------------------------

    def publish(self, event_id: int, revision: int | None = None, table_id: int | None = None,
                clock: int | None = None, *, from_another_process: bool = False) -> None:
        """A committed change: the event's new revision and/or a table's new clock, from any
        thread. Only a newer revision or clock counts: two changes commit in turn, but their
        announcements leave from two request threads in either order, and another process's
        NOTIFY also echoes this process's own changes. One exception, for this process's own
        announcements: a first revision or clock (1). On SQLite a deleted event's number (and
        its tables') goes to the next new one, whose counts start again from 1."""
        with self._lock:
            news = False
            if revision is not None and self._is_news(self._revisions.get(event_id), revision, from_another_process):
                self._revisions[event_id] = revision
                news = True
            key = (event_id, table_id or 0)
            if table_id is not None and clock is not None and self._is_news(self._clocks.get(key), clock,
                                                                            from_another_process):
                self._clocks[key] = clock
                news = True
            if news and self._thread is not None and not self._stopping:
                self._changed.add(event_id)
                self._wake()

    @staticmethod
    def _is_news(known: int | None, value: int, only_newer: bool) -> bool:
        return known is None or value > known or (not only_newer and value == 1 and known != 1)

    def adopt(self, sock: socket.socket, path: str, last_event_id: str | None, client: str,
              this_machine: bool) -> None:
        """Take over a stream request's socket (the request itself is read): answer and keep it.
        The organiser's own laptop (`this_machine`) has no per-address cap: its projector tabs
        and boards are many screens on one address."""
        sock.setblocking(False)
        followed = tickets.read(self.secret_key, path)
        last = (last_event_id or "")[:_LONGEST_EVENT_ID]
        with self._lock:
            if self._stopping:
                sock.close()
                return
            if followed is None:
                stream = Stream(sock, 0, None, client, counted=False, pending=bytearray(NOT_FOUND), closing=True)
            elif self._open >= self.most_streams or (
                    not this_machine and self.per_address and self._by_address[client] >= self.per_address):
                stream = Stream(sock, 0, None, client, counted=False, pending=bytearray(TOO_MANY), closing=True)
            else:
                stream = Stream(sock, followed[0], followed[1], client, counted=True, sent=last,
                                pending=bytearray(OPENED))
                self._by_address[client] += 1
                self._open += 1
            self._arrivals.append(stream)
            self._start()
            self._wake()

    def open_streams(self) -> int:
        with self._lock:
            return self._open

    def close(self) -> None:
        """Close every stream and stop the writer (the server is closing)."""
        with self._lock:
            self._stopping = True
            thread = self._thread
            if thread is not None:
                self._wake()
        if thread is not None:
            thread.join(timeout=5)
            if thread.is_alive():
                return  # stuck: its state stays its own, and the hub stays stopped
        with self._lock:  # the app may be served again (a test's second server)
            for stream in self._arrivals:
                stream.sock.close()
            self._arrivals, self._changed = [], set()
            self._by_event.clear()
            self._stopping = False

    # -- the writer thread --------------------------------------------------------------------

    def _start(self) -> None:
        if self._thread is None:
            self._wake_pipe = socket.socketpair()
            for end in self._wake_pipe:
                end.setblocking(False)
            self._thread = threading.Thread(target=self._run, name="push-streams", daemon=True)
            self._thread.start()

    def _wake(self) -> None:
        # BlockingIOError: the writer has wake-ups waiting already; OSError: it is shutting down.
        if self._wake_pipe is not None:
            with contextlib.suppress(OSError):
                self._wake_pipe[1].send(b"\0")

    def _run(self) -> None:
        assert self._wake_pipe is not None
        waking = self._wake_pipe[0]
        selector = self._selector = selectors.DefaultSelector()
        selector.register(waking, selectors.EVENT_READ, None)
        next_beat = time.monotonic() + self.heartbeat
        try:
            while True:
                for key, mask in selector.select(max(0.0, next_beat - time.monotonic())):
                    if key.data is None:
                        self._drain(waking)
                    else:
                        self._serve(key.data, mask)
                with self._lock:
                    if self._stopping:
                        return
                    arrivals, self._arrivals = self._arrivals, []
                    changed, self._changed = self._changed, set()
                    for stream in arrivals:
                        self._welcome(stream)
                    for event_id in changed:
                        # A copy: telling a stream whose device left drops it from this set.
                        for stream in list(self._by_event.get(event_id, ())):
                            self._tell(stream)
                if time.monotonic() >= next_beat:
                    next_beat = time.monotonic() + self.heartbeat
                    for stream in [key.data for key in selector.get_map().values() if key.data is not None]:
                        if not stream.closing:
                            stream.pending += BEAT
                            self._flush(stream)
        except Exception:
            # A defect here must not leave the app without pushes: the streams go (their
            # browsers reconnect in a moment) and the next stream starts a new writer.
            log.exception("The push writer stopped; it starts again with the next stream.")
        finally:
            self._shut_down()

    @staticmethod
    def _drain(waking: socket.socket) -> None:
        try:
            while waking.recv(4096):
                pass
        except BlockingIOError:
            pass

    def _welcome(self, stream: Stream) -> None:
        """A new stream (under the lock): registered, answered, told the state it lacks."""
        assert self._selector is not None
        try:
            self._selector.register(stream.sock, selectors.EVENT_READ, stream)
        except (ValueError, OSError):  # its device left before the writer took it
            stream.sock.close()
            if stream.counted:
                self._count_out(stream.client)
            return
        if not stream.closing:
            self._by_event[stream.event_id].add(stream)
            self._tell(stream)
        self._flush(stream)

    def _state(self, stream: Stream) -> str | None:
        revision = self._revisions.get(stream.event_id)
        if stream.table_id is None:
            return None if revision is None else str(revision)
        clock = self._clocks.get((stream.event_id, stream.table_id))
        if revision is None and clock is None:
            return None
        return f"{'' if revision is None else revision}.{'' if clock is None else clock}"

    def _tell(self, stream: Stream) -> None:
        state = self._state(stream)
        if state is not None and state != stream.sent:
            stream.sent = state
            stream.pending += b"id: %s\ndata: %s\n\n" % (state.encode(), state.encode())
            self._flush(stream)

    def _serve(self, stream: Stream, mask: int) -> None:
        if mask & selectors.EVENT_READ:
            try:
                if not stream.sock.recv(4096):
                    self._drop(stream)  # the device closed it
                    return
            except BlockingIOError:
                pass
            except OSError:
                self._drop(stream)
                return
        if mask & selectors.EVENT_WRITE:
            self._flush(stream)

    def _flush(self, stream: Stream) -> None:
        if stream.pending:
            try:
                sent = stream.sock.send(stream.pending)
                del stream.pending[:sent]
            except BlockingIOError:
                pass
            except OSError:
                self._drop(stream)
                return
        if len(stream.pending) > MOST_PENDING or (stream.closing and not stream.pending):
            self._drop(stream)
            return
        assert self._selector is not None
        wanted = selectors.EVENT_READ | (selectors.EVENT_WRITE if stream.pending else 0)
        if self._selector.get_key(stream.sock).events != wanted:
            self._selector.modify(stream.sock, wanted, stream)

    def _drop(self, stream: Stream) -> None:
        assert self._selector is not None
        try:
            self._selector.unregister(stream.sock)
        except (KeyError, ValueError):
            return  # dropped already
        stream.sock.close()
        self._by_event[stream.event_id].discard(stream)
        if not self._by_event[stream.event_id]:
            del self._by_event[stream.event_id]
        if stream.counted:
            self._count_out(stream.client)

    def _count_out(self, client: str) -> None:
        with self._lock:
            self._open -= 1
            self._by_address[client] -= 1
            if self._by_address[client] <= 0:
                del self._by_address[client]

    def _shut_down(self) -> None:
        assert self._selector is not None and self._wake_pipe is not None
        for key in list(self._selector.get_map().values()):
            if key.data is not None:
                key.data.sock.close()
        self._selector.close()
        for end in self._wake_pipe:
            end.close()
        with self._lock:
            self._open = 0
            self._by_address.clear()
            self._by_event.clear()
            self._thread, self._wake_pipe, self._selector = None, None, None
