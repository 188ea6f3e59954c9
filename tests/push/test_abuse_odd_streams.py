"""A flood of odd stream requests (forged and malformed tickets, other methods, pipelined,
half-sent, oversized) from several devices at once: never a 500, nothing held beyond the caps,
and afterwards the server serves pages and streams as before."""

from __future__ import annotations

import socket
import threading

from itsdangerous import URLSafeSerializer

from benchmarks.harness import Client
from tests.attack.guarded import start, stop
from tests.push.conftest import revision
from tests.push.phones import phone_of, send_a_game
from tests.push.streams import Stream, path_of, wait_until
from tournament import push
from tournament.push.tickets import PREFIX

DEVICES = 6
ROUNDS = 3


def signed(app, value) -> str:
    """A ticket the app signed, holding something its pages never ask for."""
    return PREFIX + URLSafeSerializer(app.config["SECRET_KEY"], salt="push-stream").dumps(value)


HOST = b"Host: 127.0.0.1\r\n"


def forged_requests(app, event_id: int) -> list[bytes]:
    """Tickets signed with the app's key but holding what no page asks for: each gets a 404."""
    return [b"GET " + signed(app, value).encode() + b" HTTP/1.1\r\n" + HOST + b"\r\n" for value in
            ([event_id, True], [-1, 0], [event_id], "event", {"e": 1}, [1.5, 0], None)]


def odd_requests(app, event_id: int) -> list[bytes]:
    good = path_of(app, event_id).encode()
    host = HOST
    return [
        *forged_requests(app, event_id),
        b"GET /push/ HTTP/1.1\r\n" + host + b"\r\n",
        b"GET /push/%00%ff HTTP/1.1\r\n" + host + b"\r\n",
        b"GET " + good + b"?x=1&x=2 HTTP/1.1\r\n" + host + b"\r\n",
        b"GET " + good + b"/../../health HTTP/1.1\r\n" + host + b"\r\n",
        b"GET " + good + b" HTTP/1.1\r\n" + host + b"Last-Event-ID: " + b"9" * 5000 + b"\r\n\r\n",
        b"GET " + good + b" HTTP/1.1\r\n" + host + b"Last-Event-ID: \xff\xfe\x00\r\n\r\n",
        b"GET " + good + b" HTTP/1.0\r\n\r\n",
        b"POST " + good + b" HTTP/1.1\r\n" + host + b"Content-Length: 3\r\n\r\nabc",
        b"HEAD " + good + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"OPTIONS " + good + b" HTTP/1.1\r\n" + host + b"\r\n",
        b"GET http://127.0.0.1" + good + b" HTTP/1.1\r\n" + host + b"\r\n",
        # Pipelined behind another request: the app's own answer ("no stream here").
        b"GET /health HTTP/1.1\r\n" + host + b"\r\nGET " + good + b" HTTP/1.1\r\n" + host + b"\r\n",
        # Sent in part, then the device goes.
        b"GET " + good + b" HTTP/1.1\r\n" + host,
        b"GET " + good + b" HTTP/1.1\r\nTransfer-Encoding: chunked\r\n" + host + b"\r\n0\r\n\r\n",
    ]


def statuses_of(port: int, source: str, request: bytes) -> list[int]:
    """Every status the server answered on one connection (empty when it closed in silence)."""
    with socket.socket() as sock:
        sock.bind((source, 0))
        sock.settimeout(0.5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(request)
        data = b""
        try:
            while b"event: ready" not in data and (chunk := sock.recv(65536)):
                data += chunk
        except TimeoutError:
            pass  # a half-sent request waits for the rest, or a stream for a change
    return [int(line.split(b" ", 2)[1]) for line in data.split(b"\r\n")
            if line.startswith(b"HTTP/1.") and len(line.split(b" ", 2)) > 1 and line.split(b" ", 2)[1].isdigit()]


def test_a_flood_of_odd_stream_requests_never_answers_500_and_the_server_stays_up(app, running):
    server, thread = start(app)
    port = int(server.effective_port)
    hub = push.hub_of(app)
    requests = odd_requests(app, running)
    seen: list[int] = []
    lock = threading.Lock()

    def device(number: int) -> None:
        for _ in range(ROUNDS):
            for request in requests:
                found = statuses_of(port, f"127.0.0.{2 + number}", request)
                with lock:
                    seen.extend(found)

    try:
        devices = [threading.Thread(target=device, args=(n,)) for n in range(DEVICES)]
        for one in devices:
            one.start()
        for one in devices:
            one.join(timeout=120)
        emptied = wait_until(lambda: hub.open_streams() == 0, 10)
        refused = [statuses_of(port, "127.0.0.60", request) for request in forged_requests(app, running)]
        client = Client(f"http://127.0.0.1:{port}", timeout=10)
        try:
            health = client.get("/health").status
        finally:
            client.close()
        stream = Stream(port, path_of(app, running), source="127.0.0.50")
        try:
            assert stream.opened()
            send_a_game(f"http://127.0.0.1:{port}", phone_of(app, running, 1))
            after = str(revision(app, running))
            heard = stream.wait_for(lambda s: s.last == after)
        finally:
            stream.close()
    finally:
        stop(server, thread)
    assert seen and max(seen) < 500, sorted(set(seen))
    assert {200, 404}.issubset(seen)
    assert refused == [[404]] * len(refused)
    assert emptied, "every stream whose device went is dropped"
    assert health == 200 and heard
