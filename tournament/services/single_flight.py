"""A per-event cache whose rebuilds happen once per revision, however many requests ask.

Thirty projectors polling the same event all find the cache stale the moment the event moves;
without a lock each of them would rebuild the same body at once. Here the first request for a
key takes that key's lock and rebuilds; the others wait on the lock and then find the fresh
entry. Rules:

- an entry is ``(revision, value)``; ``value`` was built after ``revision`` was read, so it is
  never older than the revision it is stored under (the caller reads the revision first);
- requests for different keys (events) never wait for each other;
- a build that raises leaves the cache as it was, the exception goes to its caller, and the
  next waiter builds in turn: nothing is stored, nothing stays locked;
- ``max_age`` (seconds) bounds how long an entry serves its revision, for a value that also
  shows the time it was built at (a countdown): older, it is built again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from time import monotonic
from typing import Any


def _serves(hit: tuple[Any, Any, float], revision: Any, max_age: float | None) -> bool:
    return hit[0] == revision and (max_age is None or monotonic() - hit[2] < max_age)


class RevisionCache:
    def __init__(self) -> None:
        self._entries: dict[Hashable, tuple[Any, Any, float]] = {}  # key -> (revision, value, built at)
        self._locks: dict[Hashable, threading.Lock] = {}
        self._guard = threading.Lock()

    def _lock_for(self, key: Hashable) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(key, threading.Lock())

    def get(self, key: Hashable, revision: Any, build: Callable[[], Any], max_age: float | None = None) -> Any:
        """The value stored for ``key`` at ``revision``, built by ``build()`` once if missing
        (or built more than ``max_age`` seconds ago)."""
        hit = self._entries.get(key)
        if hit is not None and _serves(hit, revision, max_age):
            return hit[1]
        with self._lock_for(key):
            # Whoever held the lock before us may have built this very revision.
            hit = self._entries.get(key)
            if hit is not None and _serves(hit, revision, max_age):
                return hit[1]
            value = build()
            self._entries[key] = (revision, value, monotonic())
            return value


def revision_cache(app: Any, name: str) -> RevisionCache:
    """The app's one cache called ``name`` (kept in ``app.extensions``), created on first use.

    Every server thread of one app shares it; two apps (tests) never do. ``dict.setdefault`` is
    atomic, so threads asking at once for a cache not made yet all get the same one."""
    key = f"revision_cache:{name}"
    cache: RevisionCache | None = app.extensions.get(key)
    if cache is None:
        cache = app.extensions.setdefault(key, RevisionCache())
    return cache
