"""Screens that find a cached body stale together wait for one rebuild per event and revision;
different events rebuild side by side; a failed rebuild leaves nothing behind."""

import json
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.room.conftest import record_winner, seated, tokens
from tournament.services import room
from tournament.services.single_flight import RevisionCache, revision_cache

THREADS = 12


def _together(count, work):
    """Runs ``work(i)`` on ``count`` threads released at the same moment; their results."""
    barrier = threading.Barrier(count)

    def run(i):
        barrier.wait(timeout=5)
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count), timeout=20))


def test_concurrent_requests_for_one_stale_revision_build_it_once():
    cache, calls = RevisionCache(), []

    def build():
        calls.append(1)
        time.sleep(0.1)  # long enough for every other thread to arrive while it builds
        return object()

    bodies = _together(THREADS, lambda i: cache.get(("event", 1), 7, build))
    assert len(calls) == 1
    assert all(body is bodies[0] for body in bodies)


def test_a_new_revision_is_built_again_and_replaces_the_old_one():
    cache = RevisionCache()
    assert cache.get("e", 1, lambda: "one") == "one"
    assert cache.get("e", 1, lambda: "never") == "one"
    assert cache.get("e", 2, lambda: "two") == "two"


def test_an_entry_older_than_its_max_age_is_built_again_at_the_same_revision(monkeypatch):
    from tournament.services import single_flight

    cache, clock = RevisionCache(), [100.0]
    monkeypatch.setattr(single_flight, "monotonic", lambda: clock[0])
    first = cache.get("screen", 7, object, max_age=5)
    clock[0] += 4.9
    assert cache.get("screen", 7, object, max_age=5) is first
    clock[0] += 0.2
    again = cache.get("screen", 7, object, max_age=5)
    assert again is not first and cache.get("screen", 7, object, max_age=5) is again
    assert cache.get("screen", 7, object) is again  # no age asked: the revision alone decides


def test_different_events_rebuild_concurrently_without_waiting_for_each_other():
    cache = RevisionCache()
    both_building = threading.Barrier(2)

    def build():
        # Each build waits until the other event's build has started too: were the lock
        # shared, the second could never start and the barrier would time out.
        both_building.wait(timeout=5)
        return "body"

    assert _together(2, lambda i: cache.get(("event", i), 1, build)) == ["body", "body"]


def test_a_failed_rebuild_reaches_its_caller_and_the_next_caller_rebuilds():
    cache, calls = RevisionCache(), []

    def failing():
        calls.append("failed")
        raise RuntimeError("database went away")

    with pytest.raises(RuntimeError, match="went away"):
        cache.get("e", 3, failing)
    assert cache.get("e", 3, lambda: calls.append("built") or "fresh") == "fresh"
    assert calls == ["failed", "built"]


def test_waiters_behind_a_failed_rebuild_try_again_instead_of_hanging():
    cache, calls = RevisionCache(), []
    lock = threading.Lock()

    def build():
        with lock:
            calls.append(1)
            first = len(calls) == 1
        time.sleep(0.05)
        if first:
            raise RuntimeError("first build fails")
        return "fresh"

    def ask(i):
        try:
            return cache.get("e", 1, build)
        except RuntimeError:
            return "error"

    answers = _together(6, ask)
    assert sorted(answers) == ["error"] + ["fresh"] * 5
    assert len(calls) == 2


def test_projectors_polling_a_changed_event_together_share_one_snapshot_rebuild(live_server, app, running, monkeypatch):
    built = []
    real = room.snapshot

    def counted(*args, **kwargs):
        built.append(1)
        time.sleep(0.1)
        return real(*args, **kwargs)

    monkeypatch.setattr(room, "snapshot", counted)
    url = f"{live_server.url}/p/{tokens(app, running)['projector']}/feed.json"

    def get(_i=0):
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, reply.headers["ETag"], json.loads(reply.read())

    assert get()[0] == 200
    record_winner(app, running, 1, [next(iter(seated(app, running, 1)))])  # moves the revision
    built.clear()

    answers = _together(6, get)  # fewer than live_server's 8 threads, so all are served at once
    assert [status for status, _tag, _data in answers] == [200] * 6
    assert len({tag for _status, tag, _data in answers}) == 1
    assert all(data["seating"][0]["games"] == 1 for _status, _tag, data in answers)
    assert len(built) == 1


def test_an_app_keeps_one_revision_cache_per_name_shared_by_its_threads(app):
    from types import SimpleNamespace

    caches = _together(THREADS, lambda _i: revision_cache(app, "projector snapshots"))
    assert all(cache is caches[0] for cache in caches) and isinstance(caches[0], RevisionCache)
    assert revision_cache(app, "standings tables") is not caches[0]
    other = SimpleNamespace(extensions={})  # another app: only its extensions are read
    assert revision_cache(other, "projector snapshots") is not caches[0]
