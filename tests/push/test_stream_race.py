"""Results from several tables at once, against the real threaded server, while screens hold
streams: whatever order the commits and their announcements interleave in, every screen ends
on the revision the database holds, and never hears an older one after a newer."""

from __future__ import annotations

import threading

from benchmarks.harness import Client
from benchmarks.phones import Tally
from tests.push.conftest import revision
from tests.push.phones import phone_of
from tests.push.streams import Reader, Stream, path_of

TRIES = 6
TABLES = 3
SCREENS = 10


def test_every_stream_ends_on_the_databases_revision_after_simultaneous_results(app, live_server, running):
    port = int(live_server.effective_port)
    phones = [phone_of(app, running, number) for number in range(1, TABLES + 1)]
    streams = [Stream(port, path_of(app, running)) for _ in range(SCREENS)]
    errors: list[str] = []
    ends: list[tuple[str, list[str | None]]] = []
    reader = None
    try:
        assert all(stream.opened() for stream in streams)
        reader = Reader(streams)
        for attempt in range(TRIES):
            barrier = threading.Barrier(TABLES)

            def send(index: int, step: int, barrier: threading.Barrier) -> None:
                client = Client(live_server.url, timeout=30)
                try:
                    barrier.wait(timeout=30)
                    phones[index].turn(client, Tally(), step)
                except Exception as error:  # every failure is counted, none ends the run early
                    errors.append(f"table {index + 1}: {error!r}"[:300])
                finally:
                    client.close()

            senders = [threading.Thread(target=send, args=(i, attempt, barrier)) for i in range(TABLES)]
            for sender in senders:
                sender.start()
            for sender in senders:
                sender.join(timeout=60)
            now = str(revision(app, running))
            reader.all(lambda s, now=now: s.last == now, 5)
            with reader.lock:
                ends.append((now, [stream.last for stream in streams]))
        with reader.lock:
            heard = [list(stream.messages) for stream in streams]
    finally:
        if reader is not None:
            reader.close()
        for stream in streams:
            stream.close()
    assert errors == []
    assert all(lasts == [now] * SCREENS for now, lasts in ends), ends
    for messages in heard:
        told = [int(message) for message in messages]
        assert told == sorted(set(told)), told
