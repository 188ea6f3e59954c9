"""On PostgreSQL, one connection per server process LISTENs for every process's changes.

`serve --workers N` runs N processes; a phone's result committed by one must reach the
projector whose stream another holds. Each change's NOTIFY (sent inside its transaction, so
PostgreSQL delivers it at the commit) arrives here and goes to this process's hub, which
ignores what it knew already (its own changes, announced at their commit)."""

from __future__ import annotations

import logging
import threading

from sqlalchemy.engine import make_url

from .hub import Hub
from .publication import CHANNEL, Publication

log = logging.getLogger(__name__)
# How often the thread looks up from waiting to see whether it should stop.
_WAKE_SECONDS = 1.0
_RECONNECT_SECONDS = 2.0


def libpq_address(database_url: str) -> str:
    """The SQLAlchemy URL (postgresql+psycopg://...) as libpq reads it."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    def __init__(self, database_url: str, hub: Hub) -> None:
        self.address = libpq_address(database_url)
        self.hub = hub
        self.listening = threading.Event()  # set while LISTEN is in force (tests wait on it)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="push-listener", daemon=True)

    def start(self) -> Listener:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.address, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=_WAKE_SECONDS):
                            publication = Publication.parse(note.payload)
                            if publication is not None:
                                self.hub.publish(publication.event_id, publication.revision,
                                                 publication.table_id, publication.clock, from_another_process=True)
            except psycopg.Error as error:
                # The database restarted or the network dropped: screens keep their slow safety
                # poll meanwhile, and the next connection listens again.
                self.listening.clear()
                log.warning("Listening for other processes' changes failed (%s); trying again.", error)
                self._stop.wait(_RECONNECT_SECONDS)
        self.listening.clear()
