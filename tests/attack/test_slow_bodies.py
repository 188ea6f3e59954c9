"""Devices sending their request bodies a byte at a time must not lock the organiser out: the
server `flask serve` runs (tournament.serving) keeps the last places under its connection limit
for the laptop itself, and closes a connection whose body is not in by its deadline, however
steadily it trickles. Loopback only: the devices are 127.0.0.2 and up, the laptop 127.0.0.1.
Bounded: about a hundred sockets, each sending at most a byte every quarter second, for at most
half a minute; the limits are scaled down so the flood fills them."""

from __future__ import annotations

import http.client
import selectors
import socket
import threading
import time
from collections import Counter

from tests.attack.guarded import start, stop, wait_until
from tournament import serving

ADDRESSES = [f"127.0.0.{n}" for n in range(2, 12)]
PER_ADDRESS = 8
LIMIT = 80
RESERVED = 12
HEAD = (b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Length: 100000\r\n\r\nu")
DRIP_EVERY = 0.25
MOST_SECONDS = 30.0


class SlowBodies:
    """Connections that send their headers at once, then their body a byte at a time, until the
    server answers or closes them. `outcome` counts what became of each: "busy" and "refused"
    (a 503 for the full server or for too many from one device), "closed" (by the server, with
    no answer), "answered" (anything else)."""

    def __init__(self, port: int, addresses: list[str], each: int):
        self.selector = selectors.DefaultSelector()
        self.outcome: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        for address in addresses:
            for _ in range(each):
                sock = socket.socket()
                sock.bind((address, 0))
                sock.settimeout(5)
                sock.connect(("127.0.0.1", port))
                sock.sendall(HEAD)
                sock.setblocking(False)
                self.selector.register(sock, selectors.EVENT_READ)
        self.thread = threading.Thread(target=self._drip, daemon=True)
        self.thread.start()

    @property
    def open(self) -> int:
        with self.lock:
            return len(self.selector.get_map())

    def _end(self, sock: socket.socket, outcome: str) -> None:
        self.outcome[outcome] += 1
        self.selector.unregister(sock)
        sock.close()

    def _drip(self) -> None:
        waited = 0.0
        while not self.stop.is_set() and waited < MOST_SECONDS:
            with self.lock:
                for key, _ in self.selector.select(timeout=0):
                    try:
                        data = key.fileobj.recv(4096)
                    except OSError:
                        data = b""
                    if data.startswith(serving.BUSY):
                        self._end(key.fileobj, "busy")
                    elif data.startswith(serving.REFUSAL):
                        self._end(key.fileobj, "refused")
                    else:
                        self._end(key.fileobj, "answered" if data else "closed")
                for key in list(self.selector.get_map().values()):
                    try:
                        key.fileobj.send(b"x")
                    except OSError:
                        self._end(key.fileobj, "closed")
            self.stop.wait(DRIP_EVERY)
            waited += DRIP_EVERY

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def answers(port: int, source: str, at_once: int = 1) -> list[int | str]:
    """The statuses of `at_once` requests from `source` on connections open together, or the
    error a request met instead."""
    connections = [http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))
                   for _ in range(at_once)]
    results: list[int | str] = []
    try:
        for connection in connections:
            connection.request("GET", "/static/app.css")
        for connection in connections:
            response = connection.getresponse()
            response.read()
            results.append(response.status)
    except OSError as error:
        results.append(type(error).__name__)
    finally:
        for connection in connections:
            connection.close()
    return results


def test_devices_trickling_bodies_fill_their_share_and_the_organiser_is_still_answered(app):
    server, thread = start(app, per_address=PER_ADDRESS, header_timeout=30, body_timeout=60,
                           connection_limit=LIMIT, reserved=RESERVED)
    port = int(server.effective_port)
    flood = SlowBodies(port, ADDRESSES, PER_ADDRESS + 2)
    try:
        filled = wait_until(lambda: len(server._map) >= LIMIT - RESERVED, 10)
        organiser = [answers(port, "127.0.0.1") for _ in range(3)]
        wait_until(lambda: "127.0.0.1" not in server.open_by_address, 10)
        # The reserve holds several of the laptop's connections at once (a few tabs), not just one.
        tabs = answers(port, "127.0.0.1", at_once=RESERVED - 4)
        # Another device gets a plain "busy", at once and without sending a byte.
        phone = socket.socket()
        phone.bind(("127.0.0.99", 0))
        phone.settimeout(5)
        try:
            phone.connect(("127.0.0.1", port))
            told = phone.recv(4096)
        except OSError as error:
            told = type(error).__name__.encode()
        finally:
            phone.close()
        # Every connection the flood opened is held or turned away, and the laptop's tabs, answered,
        # have been let go (the server sees their close a moment after the answers arrived).
        settled = wait_until(lambda: flood.open + sum(flood.outcome.values()) == len(ADDRESSES) * (PER_ADDRESS + 2)
                             and "127.0.0.1" not in server.open_by_address
                             and flood.open == sum(server.open_by_address.values()), 10)
        held = dict(server.open_by_address)
        still_trickling = flood.open
    finally:
        flood.close()
        stop(server, thread)
    assert filled, "the flood filled every place but the reserve"
    assert organiser == [[200]] * 3
    assert tabs == [200] * (RESERVED - 4)
    assert told.startswith(serving.BUSY), told
    assert settled, f"outcomes {dict(flood.outcome)}, {still_trickling} open, server holds {held}"
    assert max(held.values()) <= PER_ADDRESS and "127.0.0.1" not in held
    assert sum(held.values()) == still_trickling > 0, "the flood keeps what it holds until the body deadline"
    # The first addresses met their own cap (a "too many from this device"), the last ones the
    # full server (a "busy"); none got an answer or was dropped without one.
    assert flood.outcome["refused"] > 0 and flood.outcome["busy"] > 0
    assert flood.outcome["answered"] == flood.outcome["closed"] == 0


def test_a_body_still_trickling_at_its_deadline_is_closed_by_the_server(app):
    server, thread = start(app, per_address=PER_ADDRESS, header_timeout=30, body_timeout=1.0,
                           connection_limit=LIMIT, reserved=RESERVED)
    port = int(server.effective_port)
    flood = SlowBodies(port, ADDRESSES[:3], 3)
    try:
        # A byte every quarter second is never idle: only a deadline for the whole body ends it.
        closed = wait_until(lambda: flood.outcome["closed"] == 9, MOST_SECONDS - 5)
        still_open = flood.open
        # A request whose body arrives whole is answered, and its connection, idle past the
        # body deadline afterwards, still serves the next request.
        keep_alive = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.20", 0))
        keep_alive.request("POST", "/login", body=b"username=a&password=b",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        first = keep_alive.getresponse()
        first.read()
        time.sleep(2.5)
        keep_alive.request("GET", "/static/app.css")
        second = keep_alive.getresponse()
        second.read()
        keep_alive.close()
        left_open = dict(server.open_by_address)
    finally:
        flood.close()
        stop(server, thread)
    assert closed, f"still open after the body deadline: {still_open}, outcomes {dict(flood.outcome)}"
    assert dict(flood.outcome) == {"closed": 9}, "closed without an answer, none refused"
    assert first.status < 500 and second.status == 200
    assert not set(left_open) & set(ADDRESSES)


class _Accepted:
    """An accepted socket as far as the reserve reads it: the address the client reached."""

    def __init__(self, local: str):
        self.local = local

    def getsockname(self):
        return (self.local, 5000)


def test_the_laptop_is_known_by_its_loopback_address_or_by_reaching_its_own_address():
    assert serving.from_this_machine(_Accepted("127.0.0.1"), "127.0.0.1")
    assert serving.from_this_machine(_Accepted("::1"), "::1")
    assert serving.from_this_machine(_Accepted("::ffff:127.0.0.1"), "::ffff:127.0.0.1")
    # The laptop opening its pages through its LAN address, as the printed links and QR codes name it.
    assert serving.from_this_machine(_Accepted("192.168.1.23"), "192.168.1.23")
    assert not serving.from_this_machine(_Accepted("192.168.1.23"), "192.168.1.50")
    assert not serving.from_this_machine(_Accepted("127.0.0.1"), "127.0.0.2")
