"""What counts as news for a stream: this process's own announcements always, another
process's NOTIFY only when newer (it also echoes this process's own changes)."""

from __future__ import annotations

import socket

import pytest

from tournament.push.tickets import stream_path


def _open_stream(server, path: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", int(server.effective_port)), timeout=10)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    _read_until(sock, b"event: ready\ndata: 1\n\n")
    return sock


def _read_until(sock: socket.socket, marker: bytes) -> bytes:
    data = b""
    while marker not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise AssertionError(f"the stream closed before {marker!r}; it sent {data!r}")
        data += chunk
    return data


@pytest.fixture
def stream(app, live_server):
    sock = _open_stream(live_server, stream_path(app.config["SECRET_KEY"], 41))
    yield app.extensions["push"], sock
    sock.close()


def test_a_lower_revision_announced_here_is_news_because_sqlite_reuses_a_deleted_events_number(stream):
    hub, sock = stream
    hub.publish(41, revision=9)
    _read_until(sock, b"data: 9\n\n")
    hub.publish(41, revision=1)  # a new event under the deleted one's number
    _read_until(sock, b"data: 1\n\n")


def test_another_processes_notify_is_news_only_when_newer(stream):
    hub, sock = stream
    hub.publish(41, revision=9)
    _read_until(sock, b"data: 9\n\n")
    hub.publish(41, revision=9, from_another_process=True)  # the echo of this process's own change
    hub.publish(41, revision=8, from_another_process=True)  # an older one, arriving late
    hub.publish(41, revision=10, from_another_process=True)
    received = _read_until(sock, b"data: 10\n\n")
    assert b"data: 8\n" not in received and received.count(b"data: 9\n") == 0
