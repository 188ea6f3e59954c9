"""`flask serve --workers N`: several gunicorn processes, only where they can work (PostgreSQL,
not Windows), each built from exactly the database and address the command resolved. (The
processes themselves serve a real load in tests/reliability/test_several_processes.py.)"""

from __future__ import annotations

import importlib

import pytest

from tournament import create_app
from tournament.cli import gunicorn_command, several_processes_refusal

PG = "postgresql+psycopg://teacher@127.0.0.1/tournament"


@pytest.fixture
def sqlite_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path / "instance"))
    return create_app({"SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})


def test_several_processes_on_sqlite_are_refused_with_the_reason(sqlite_app):
    result = sqlite_app.test_cli_runner().invoke(args=["serve", "--workers", "2", "--port", "1"])
    assert result.exit_code == 2
    assert "need a PostgreSQL database" in result.output
    assert "Stop with Ctrl+C" not in result.output  # refused before anything is served


def test_several_processes_on_windows_are_refused_with_the_reason():
    assert "does not run on Windows" in several_processes_refusal(PG, "win32")
    assert several_processes_refusal(PG, "linux") is None


def test_every_worker_builds_the_app_with_the_servers_database_and_address(sqlite_app):
    command, env = gunicorn_command(sqlite_app, "192.168.1.20", 5001, 8, 3)
    assert command[-3:] == ["--config", "python:tournament.gunicorn_conf", "tournament:create_app()"]
    assert env["TOURNAMENT_DATABASE_URL"] == sqlite_app.config["DATABASE_URL"]
    assert env["TOURNAMENT_INSTANCE_PATH"] == sqlite_app.instance_path
    served = (env["TOURNAMENT_BIND"], env["TOURNAMENT_WORKERS"], env["TOURNAMENT_THREADS"])
    assert served == ("192.168.1.20:5001", "3", "8")
    # Links and QR codes name the address the server listens on, as with one process.
    assert (env["TOURNAMENT_BIND_HOST"], env["TOURNAMENT_BIND_PORT"]) == ("192.168.1.20", "5001")
    assert gunicorn_command(sqlite_app, "::", 5001, 8, 3)[1]["TOURNAMENT_BIND"] == "[::]:5001"


def test_the_gunicorn_settings_keep_threads_hand_streams_over_and_bound_headers(monkeypatch):
    monkeypatch.setenv("TOURNAMENT_BIND", "127.0.0.1:5002")
    monkeypatch.setenv("TOURNAMENT_WORKERS", "3")
    from tournament import gunicorn_conf

    conf = importlib.reload(gunicorn_conf)
    assert (conf.bind, conf.workers) == (["127.0.0.1:5002"], 3)
    from gunicorn.util import load_class
    from gunicorn.workers.gthread import ThreadWorker

    from tournament.push.gunicorn_worker import StreamingThreadWorker

    # gthread's threads, with streams given to the push hub instead of a thread each
    assert load_class(conf.worker_class) is StreamingThreadWorker and issubclass(StreamingThreadWorker, ThreadWorker)
    assert conf.threads >= 2 and conf.worker_connections >= 1000
    assert conf.limit_request_line <= 8190 and conf.limit_request_field_size <= 8190
    assert conf.preload_app is False  # no database connection crosses a fork
    assert callable(conf.post_worker_init)
