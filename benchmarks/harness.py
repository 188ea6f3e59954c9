"""Shared by the benchmark, load and crash scripts and their short CI versions: a throwaway
database, the real LAN server in a subprocess, and a small keep-alive HTTP client that keeps
the session cookie and reads CSRF tokens the way a browser form would send them."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from sqlalchemy import create_engine, inspect, text

ROOT = Path(__file__).resolve().parent.parent
FLASK = str(Path(sys.executable).with_name("flask"))
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def wipe_postgres(engine) -> None:
    """Every table, constraint and sequence of the database gone, whatever schema version left
    them (a metadata ``drop_all`` cannot drop tables an older schema had and this one lacks)."""
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))


def prepare_database(url: str) -> None:
    """An empty database at the latest migration. A server URL is wiped first: only ever pass a
    database that exists for tests or benchmarks."""
    from tournament.migrate import upgrade

    engine = create_engine(url)
    try:
        if not url.startswith("sqlite"):
            wipe_postgres(engine)
        upgrade(engine)
    finally:
        engine.dispose()


def separate_postgres_database(url: str, name: str) -> str:
    """A sibling database on the same PostgreSQL server, so a subprocess server's tables never
    collide with the ones the test fixtures empty between tests."""
    from sqlalchemy.engine import make_url

    base = make_url(url)
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            exists = connection.scalar(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name})
            if not exists:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """`flask --app tournament serve` exactly as `make run` starts it, on loopback."""

    instance: Path
    database_url: str
    threads: int = 16
    workers: int = 1  # more than 1: gunicorn processes (`serve --workers`), PostgreSQL only
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def environment(self) -> dict[str, str]:
        """The server's environment: its instance folder and database."""
        # Every simulated phone and projector connects from 127.0.0.1, so the per-device
        # connection cap, meant for one real device, is off.
        return dict(os.environ, TOURNAMENT_INSTANCE_PATH=str(self.instance),
                    TOURNAMENT_DATABASE_URL=self.database_url, PYTHONPATH=str(ROOT),
                    TOURNAMENT_CONNECTIONS_PER_ADDRESS="0")

    def flask(self, *args: str, timeout: float = 120.0) -> subprocess.CompletedProcess:
        """`flask --app tournament ARGS` in another process on the server's instance and database,
        as the organiser would type it in a second terminal."""
        return subprocess.run([FLASK, "--app", "tournament", *args], cwd=ROOT, env=self.environment(),
                              capture_output=True, text=True, timeout=timeout, check=False)

    def start(self, timeout: float = 30.0) -> Server:
        # The server keeps its own copy of the log's descriptor, so ours can close at once.
        with open(self.instance / "server.log", "ab") as log:
            self.process = subprocess.Popen(
                [FLASK, "--app", "tournament", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--threads", str(self.threads), *(["--workers", str(self.workers)] if self.workers > 1 else [])],
                cwd=ROOT, env=self.environment(), stdout=log, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}; see {self.instance}/server.log")
            try:
                if Client(self.base).get("/health").status == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not answer /health in time")

    def kill(self) -> None:
        """SIGKILL: no handler, no flush, no clean shutdown, as when the laptop dies."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def csrf(self) -> str:
        found = CSRF.search(self.text)
        if not found:
            raise AssertionError(f"no CSRF token in a {self.status} page")
        return found.group(1)


class Client:
    """One keep-alive connection and one cookie jar, like one browser tab."""

    def __init__(self, base: str, timeout: float = 30.0):
        parts = urlsplit(base)
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def request(self, method: str, path: str, form: dict | None = None, headers: dict | None = None,
                body: bytes | None = None) -> Reply:
        """`form` is sent url-encoded; `body` as given (its Content-Type in `headers`)."""
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if form is not None:
            body = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # waitress may close an idle keep-alive connection; a fresh one is what a
                # browser would open. A GET is retried; a POST is not (it may have arrived).
                self.close()
                if attempt == 2 or method != "GET":
                    raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)

    def get(self, path: str, headers: dict | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, form: dict) -> Reply:
        return self.request("POST", path, form=form)

    def login(self, username: str, password: str) -> None:
        token = self.get("/login").csrf()
        reply = self.post("/login", {"csrf_token": token, "username": username, "password": password})
        if reply.status != 302:
            raise AssertionError(f"login refused with {reply.status}")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def database_version(url: str) -> str:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                return "SQLite " + connection.scalar(text("select sqlite_version()"))
            return connection.scalar(text("select version()")).split(" on ")[0]
    finally:
        engine.dispose()


def has_schema(url: str) -> bool:
    engine = create_engine(url)
    try:
        return inspect(engine).has_table("events")
    finally:
        engine.dispose()


INPUT = re.compile(r"<input\b([^>]*)>")
ATTRIBUTE = re.compile(r'([a-z_-]+)="([^"]*)"')


def inputs(page: str) -> list[dict[str, str]]:
    return [dict(ATTRIBUTE.findall(tag)) for tag in INPUT.findall(page)]


def phone_form(page: str, winners: list[int | None] | None = None, shift: int = 0) -> tuple[dict, list[int]]:
    """What the phone sends back: the page's CSRF token, round and game versions, and a winner
    per game (`winners`, or the seated players rotated by `shift`). Returns (form, player ids)."""
    fields = inputs(page)
    form = {f["name"]: f.get("value", "") for f in fields
            if f.get("type") == "hidden" and "name" in f}
    players = [int(f["value"]) for f in fields if f.get("name") == "games-0-winner" and f.get("value")]
    rows = sorted({int(f["name"].split("-")[1]) for f in fields if f.get("name", "").endswith("-number")})
    if winners is None:
        winners = [players[(row + shift) % len(players)] for row in rows[:3]] if players else []
    for row in rows:
        chosen = winners[row] if row < len(winners) else None
        form[f"games-{row}-winner"] = "" if chosen is None else str(chosen)
    return form, players
