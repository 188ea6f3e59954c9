"""The hub's writer survives what devices do: one leaving while a change is told to the others,
or a client sending more requests behind a stream request on the same connection."""

from __future__ import annotations

import socket

from tournament.push import tickets
from tournament.push.hub import Hub


def _read_until(sock: socket.socket, marker: bytes) -> bytes:
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    return data


def test_a_device_gone_while_a_change_is_told_leaves_the_others_told_and_the_writer_running():
    hub = Hub("key", per_address=0)
    path = tickets.stream_path("key", 1)
    hub.publish(1, revision=1)
    pairs = []
    try:
        for number in range(5):
            held, device = socket.socketpair()
            device.settimeout(10)
            hub.adopt(held, path, None, f"10.0.0.{number}", this_machine=False)
            _read_until(device, b"data: 1\n\n")
            pairs.append((held, device))
        # The third device is unreachable: the hub's next send to it fails, mid-broadcast.
        pairs[2][0].shutdown(socket.SHUT_WR)
        hub.publish(1, revision=2)
        for number, (_held, device) in enumerate(pairs):
            if number != 2:
                assert b"data: 2\n\n" in _read_until(device, b"data: 2\n\n")
        hub.publish(1, revision=3)  # the writer still runs: later changes are told too
        assert b"data: 3\n\n" in _read_until(pairs[0][1], b"data: 3\n\n")
        assert hub.open_streams() == 4
    finally:
        hub.close()
        for held, device in pairs:
            held.close()
            device.close()


def _pipelined(app, live_server, request_behind: bytes) -> bytes:
    sock = socket.create_connection(("127.0.0.1", int(live_server.effective_port)), timeout=3)
    path = tickets.stream_path(app.config["SECRET_KEY"], 1)
    with sock:
        sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + request_behind)
        data = _read_until(sock, b"event: ready\ndata: 1\n\n")
        sock.settimeout(1)
        try:  # whatever else arrives within a second on this connection
            while chunk := sock.recv(65536):
                data += chunk
        except TimeoutError:
            pass
    return data


def test_a_request_pipelined_behind_a_stream_request_is_never_answered_on_the_stream(app, live_server):
    data = _pipelined(app, live_server, b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert data.count(b"HTTP/1.1 ") == 1 and data.startswith(b"HTTP/1.1 200 OK")


def test_stream_requests_pipelined_on_one_connection_hold_one_stream(app, live_server):
    hub = app.extensions["push"]
    path = tickets.stream_path(app.config["SECRET_KEY"], 1).encode()
    data = _pipelined(app, live_server, b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 5)
    assert data.count(b"event: ready") == 1
    assert hub.open_streams() <= 1
