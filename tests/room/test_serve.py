"""`flask --app tournament serve`: waitress on the LAN, the addresses to open, and proxy headers
honoured only when configured."""

import pytest

from tests.conftest import PG_URL
from tournament import create_app


class _NotRunning:
    def run(self):
        pass


@pytest.fixture
def served(monkeypatch, runner):
    calls = []

    def create_server(app, **kwargs):
        calls.append(kwargs)
        return _NotRunning()

    monkeypatch.setattr("tournament.serving.create_server", create_server)
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", lambda: ["192.168.1.23"])
    return calls


def test_serve_runs_waitress_on_all_interfaces_and_prints_laptop_and_phone_urls(runner, served):
    result = runner.invoke(args=["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123/" in result.output
    assert "http://192.168.1.23:8123/" in result.output
    assert "█" in result.output or "▀" in result.output  # the QR code drawn in the terminal
    assert served == [{"host": "0.0.0.0", "port": 8123, "threads": 16, "per_address": 64,
                       "header_timeout": 10.0, "body_timeout": 60.0, "clear_untrusted_proxy_headers": True}]


def test_serve_on_one_address_prints_that_address(runner, served):
    result = runner.invoke(args=["serve", "--host", "10.0.0.5", "--port", "5000"])
    assert "http://10.0.0.5:5000/" in result.output
    assert served[0]["host"] == "10.0.0.5"


def test_serve_records_the_bind_address_for_links(runner, served, app):
    runner.invoke(args=["serve", "--host", "10.0.0.5", "--port", "5001"])
    assert (app.config["BIND_HOST"], app.config["BIND_PORT"]) == ("10.0.0.5", 5001)


def test_serve_behind_a_proxy_passes_forwarded_headers_on_and_has_no_per_address_cap(runner, served, app):
    app.config["PROXY_FIX"] = True
    runner.invoke(args=["serve"])
    assert served[0]["per_address"] == 0
    assert served[0]["clear_untrusted_proxy_headers"] is False


def test_make_run_uses_the_serve_command():
    from tournament import PROJECT_ROOT

    assert "flask --app tournament serve" in (PROJECT_ROOT / "Makefile").read_text()


def _echo_app(tmp_path, proxy_fix: bool):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "PROXY_FIX": proxy_fix,
                      "DATABASE_URL": PG_URL or f"sqlite:///{tmp_path / 'echo.sqlite3'}"})

    @app.get("/_echo")
    def echo():
        from flask import request

        return {"host": request.host, "scheme": request.scheme, "remote": request.remote_addr}

    return app


FORWARDED = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example.org"}


def test_forwarded_headers_are_ignored_unless_proxy_fix_is_configured(tmp_path):
    seen = _echo_app(tmp_path, False).test_client().get("/_echo", headers=FORWARDED).get_json()
    assert seen == {"host": "localhost", "scheme": "http", "remote": "127.0.0.1"}


def test_forwarded_headers_are_honoured_when_proxy_fix_is_configured(tmp_path):
    seen = _echo_app(tmp_path, True).test_client().get("/_echo", headers=FORWARDED).get_json()
    assert seen == {"host": "cards.example.org", "scheme": "https", "remote": "203.0.113.9"}


def test_serve_on_this_laptop_only_says_phones_cannot_reach_it(runner, served):
    result = runner.invoke(args=["serve", "--host", "127.0.0.1", "--port", "5000"])
    assert "Phones cannot reach this server" in result.output
    assert "On phones" not in result.output


def test_the_loopback_hint_names_the_make_variable_the_readme_uses(runner, served):
    result = runner.invoke(args=["serve", "--host", "127.0.0.1", "--port", "5000"])
    assert "HOST=0.0.0.0 make run" in result.output


def test_the_readme_says_how_to_choose_another_port():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    assert "PORT ?=" in makefile and "--port $(PORT)" in makefile
    assert "PORT=5001 make run" in readme


def test_serve_freezes_startup_objects_out_of_the_garbage_collector_before_serving(runner, monkeypatch):
    events = []

    class Recording:
        def run(self):
            events.append("run")

    monkeypatch.setattr("tournament.serving.create_server", lambda app, **kwargs: Recording())
    monkeypatch.setattr("tournament.blueprints.links.lan_addresses", list)
    monkeypatch.setattr("gc.collect", lambda *args: events.append("collect") or 0)
    monkeypatch.setattr("gc.freeze", lambda: events.append("freeze"))
    result = runner.invoke(args=["serve", "--host", "127.0.0.1"])
    assert result.exit_code == 0, result.output
    assert events == ["collect", "freeze", "run"]
