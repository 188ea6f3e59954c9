"""Streams hold no worker thread: a server with two threads keeps fifty screens' streams open
and still answers every ordinary page, and a change reaches all fifty."""

from __future__ import annotations

import threading

from benchmarks.harness import Client
from tests.attack.guarded import stop
from tests.push.conftest import revision
from tests.push.phones import phone_of, send_a_game
from tests.push.streams import Reader, Stream, path_of
from tests.room.conftest import tokens
from tournament import push, serving


def test_fifty_open_streams_leave_a_two_thread_server_answering_pages(app, running):
    server = serving.create_server(app, host="127.0.0.1", port=0, threads=2)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    port = int(server.effective_port)
    base = f"http://127.0.0.1:{port}"
    streams = [Stream(port, path_of(app, running), source=f"127.0.0.{2 + n // 5}") for n in range(50)]
    reader = None
    try:
        assert all(stream.opened() for stream in streams)
        assert push.hub_of(app).open_streams() == 50
        reader = Reader(streams)
        client = Client(base, timeout=5)
        try:
            statuses = [client.get(path).status for path in
                        ["/health", "/static/app.css", f"/p/{tokens(app, running)['projector']}/feed.json"] * 5]
        finally:
            client.close()
        assert statuses == [200] * 15
        send_a_game(base, phone_of(app, running, 2))
        after = str(revision(app, running))
        assert reader.all(lambda s: s.last == after, 10)
        assert not any(stream.closed for stream in streams)
    finally:
        if reader is not None:
            reader.close()
        for stream in streams:
            stream.close()
        stop(server, thread)
