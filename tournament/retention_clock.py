"""When the retention runs while the app serves: once at start-up, then once a day.

A daemon thread of the serving process (waitress's `flask serve`, or each gunicorn worker)
wakes every `CHECK_EVERY` and calls `step`, which erases only if nobody ran it today: the day
is stored in the database under the unit of work's exclusive lock, so several processes run it
once between them. No request ever triggers it, so no page that only reads ever writes.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from flask import Flask

from . import db
from .blueprints.service_config import backup_store
from .models.base import utcnow
from .services import erasure
from .services.erasure import Run, erase_expired

log = logging.getLogger(__name__)
CHECK_EVERY = 3600.0  # seconds: a new day is noticed within the hour


def log_to_stderr() -> None:
    """The runs' lines ("Retention: erased event 12 …") in the server's own output."""
    erasure_log = logging.getLogger(erasure.__name__)
    if not erasure_log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        erasure_log.addHandler(handler)
    erasure_log.setLevel(logging.INFO)


def step(app: Flask, now: datetime | None = None, *, force: bool = False) -> Run | None:
    """One run in its own session (None: it already ran today)."""
    with app.app_context():  # its teardown closes the session
        return erase_expired(db.session(), backup_store(app), now or utcnow(), force=force)


def _safe_step(app: Flask, *, force: bool = False) -> None:
    try:
        step(app, force=force)
    except Exception:  # a failed run is tried again the next hour; serving goes on
        log.exception("Retention: the run failed")


def start(app: Flask, stop: threading.Event | None = None) -> threading.Thread:
    """Run now (start-up), then check every hour until ``stop`` is set or the process ends."""
    stop = stop or threading.Event()
    log_to_stderr()
    _safe_step(app, force=True)

    def loop() -> None:
        while not stop.wait(CHECK_EVERY):
            _safe_step(app)

    thread = threading.Thread(target=loop, name="retention", daemon=True)
    thread.start()
    return thread
