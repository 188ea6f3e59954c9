"""First-run setup: one account however many browsers submit at once; usernames pass the text gate."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from tournament import db
from tournament.models import AppSetting, Organiser
from tournament.services import accounts


def _organisers(app) -> list[str]:
    with app.app_context():
        return list(db.session().scalars(select(Organiser.username)))


def _post_setup(app, username: str, barrier: threading.Barrier | None = None):
    client = app.test_client()
    if barrier is not None:
        barrier.wait()
    return client.post("/setup", data={"username": username, "password": "long enough",
                                       "confirm": "long enough"})


def test_twelve_simultaneous_setups_create_exactly_one_account(app):
    barrier = threading.Barrier(12)
    replies: list = [None] * 12

    def run(index: int) -> None:
        replies[index] = _post_setup(app, f"teacher{index}", barrier)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(_organisers(app)) == 1
    statuses = sorted(reply.status_code for reply in replies)
    winners = [r for r in replies if r.status_code == 302 and r.location.endswith("/")]
    assert len(winners) == 1, statuses
    for reply in replies:
        if reply is winners[0]:
            continue
        assert reply.status_code in (302, 409, 503), statuses
        if reply.status_code == 409:
            assert "The organiser account was just created" in reply.get_data(as_text=True)
        if reply.status_code == 302:
            assert reply.location.endswith("/login")


def test_a_setup_that_lost_the_race_says_to_log_in_and_creates_nothing(app, monkeypatch):
    _post_setup(app, "first")
    real = accounts.has_organiser
    calls = []

    def stale_once(session):  # the view's own check ran just before the other setup finished
        calls.append(1)
        return False if len(calls) == 1 else real(session)

    monkeypatch.setattr(accounts, "has_organiser", stale_once)
    reply = _post_setup(app, "second")
    page = reply.get_data(as_text=True)
    assert reply.status_code == 409
    assert "The organiser account was just created" in page and 'href="/login"' in page
    assert _organisers(app) == ["first"]


def test_setup_claims_the_fixed_setup_row_in_the_same_transaction_as_the_account(app):
    with app.app_context():
        organiser = accounts.create_first_organiser(db.session(), "teacher", "long enough")
        assert db.session().get(AppSetting, accounts.SETUP_KEY).value == "teacher"
        assert organiser.id is not None
    with app.app_context():
        # A setup row without an account (another setup mid-transaction) refuses the insert.
        session = db.session()
        session.delete(session.get(Organiser, organiser.id))
        session.commit()
        with pytest.raises(IntegrityError):
            accounts.create_first_organiser(session, "intruder", "long enough")
        assert session.scalar(select(func.count()).select_from(Organiser)) == 0


def test_setup_username_with_a_control_character_is_refused_beside_the_field(app):
    reply = _post_setup(app, "teach\x00er")
    page = reply.get_data(as_text=True)
    assert reply.status_code == 400
    assert "The username contains an invisible or control character (U+0000" in page
    assert 'class="field has-error"' in page
    assert _organisers(app) == []


def test_setup_username_is_cleaned_like_every_typed_name(app):
    _post_setup(app, "  Mme\u00a0 Dupont\u200b ")
    assert _organisers(app) == ["Mme Dupont"]
