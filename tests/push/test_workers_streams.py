"""`serve --workers N` (gunicorn, PostgreSQL): a change committed by one worker process reaches
the streams every other worker holds, through LISTEN/NOTIFY; and streams handed over to the hub
leave no connection counted in gunicorn, however many open and close."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import create_engine, select, text

from benchmarks.harness import Client, Server
from benchmarks.load import prepared_event
from benchmarks.phones import Phone
from tests.conftest import PG_URL, worker_database
from tests.push.phones import send_a_game
from tests.push.streams import Reader, Stream, wait_until
from tournament import _instance_secret_key
from tournament.models import Event
from tournament.push.publication import CHANNEL
from tournament.push.tickets import stream_path

pytestmark = pytest.mark.postgres

WORKERS = 3
STREAMS = 24


@pytest.fixture
def served(tmp_path, gunicorn_installed):
    """An event with a running round, served by `serve --workers 3` on a database of its own."""
    assert PG_URL is not None
    url, built, _number = prepared_event(tmp_path, worker_database(PG_URL, "tournament_push_workers"), tables=3,
                                         seats=4)
    server = Server(tmp_path, url, threads=4, workers=WORKERS).start()
    try:
        yield server, url, built, _instance_secret_key(tmp_path)
    finally:
        server.stop()


def listeners(url: str) -> int:
    """The server processes LISTENing for the others' changes."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.scalar(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query = :q"),
                {"q": f"LISTEN {CHANNEL}"})
    finally:
        engine.dispose()


def committed_revision(url: str, event_id: int) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.scalar(select(Event.revision).where(Event.id == event_id))
    finally:
        engine.dispose()


def test_a_change_through_one_worker_reaches_a_stream_held_by_another(served):
    server, url, built, secret = served
    assert wait_until(lambda: listeners(url) == WORKERS, 20), "every worker listens for the others' changes"
    path = stream_path(secret, built.event_id)
    # Opened at once from several threads, so that the workers share them out (which worker
    # accepts a connection is the kernel's choice: every stream must hear the change).
    streams: list[Stream] = []
    lock = threading.Lock()

    def open_one() -> None:
        stream = Stream(server.port, path)
        with lock:
            streams.append(stream)

    openers = [threading.Thread(target=open_one) for _ in range(STREAMS)]
    for opener in openers:
        opener.start()
    for opener in openers:
        opener.join(timeout=30)
    reader = None
    try:
        assert len(streams) == STREAMS and all(stream.opened(10) for stream in streams)
        reader = Reader(streams)
        send_a_game(server.base, Phone(1, built.table_tokens[1]))
        after = str(committed_revision(url, built.event_id))
        assert reader.all(lambda s: s.last == after, 10), [s.last for s in streams]
        # A screen coming back (whichever process takes it) catches up from what it last saw.
        behind = [Stream(server.port, path, last_event_id=str(int(after) - 1)) for _ in range(2 * WORKERS)]
        up_to_date = [Stream(server.port, path, last_event_id=after) for _ in range(2 * WORKERS)]
        try:
            assert all(stream.opened(10) for stream in behind + up_to_date)
            assert all(stream.wait_for(lambda s: s.messages == [after]) for stream in behind)
            for stream in up_to_date:
                stream.quiet_for(0.1)
            assert [stream.messages for stream in up_to_date] == [[]] * (2 * WORKERS)
        finally:
            for stream in behind + up_to_date:
                stream.close()
    finally:
        if reader is not None:
            reader.close()
        for stream in streams:
            stream.close()


@pytest.fixture
def few_connections(monkeypatch):
    """Each worker accepts at most this many connections at once (gunicorn reads its settings
    from GUNICORN_CMD_ARGS after the config file): a stream counted and never let go would
    soon stop the worker accepting anything."""
    monkeypatch.setenv("GUNICORN_CMD_ARGS", "--worker-connections 20")


def test_streams_opened_and_closed_by_the_hundred_leave_every_worker_accepting(few_connections, served):
    server, _url, built, secret = served
    path = stream_path(secret, built.event_id)
    for _ in range(10):
        batch = [Stream(server.port, path) for _ in range(20)]
        assert all(stream.opened(10) for stream in batch)
        for stream in batch:
            stream.close()
    client = Client(server.base, timeout=10)
    try:
        statuses = [client.get(f"/p/{built.projector_token}/feed.json").status for _ in range(3 * WORKERS)]
    finally:
        client.close()
    assert statuses == [200] * (3 * WORKERS)
    fresh = [Client(server.base, timeout=10) for _ in range(3 * WORKERS)]
    try:
        assert [one.get("/health").status for one in fresh] == [200] * (3 * WORKERS)
    finally:
        for one in fresh:
            one.close()
    # A phone's device is capped in every process; each process counts its own streams.
    cap = 8
    phone = [Stream(server.port, path, source="127.0.0.2") for _ in range(cap * WORKERS + 1)]
    try:
        answers = [stream.answered(10) for stream in phone]
    finally:
        for stream in phone:
            stream.close()
    assert set(answers) <= {200, 429} and answers.count(429) >= 1 and answers.count(200) <= cap * WORKERS
