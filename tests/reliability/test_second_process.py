"""A second process on the SQLite file the real server is using: the README's password reset,
a `db-upgrade`, a plain sqlite3 reader, another `flask serve`. Phones record games on the real
server (`flask --app tournament serve` in a subprocess, as `make run` starts it) before, during
and after it; then the server is killed with SIGKILL and restarted, records more, is stopped and
restarted. Every game a phone was told was saved must be in the database, and no request may
have failed on the way."""

from __future__ import annotations

import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from benchmarks.build import USERNAME
from benchmarks.harness import Client, Server, free_port
from benchmarks.load import prepared_event
from benchmarks.phones import Phone, Tally, check_games

pytestmark = pytest.mark.sqlite  # processes sharing one SQLite file

TABLES = 4
NEW_PASSWORD = "battery staple"
READER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
print(connection.execute("SELECT count(*) FROM games").fetchone()[0])
connection.close()
"""


class Hall:
    """The phones of an event's tables, each keeping count of its turns across server restarts."""

    def __init__(self, phones: list[Phone], projector_token: str):
        self.phones, self.projector_token = phones, projector_token
        self.steps = {phone.table: 0 for phone in phones}
        self.tally = Tally()

    def confirmed(self) -> int:
        return sum(len(phone.acked) for phone in self.phones)

    def _phone(self, base: str, phone: Phone, turns: int | None, stop: threading.Event) -> None:
        client = Client(base)
        try:
            done = 0
            while (done < turns) if turns is not None else not stop.is_set():
                phone.turn(client, self.tally, self.steps[phone.table])
                self.steps[phone.table] += 1
                done += 1
        except Exception as error:  # the server refused or failed a request: counted, never ignored
            self.tally.error(f"table {phone.table}: {error!r}"[:300])
        finally:
            client.close()

    def _projector(self, base: str, stop: threading.Event) -> None:
        client = Client(base)
        try:
            while not stop.is_set():
                status = client.get(f"/p/{self.projector_token}/feed.json").status
                if status != 200:
                    self.tally.error(f"projector: {status}")
                stop.wait(0.2)
        finally:
            client.close()

    @contextmanager
    def recording(self, server: Server, turns: int | None = None):
        """Every phone at once (so the server answers on several database connections) plus a
        projector; `turns` each, or until the block ends."""
        stop = threading.Event()
        phones = [threading.Thread(target=self._phone, args=(server.base, phone, turns, stop)) for phone in self.phones]
        projector = threading.Thread(target=self._projector, args=(server.base, stop))
        for thread in (*phones, projector):
            thread.start()
        try:
            yield
        finally:
            if turns is None:
                stop.set()
            for thread in phones:
                thread.join(timeout=120)
            stop.set()
            projector.join(timeout=30)

    def record(self, server: Server, turns: int) -> None:
        with self.recording(server, turns):
            pass


def second_process(kind: str, server: Server, database: Path) -> subprocess.CompletedProcess:
    if kind == "create-organiser":
        return server.flask("create-organiser", USERNAME, "--password", NEW_PASSWORD)
    if kind == "db-upgrade":
        return server.flask("db-upgrade")
    if kind == "sqlite3 read":
        return subprocess.run([sys.executable, "-c", READER, str(database)], capture_output=True, text=True,
                              timeout=60, check=False)
    return server.flask("serve", "--host", "127.0.0.1", "--port", str(free_port()))


@pytest.mark.parametrize("kind", ["create-organiser", "db-upgrade", "sqlite3 read", "serve"])
def test_a_second_process_never_loses_an_acknowledged_write(tmp_path, kind):
    database = tmp_path / "tournament.sqlite3"  # where `make run` keeps it: the instance folder
    url, built, number = prepared_event(tmp_path, f"sqlite:///{database}", TABLES)
    hall = Hall([Phone(table, token) for table, token in built.table_tokens.items()], built.projector_token)
    server = Server(tmp_path, url).start()
    try:
        hall.record(server, turns=3)
        before = hall.confirmed()
        with hall.recording(server):
            done = second_process(kind, server, database)
        hall.record(server, turns=3)
        if kind == "serve":
            assert done.returncode != 0
            assert f"process {server.process.pid}, listening on 127.0.0.1 port {server.port}" in done.stderr
        else:
            assert done.returncode == 0, done.stderr[-2000:]
        if kind == "sqlite3 read":
            assert int(done.stdout) >= before
        if kind == "create-organiser":
            Client(server.base).login(USERNAME, NEW_PASSWORD)  # the running server knows the new password

        server.kill()
        server = Server(tmp_path, url).start()  # no lock left behind by the killed server
        assert check_games(url, built.event_id, number, hall.phones) == []
        hall.record(server, turns=2)
        server.stop()
        assert check_games(url, built.event_id, number, hall.phones) == []
        assert hall.tally.errors == []
        assert hall.confirmed() > before
    finally:
        server.stop()
