"""What a committed change tells the screens: the event's new revision, or a table's new clock.

`services.unit_of_work` collects them while a change runs and, once it has committed,
`announce`s them to this process's streams. On PostgreSQL it also `notify`s them inside the
transaction: the server delivers a NOTIFY at the commit and never if the change rolls back,
so every other server process hears of it (`listener`) exactly when it is true."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

from ..db import PUSH_HUB
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


def notify(session: Session, publications: list[Publication]) -> None:
    """Inside the change's transaction: PostgreSQL sends these at its commit, to every process."""
    if publications and session.get_bind().dialect.name == "postgresql":
        for publication in publications:
            session.execute(text("SELECT pg_notify(:channel, :payload)"),
                            {"channel": CHANNEL, "payload": publication.payload()})


def announce(session: Session, publications: list[Publication]) -> None:
    """After the commit: this process's streams hear at once."""
    hub = session.info.get(PUSH_HUB)  # none in a script's session: nothing to tell
    if isinstance(hub, Hub):
        for publication in publications:
            hub.publish(publication.event_id, publication.revision, publication.table_id, publication.clock)
