"""The rate limits' database storage: a limit holds for hits sent at the same instant on
separate connections (as from several server processes), any key is a key, and the storage is
the one a PostgreSQL app uses."""

from __future__ import annotations

import threading

import pytest
from limits import parse
from limits.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter
from sqlalchemy import func, select

from tournament import db, throttle, throttle_store
from tournament.models import ThrottleCount
from tournament.services import accounts
from tournament.throttle_store import DatabaseStorage, digest

pytestmark = pytest.mark.postgres


def test_a_postgresql_app_counts_its_limits_in_the_database(app):
    assert isinstance(throttle.limiter.storage, DatabaseStorage)


def test_hits_sent_at_once_on_separate_connections_take_exactly_the_limits_places(app):
    limit, taken, barrier = parse("7 per minute"), [], threading.Barrier(20)

    def hit():
        with app.app_context():
            barrier.wait(timeout=30)
            taken.append(MovingWindowRateLimiter(throttle.limiter.storage).hit(limit, "crowd"))

    threads = [threading.Thread(target=hit) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(taken) == [False] * 13 + [True] * 7
    with app.app_context():
        stored = db.session().scalar(select(func.sum(ThrottleCount.hits)))
    assert stored == 7  # a refused hit counts nothing


def test_any_key_is_stored_as_its_digest_and_a_cost_counts_whole(app):
    with app.app_context():
        limiter = MovingWindowRateLimiter(throttle.limiter.storage)
        points = parse("1000 per minute")
        assert limiter.hit(points, "pad", "user\x00name" * 40, cost=600)
        assert not limiter.hit(points, "pad", "user\x00name" * 40, cost=401)
        assert limiter.get_window_stats(points, "pad", "user\x00name" * 40).remaining == 400
        keys = db.session().scalars(select(ThrottleCount.key)).all()
    assert keys == [digest(points.key_for("pad", "user\x00name" * 40))]


def test_the_fixed_window_calls_count_too(app):
    with app.app_context():
        limiter = FixedWindowRateLimiter(throttle.limiter.storage)
        limit = parse("2 per minute")
        assert [limiter.hit(limit, "fixed") for _ in range(3)] == [True, True, False]
        throttle.limiter.storage.clear(limit.key_for("fixed"))
        assert limiter.hit(limit, "fixed")


def test_a_requests_counts_share_one_connection_and_give_it_back(app, client, monkeypatch):
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    borrowed: list[object] = []
    real = throttle_store._borrow

    def watched():
        borrowed.append(real())
        return borrowed[-1]

    monkeypatch.setattr(throttle_store, "_borrow", watched)
    for _ in range(3):
        borrowed.clear()
        wrong = client.post("/login", data={"username": "teacher", "password": "wrong"},
                            environ_base={"REMOTE_ADDR": "192.168.1.9"})
        assert wrong.status_code == 401
        assert len(borrowed) >= 8 and len({id(c) for c in borrowed}) == 1  # 2 limits x 2 periods, looked, then counted
    assert app.extensions["db_engine"].pool.checkedout() == 0
