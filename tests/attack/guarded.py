"""The server `flask serve` runs (tournament.serving), started on a free loopback port for the
attack tests, and what they share to wait on it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from tournament import serving


def start(app, **guards):
    """The server the serve command starts, on a free loopback port."""
    server = serving.create_server(app, host="127.0.0.1", port=0, threads=8, **guards)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return server, thread


def stop(server, thread):
    server.close()
    server.task_dispatcher.shutdown(timeout=5)
    thread.join(timeout=5)


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether `condition` came true within `seconds` (a bound, so a broken guard fails the test
    instead of hanging it)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
