"""What a committed change tells the screens: the event's new revision, or a table's new clock.

`services.unit_of_work` collects them while a change runs and, once it has committed,
`announce`s them to this process's streams. On PostgreSQL it also `notify`s them inside the
transaction: the server delivers a NOTIFY at the commit and never if the change rolls back,
so every other server process hears of it (`listener`) exactly when it is true."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import String, cast, func, literal, text
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from ..db import PUSH_HUB
from ..models import Event
from .hub import Hub

CHANNEL = "tournament_push"


@dataclass(frozen=True)
class Publication:
    event_id: int
    revision: int | None = None
    table_id: int | None = None
    clock: int | None = None

    def payload(self) -> str:
        return ":".join("" if part is None else str(part)
                        for part in (self.event_id, self.revision, self.table_id, self.clock))

    @classmethod
    def parse(cls, payload: str) -> Publication | None:
        """None for a payload this app did not send."""
        parts = payload.split(":")
        if len(parts) != 4 or not all(part.isdigit() or part == "" for part in parts) or not parts[0]:
            return None
        event_id, revision, table_id, clock = (int(part) if part else None for part in parts)
        assert event_id is not None
        return cls(event_id, revision, table_id, clock)


def _on_postgresql(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def notify_revision(session: Session, event_id: int) -> list[ColumnElement[object]]:
    """Columns for the RETURNING clause of the statement that moves an event's revision: on
    PostgreSQL, the NOTIFY of the new revision, sent at the commit. One statement, not two: a
    phone's POST costs no more than before."""
    if not _on_postgresql(session):
        return []
    # In RETURNING, the column is the row's new value.
    payload = literal(f"{event_id}:") + cast(Event.revision, String) + literal("::")
    return [func.pg_notify(CHANNEL, payload)]


def notify(session: Session, publications: list[Publication]) -> None:
    """Inside the change's transaction: PostgreSQL sends these at its commit, to every process.
    A revision was notified already by the statement that moved it (`notify_revision`)."""
    if _on_postgresql(session):
        for publication in publications:
            if publication.revision is None:
                session.execute(text("SELECT pg_notify(:channel, :payload)"),
                                {"channel": CHANNEL, "payload": publication.payload()})


def announce(session: Session, publications: list[Publication]) -> None:
    """After the commit: this process's streams hear at once."""
    hub = session.info.get(PUSH_HUB)  # none in a script's session: nothing to tell
    if isinstance(hub, Hub):
        for publication in publications:
            hub.publish(publication.event_id, publication.revision, publication.table_id, publication.clock)
