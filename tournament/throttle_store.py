"""Rate limits counted in the database, so that every server process sees every count.

`serve --workers N` runs N processes; with the counts in each process's memory, a limit of 5
wrong passwords a minute let 5 through per process. This is a `limits` storage (scheme
`tournament-db://`), so flask-limiter and every limit defined through `throttle.limiter` (logins,
notes, online actions and polls, the drawing cap) work as before; `throttle.init_app` chooses it
on PostgreSQL. The rows are `models.ThrottleCount`.

Rules:
- The strategy stays the moving window: a limit of N a period lets at most N through in any
  stretch of one period. Each key adds its hits up in slices of a sixtieth of the period (at
  most 61 rows a key, however many hits), and a slice counts whole until its latest hit is
  older than the period, so the count is never below the exact one: a request may be refused
  a little early (by the spread of one slice's hits, under a sixtieth of the period), never
  let through. Retry-After says when the oldest counting slice stops counting.
- A hit is one short transaction: the key's advisory lock, then an upsert of the current slice
  that adds the hit only if the slices still counting leave room for it. Every process takes the
  same lock, so two requests never both take a limit's last place; a refused hit counts nothing.
- The storage talks to the driver's connection straight from the app's pool, outside the
  request's session: a count must never wait for the app's write lock (`db._postgres_begin`
  takes it when a changing request's transaction begins), nor be rolled back with a refused
  change. A request keeps the one connection for all its counts (`give_back` returns it).
- Expired slices are swept at most every SWEEP_EVERY seconds per process.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import current_app, g, has_request_context
from limits.storage import MovingWindowSupport, Storage

SCHEME = "tournament-db"
SLICES = 60  # slices per period
SWEEP_EVERY = 60.0  # seconds
# The first key of this storage's two-key advisory locks; db.CHANGES_LOCK is another number.
LOCK_SPACE = 7_340_611
FIXED = -1  # the slice of a key counted by the fixed-window calls (incr, get, get_expiry)
_BORROWED = "throttle_connection"

_LOCK = "SELECT pg_advisory_xact_lock(CAST(%(space)s AS integer), CAST(%(lock)s AS integer))"
_ACQUIRE = """
INSERT INTO throttle_counts AS t (key, slice, hits, expires_at)
SELECT CAST(%(key)s AS varchar), CAST(%(slice)s AS bigint), CAST(%(amount)s AS integer),
       CAST(%(expires)s AS double precision)
WHERE %(amount)s + (SELECT coalesce(sum(c.hits), 0) FROM throttle_counts c
                    WHERE c.key = %(key)s AND c.slice > %(fixed)s AND c.expires_at >= %(now)s) <= %(limit)s
ON CONFLICT (key, slice) DO UPDATE
SET hits = t.hits + excluded.hits, expires_at = greatest(t.expires_at, excluded.expires_at)
RETURNING t.hits
"""
_WINDOW = """
SELECT min(expires_at), coalesce(sum(hits), 0) FROM throttle_counts
WHERE key = %(key)s AND slice > %(fixed)s AND expires_at >= %(now)s
"""
_INCR = """
INSERT INTO throttle_counts AS t (key, slice, hits, expires_at)
VALUES (%(key)s, %(slice)s, %(amount)s, %(expires)s)
ON CONFLICT (key, slice) DO UPDATE SET
    hits = CASE WHEN t.expires_at <= %(now)s THEN excluded.hits ELSE t.hits + excluded.hits END,
    expires_at = CASE WHEN t.expires_at <= %(now)s THEN excluded.expires_at ELSE t.expires_at END
RETURNING t.hits
"""
_FIXED = """
SELECT hits, expires_at FROM throttle_counts WHERE key = %(key)s AND slice = %(slice)s AND expires_at > %(now)s
"""


def digest(key: str) -> str:
    """The stored form of a limit's key (see models.ThrottleCount)."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _lock_of(key_digest: str) -> int:
    return int.from_bytes(bytes.fromhex(key_digest[:8]), "big", signed=True)


def _slice(now: float, expiry: int) -> int:
    return int(now // (expiry / SLICES))


def _borrow() -> Any:
    """The driver connection this request counts on: taken from the pool once, at the request's
    first limit (before the view takes any lock), and given back at its end (`give_back`), since
    a checkout costs more than a count. Outside a request, a connection of its own."""
    if has_request_context():
        connection = g.get(_BORROWED)
        if connection is None:
            connection = current_app.extensions["db_engine"].raw_connection()
            setattr(g, _BORROWED, connection)
        return connection
    return current_app.extensions["db_engine"].raw_connection()


def give_back(_error: BaseException | None = None) -> None:
    """At the end of the request (teardown): the borrowed connection back to the pool."""
    connection = g.pop(_BORROWED, None)
    if connection is not None:
        connection.close()


@contextmanager
def _cursor() -> Iterator[Any]:
    """A cursor in a transaction of its own, committed at the end (rolled back on an error)."""
    connection = _borrow()
    try:
        cursor = connection.cursor()
        # Counts see every hit committed before them; the pool's connections read pages from one
        # snapshot (REPEATABLE READ, tournament/db.py), where two counts would refuse each other.
        cursor.execute("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
        yield cursor
        connection.commit()
    except BaseException:
        try:
            connection.rollback()
        except Exception:  # a connection that cannot even roll back is not given out again
            connection.invalidate()
            if has_request_context():
                g.pop(_BORROWED, None)
        raise
    finally:
        if not has_request_context():
            connection.close()


class DatabaseStorage(Storage, MovingWindowSupport):
    """Counts in the `throttle_counts` table of the current app's PostgreSQL database."""

    STORAGE_SCHEME = [SCHEME]  # noqa: RUF012 (a plain attribute in the library's base class)

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: float | str | bool):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._swept = 0.0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        import psycopg

        return psycopg.Error

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        now = time.time()
        stored = digest(key)
        with _cursor() as cursor:
            cursor.execute(_LOCK, {"space": LOCK_SPACE, "lock": _lock_of(stored)})
            cursor.execute(_ACQUIRE, {"key": stored, "slice": _slice(now, expiry), "amount": amount, "now": now,
                                      "limit": limit, "expires": now + expiry, "fixed": FIXED})
            taken = cursor.fetchone() is not None
        self._sweep(now)
        return taken

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """(the moment one period before the oldest counting slice stops counting, the count): a
        place frees up one period after that moment, as after the oldest hit in memory."""
        now = time.time()
        with _cursor() as cursor:
            cursor.execute(_WINDOW, {"key": digest(key), "now": now, "fixed": FIXED})
            first, count = cursor.fetchone()
        if not count:
            return now, 0
        return first - expiry, int(count)

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = time.time()
        with _cursor() as cursor:
            cursor.execute(_INCR, {"key": digest(key), "slice": FIXED, "amount": amount, "now": now,
                                   "expires": now + expiry})
            (count,) = cursor.fetchone()
        self._sweep(now)
        return int(count)

    def _fixed(self, key: str) -> tuple[int, float] | None:
        now = time.time()
        with _cursor() as cursor:
            cursor.execute(_FIXED, {"key": digest(key), "slice": FIXED, "now": now})
            row = cursor.fetchone()
        return (int(row[0]), float(row[1])) if row is not None else None

    def get(self, key: str) -> int:
        found = self._fixed(key)
        return found[0] if found is not None else 0

    def get_expiry(self, key: str) -> float:
        found = self._fixed(key)
        return found[1] if found is not None else time.time()

    def check(self) -> bool:
        try:
            with _cursor() as cursor:
                cursor.execute("SELECT 1")
                return cursor.fetchone() is not None
        except Exception:  # any failure means "not healthy", which is all this answers
            return False

    def reset(self) -> int | None:
        with _cursor() as cursor:
            cursor.execute("DELETE FROM throttle_counts")
            removed: int = cursor.rowcount
            return removed

    def clear(self, key: str) -> None:
        with _cursor() as cursor:
            cursor.execute("DELETE FROM throttle_counts WHERE key = %(key)s", {"key": digest(key)})

    def _sweep(self, now: float) -> None:
        if now - self._swept < SWEEP_EVERY:
            return
        self._swept = now
        with _cursor() as cursor:
            cursor.execute("DELETE FROM throttle_counts WHERE expires_at < %(now)s", {"now": now})
