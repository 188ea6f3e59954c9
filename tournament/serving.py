"""The LAN server: waitress, with the guards a classroom network needs.

Waitress counts connections for the whole server only, so one device (a broken phone, a
script) holding the whole connection limit with requests it never finishes locks every phone
and projector out, and a few devices sending their request bodies a byte at a time lock out
the organiser's laptop too. Here:

- one client address holds at most `per_address` connections; further ones get a short 503
  and are closed at once, and every other address is served as usual;
- a connection must deliver its request headers within `header_timeout` seconds of opening
  (or of its first byte on a reused connection), and then the whole body within
  `body_timeout` seconds, however steadily it trickles in; otherwise it is closed;
- the last `reserved` places under the connection limit belong to the organiser: connections
  from this machine (127.0.0.1, ::1, or the very address the connection reached the server on)
  may take them; any other connection gets a short 503 and is closed once only the reserve is
  left, so the laptop keeps its pages however many devices hold the rest.

Streams (`/push/...`, see the `push` package) never reach a worker thread: the loop thread
hands each one's socket to the app's hub once its request is read, and the hub's single writer
thread keeps it. So an idle projector or phone holds no thread, and a stream counts against
the hub's own per-address cap instead of this server's connection cap.

`flask serve` and the tests start the server through `create_server` alone.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from . import config
from .push import Hub
from .push.listener import Listener
from .push.tickets import PREFIX as STREAM_PREFIX

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication

CONNECTION_LIMIT = 1000
# The organiser's laptop needs a browser's handful of connections per open tab (the room page,
# the projector, an export); the listening socket and waitress's wake-up pipe count too.
RESERVED_FOR_ORGANISER = 50
CONNECTIONS_PER_ADDRESS = config.CONNECTIONS_PER_ADDRESS
HEADER_TIMEOUT = config.REQUEST_HEADER_TIMEOUT
BODY_TIMEOUT = config.REQUEST_BODY_TIMEOUT
ORGANISER_ADDRESSES = frozenset({"127.0.0.1", "::1"})
# How often open connections are checked for unfinished headers and bodies (waitress checks
# idle connections every 30 s by default, far too late to count as a timeout of a few seconds).
CHECK_INTERVAL = 1.0
ACCEPTS_PER_WAKEUP = 32
_REFUSAL_TEXT = b"Too many connections from this device. Reload the page in a moment."
_BUSY_TEXT = b"The server is busy. Reload the page in a moment."


def _unavailable(text: bytes) -> bytes:
    # Sent before a byte of the request is read: no language is known, so the text is English.
    return (b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(text), text))


REFUSAL = _unavailable(_REFUSAL_TEXT)
BUSY = _unavailable(_BUSY_TEXT)


class GuardedChannel(HTTPChannel):
    """Counts itself against its client address and remembers when its request began and when
    that request's body began."""

    counted = False
    adopted = False  # its connection went to the push hub: nothing more is read or answered here
    body_of: Any = None  # the request whose body is being read (waitress ships no types)
    body_began = 0.0

    def __init__(self, server: GuardedServer, sock: socket.socket, addr: Any, adj: Adjustments,
                 map: dict[int, Any] | None = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self.request_began = self.creation_time

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.request_began = time.time()
        result: bool = super().received(data)
        request = self.request
        if request is None:
            self.body_of = None  # a finished request's body buffer may be megabytes: hold none
        elif request.headers_finished and request is not self.body_of:
            self.body_of, self.body_began = request, time.time()
        return result

    def waiting_too_long_for_headers(self, cutoff: float) -> bool:
        waiting = self.request is not None and not self.request.headers_finished
        never_spoke = self.request is None and not self.requests and self.last_activity == self.creation_time
        return bool((waiting or never_spoke) and not self.requests and self.request_began < cutoff)

    def waiting_too_long_for_body(self, now: float, timeout: float) -> bool:
        """A total deadline, not an idle one: a byte a second keeps a connection active forever."""
        request = self.request
        if request is None or request is not self.body_of or request.completed:
            return False
        if self.requests:
            # No byte of this body is read while an earlier response is being made; its clock
            # starts once that response is out.
            self.body_began = now
            return False
        return bool(self.body_began < now - timeout)

    def del_channel(self, map: dict[int, Any] | None = None) -> None:
        super().del_channel(map)
        self.server.forget(self)

    def adopt_stream(self, hub: Hub) -> bool:
        """Give a stream request's connection to the hub; False for any other request. Only on
        the loop thread, for a connection's only request: then no worker thread and no earlier
        response can touch the socket (a pipelined stream request goes to the app's fallback)."""
        if threading.get_ident() != self.server.loop_ident or len(self.requests) != 1 or self.total_outbufs_len:
            return False
        request = self.requests[0]
        # A request waitress refused while parsing (an error to answer) has no command or path.
        path = str(getattr(request, "path", ""))
        if getattr(request, "command", None) != "GET" or not path.startswith(STREAM_PREFIX):
            return False
        client = self.addr[0] if isinstance(self.addr, tuple) else str(self.addr)
        # A second descriptor of the connection: waitress closes its own (it never shuts the
        # connection down), the hub keeps the other.
        sock = self.socket.dup()
        self.requests.clear()
        self.adopted = self.will_close = True
        hub.adopt(sock, path, request.headers.get("LAST_EVENT_ID"), client,
                  from_this_machine(self.socket, client))
        return True


class GuardedServer(TcpWSGIServer):
    channel_class = GuardedChannel

    loop_ident: int | None = None  # the thread running the loop, once it runs

    def __init__(self, *args: Any, per_address: int = CONNECTIONS_PER_ADDRESS, header_timeout: float = HEADER_TIMEOUT,
                 body_timeout: float = BODY_TIMEOUT, reserved: int = RESERVED_FOR_ORGANISER,
                 hub: Hub | None = None, listener: Listener | None = None, **kwargs: Any) -> None:
        self.hub = hub
        self.listener = listener
        self.per_address = per_address
        self.header_timeout = header_timeout
        self.body_timeout = body_timeout
        self.reserved = reserved
        self.open_by_address: Counter[str] = Counter()
        self.counting = threading.Lock()
        super().__init__(*args, **kwargs)

    def run(self) -> None:
        self.loop_ident = threading.get_ident()
        super().run()

    def add_task(self, task: Any) -> None:
        if isinstance(task, GuardedChannel) and task.adopted:
            # waitress goes on parsing what the same read brought (a pipelined request behind
            # the stream's): none of it is answered on a connection the hub now writes to.
            task.requests.clear()
            return
        if not (self.hub is not None and isinstance(task, GuardedChannel) and task.adopt_stream(self.hub)):
            super().add_task(task)

    def close(self) -> None:
        super().close()
        if self.listener is not None:
            self.listener.stop()
        if self.hub is not None:
            self.hub.close()

    def handle_accept(self) -> None:
        # Several per wake-up: each wake-up polls every open connection, so accepting one at a
        # time costs a thousand-socket poll per refused connection during a flood.
        for _ in range(ACCEPTS_PER_WAKEUP):
            if not self._accept_one():
                return

    def _accept_one(self) -> bool:
        """Accept one waiting connection or refuse it; False when none was waiting."""
        try:
            accepted = self.accept()
            if accepted is None:
                return False
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            return False
        addr = self.fix_addr(addr)
        client = addr[0] if isinstance(addr, tuple) else str(addr)
        with self.counting:
            refusal = None
            if self.per_address and self.open_by_address[client] >= self.per_address:
                refusal = REFUSAL
            elif len(self._map) >= self.adj.connection_limit - self.reserved and not from_this_machine(conn, client):
                refusal = BUSY
            else:
                self.open_by_address[client] += 1
        if refusal is not None:
            _refuse(conn, refusal)
            return True
        try:
            channel = self.channel_class(self, conn, addr, self.adj, map=self._map)
        except Exception:
            with self.counting:
                self._decrement(client)
            conn.close()
            raise
        channel.counted = True
        return bool(len(self._map) < self.adj.connection_limit)

    def forget(self, channel: GuardedChannel) -> None:
        if channel.counted:
            channel.counted = False
            with self.counting:
                self._decrement(channel.addr[0] if isinstance(channel.addr, tuple) else str(channel.addr))

    def _decrement(self, client: str) -> None:
        self.open_by_address[client] -= 1
        if self.open_by_address[client] <= 0:
            del self.open_by_address[client]

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        cutoff = now - self.header_timeout
        for channel in list(self.active_channels.values()):
            if isinstance(channel, GuardedChannel) and (channel.waiting_too_long_for_headers(cutoff)
                                                        or channel.waiting_too_long_for_body(now, self.body_timeout)):
                channel.will_close = True


def options_for(config: Mapping[str, Any]) -> dict[str, Any]:
    """The guards and proxy handling `flask serve` takes from the app's configuration."""
    behind_proxy = bool(config["PROXY_FIX"])
    return {
        # Behind a reverse proxy every connection comes from the proxy: no per-address cap.
        "per_address": 0 if behind_proxy else config["CONNECTIONS_PER_ADDRESS"],
        "header_timeout": config["REQUEST_HEADER_TIMEOUT"],
        "body_timeout": config["REQUEST_BODY_TIMEOUT"],
        # Waitress drops X-Forwarded-* headers by default; with PROXY_FIX the app reads them.
        "clear_untrusted_proxy_headers": not behind_proxy,
    }


def from_this_machine(conn: socket.socket, client: str) -> bool:
    """Whether the organiser's laptop opened the connection: a loopback address, or (a page
    opened through the laptop's own LAN address) the address the connection reached."""
    client = client.removeprefix("::ffff:")
    if client in ORGANISER_ADDRESSES:
        return True
    try:
        local = conn.getsockname()[0]
    except (OSError, IndexError, TypeError):
        return False
    return isinstance(local, str) and local.removeprefix("::ffff:") == client


def _refuse(conn: socket.socket, answer: bytes = REFUSAL) -> None:
    try:
        conn.setblocking(False)
        conn.send(answer)
        # Closed with the request unread, the socket would send a reset, and a reset makes the
        # device drop the answer before reading it.
        conn.recv(65536)
    except OSError:
        pass
    finally:
        conn.close()


def room_for_descriptors(wanted: int) -> None:
    """Every connection and every stream holds a file descriptor, and a laptop's default
    allowance per process (1024 on Linux, 256 on macOS) is below what the server may hold: raise
    it as far as the system lets a process. (Windows has no such allowance.)"""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def create_server(app: WSGIApplication, host: str, port: int, threads: int = 16, *,
                  per_address: int = CONNECTIONS_PER_ADDRESS,
                  header_timeout: float = HEADER_TIMEOUT, body_timeout: float = BODY_TIMEOUT,
                  connection_limit: int = CONNECTION_LIMIT, reserved: int = RESERVED_FOR_ORGANISER,
                  **adjustments: Any) -> GuardedServer:
    """The server `flask serve` runs (call `.run()`); port 0 picks a free one (`.effective_port`).
    `per_address=0` turns the per-address cap off (behind a reverse proxy every connection comes
    from the proxy's address). `reserved` of the `connection_limit` places are kept for
    connections from this machine."""
    if not 0 <= reserved < connection_limit:
        raise ValueError(f"the reserve ({reserved}) must leave room under the connection limit ({connection_limit})")
    adj = Adjustments(host=host, port=port, threads=threads, ident="tournament",
                      # A lecture hall's phones plus projectors keep more than waitress's
                      # default of 100 connections open.
                      connection_limit=connection_limit, cleanup_interval=CHECK_INTERVAL,
                      # select() fails outright on a descriptor numbered 1024 or more, which a
                      # thousand connections reach; poll() has no such limit.
                      asyncore_use_poll=True, **adjustments)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    from . import push

    room_for_descriptors(connection_limit + push.hub.MOST_STREAMS + 100)

    hub = push.hub_of(app)
    return GuardedServer(app, {}, dispatcher=dispatcher, adj=adj, sockinfo=adj.listen[0],
                         per_address=per_address, header_timeout=header_timeout, body_timeout=body_timeout,
                         reserved=reserved, hub=hub, listener=push.listen(app))
