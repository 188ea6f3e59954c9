"""Failed logins are throttled per address and per account, logged, and answered in the same
time for known and unknown usernames; password checks are bounded so a flood cannot eat memory."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import threading
import time

import pytest

from benchmarks.harness import FLASK, ROOT
from tournament import db
from tournament.services import accounts

LAN = "192.168.1.{}"
REAL_SLOTS = accounts._password_slots


@pytest.fixture
def teacher(app):
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")


def _attempt(client, username: str = "teacher", password: str = "wrong guess", address: str = "127.0.0.1"):
    return client.post("/login", data={"username": username, "password": password},
                       environ_base={"REMOTE_ADDR": address})


@pytest.fixture
def checks(monkeypatch):
    """Counts real password checks."""
    calls: list[str] = []
    real = accounts.check_password_hash

    def counted(stored, password):
        calls.append(password)
        return real(stored, password)

    monkeypatch.setattr(accounts, "check_password_hash", counted)
    return calls


def test_failed_logins_from_one_address_are_throttled_with_a_readable_429(app, client, teacher, checks):
    for _ in range(5):
        assert _attempt(client).status_code == 401
    reply = _attempt(client, username="<b>teacher</b>")
    page = reply.get_data(as_text=True)
    assert reply.status_code == 429
    assert 1 <= int(reply.headers["Retry-After"]) <= 61  # the library rounds the reset up a second
    assert "Too many failed logins. Try again in" in page
    assert 'value="&lt;b&gt;teacher&lt;/b&gt;"' in page  # the form comes back filled in, escaped
    assert len(checks) == 5  # a throttled attempt is not even checked
    assert _attempt(client, password="correct horse").status_code == 429


def test_successful_logins_do_not_count_toward_the_throttle(app, client, teacher):
    for _ in range(8):
        assert _attempt(client, password="correct horse").status_code == 302


def test_failed_logins_for_one_account_are_throttled_across_addresses(app, client, teacher):
    for number in range(10):
        assert _attempt(client, username=" TEACHER ", address=LAN.format(10 + number)).status_code == 401
    reply = _attempt(client, address=LAN.format(99))
    assert reply.status_code == 429 and "Retry-After" in reply.headers
    assert _attempt(client, username="someone else", address=LAN.format(99)).status_code == 401


def test_guesses_from_the_network_do_not_lock_the_teacher_out_at_the_laptop(app, client, teacher):
    for number in range(12):
        _attempt(client, address=LAN.format(10 + number))
    assert _attempt(client, address=LAN.format(50)).status_code == 429
    assert _attempt(client, password="correct horse", address="127.0.0.1").status_code == 302


def test_failed_logins_are_logged_with_address_and_escaped_username(app, client, teacher, caplog):
    with caplog.at_level(logging.WARNING):
        _attempt(client, username="teacher\nlogin ok for admin", address=LAN.format(7))
    lines = [r.getMessage() for r in caplog.records if "failed login" in r.getMessage()]
    assert lines == ["failed login for username 'teacher\\nlogin ok for admin' from '192.168.1.7'"]


def test_throttled_logins_are_logged(app, client, teacher, caplog):
    for _ in range(5):
        _attempt(client)
    with caplog.at_level(logging.WARNING):
        _attempt(client)
    assert any("throttled login for username 'teacher' from '127.0.0.1'" in r.getMessage() for r in caplog.records)


def test_an_unknown_username_costs_one_password_check_like_a_known_one(app, client, teacher, checks):
    assert _attempt(client, username="nobody").status_code == 401
    assert _attempt(client, username="teacher").status_code == 401
    assert checks == ["wrong guess", "wrong guess"]


def test_unknown_and_known_usernames_each_cost_one_check_of_a_hash_made_the_same_way(app, teacher, monkeypatch):
    """The answer time cannot tell which usernames exist: both paths run exactly one password
    check, against a hash of the same method and cost (the part before the salt)."""
    checked: list[str] = []
    real = accounts.check_password_hash

    def recorded(stored, password):
        checked.append(stored.split("$", 1)[0])
        return real(stored, password)

    monkeypatch.setattr(accounts, "check_password_hash", recorded)
    with app.app_context():
        assert accounts.authenticate(db.session(), "teacher", "wrong guess") is None
        assert accounts.authenticate(db.session(), "nobody", "wrong guess") is None
    assert len(checked) == 2 and checked[0] == checked[1] == accounts.HASH_METHOD


def test_a_real_install_hashes_passwords_with_scrypt(tmp_path):
    """The cheap method is the suite's alone: the real command, in a process of its own, stores scrypt."""
    environment = {**os.environ, "TOURNAMENT_INSTANCE_PATH": str(tmp_path / "instance"),
                   "TOURNAMENT_DATABASE_URL": f"sqlite:///{tmp_path / 'real.sqlite3'}"}
    environment.pop("TEST_DATABASE_URL", None)
    for command in (["db-upgrade"], ["create-organiser", "teacher"]):
        subprocess.run([FLASK, "--app", "tournament", *command], env=environment, check=True, cwd=ROOT,
                       input="correct horse\ncorrect horse\n", capture_output=True, text=True, timeout=120)
    with sqlite3.connect(tmp_path / "real.sqlite3") as connection:
        (stored,) = connection.execute("SELECT password_hash FROM organisers").fetchone()
    assert stored.startswith("scrypt:") and accounts.HASH_METHOD != "scrypt"


def test_login_username_with_a_control_character_is_refused_beside_the_field(app, client, teacher):
    reply = _attempt(client, username="teach\x00er")
    page = reply.get_data(as_text=True)
    assert reply.status_code == 400
    assert "The username contains an invisible or control character (U+0000" in page
    assert 'class="field has-error"' in page


def test_password_checks_run_at_most_two_at_once(app, teacher, monkeypatch):
    running, most, lock = [0], [0], threading.Lock()
    real = accounts.check_password_hash

    def watched(stored, password):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            time.sleep(0.05)
            return real(stored, password)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(accounts, "check_password_hash", watched)
    outcomes: list[str] = []

    def guess() -> None:
        with app.app_context():
            try:
                accounts.authenticate(db.session(), "teacher", "wrong guess")
                outcomes.append("checked")
            except accounts.PasswordBusy:
                outcomes.append("busy")

    threads = [threading.Thread(target=guess) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert most[0] == accounts.PASSWORD_SLOTS
    assert len(outcomes) == 16 and "checked" in outcomes


def _busy_login(client, semaphore, count: int):
    for _ in range(count):
        semaphore.acquire()
    try:
        return _attempt(client, password="correct horse")
    finally:
        for _ in range(count):
            semaphore.release()


@pytest.fixture
def slot_waits(monkeypatch) -> list[float | None]:
    """The time each login was willing to wait for a password slot."""
    waits: list[float | None] = []

    class WatchedSlots:
        def acquire(self, blocking=True, timeout=None):
            waits.append(timeout)
            return REAL_SLOTS.acquire(blocking, timeout)

        def release(self):
            REAL_SLOTS.release()

    monkeypatch.setattr(accounts, "_password_slots", WatchedSlots())
    return waits


def test_a_login_that_finds_every_password_slot_busy_waits_its_bounded_time_then_gets_a_503(
        app, client, teacher, slot_waits):
    reply = _busy_login(client, REAL_SLOTS, accounts.PASSWORD_SLOTS)
    page = reply.get_data(as_text=True)
    assert reply.status_code == 503 and reply.headers["Retry-After"] == "2"
    assert "busy checking other passwords" in page and 'value="teacher"' in page
    assert slot_waits == [accounts.PASSWORD_WAIT_SECONDS]


def test_a_login_beyond_the_password_queue_gets_a_503_without_waiting_for_a_slot(app, client, teacher, slot_waits):
    reply = _busy_login(client, accounts._password_demand, accounts.PASSWORD_SLOTS + accounts.PASSWORD_QUEUE)
    assert reply.status_code == 503 and reply.headers["Retry-After"] == "2"
    assert slot_waits == []
