"""An Elbows Up! event built through the services."""

from __future__ import annotations

from tournament import db
from tournament.models import Event

NAMES = [f"Player {chr(65 + i // 4)}{i % 4}" for i in range(20)]


def elbows_event(app, names=NAMES, tables: int | None = 5, **settings) -> int:
    """An event playing Elbows Up! with the given players and tables (default rules per table)."""
    from tournament.services import events, players
    from tournament.services import tables as table_service

    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Elbows night", game="elbows-up")
        players.add_players(session, event, "\n".join(names))
        table_service.set_table_count(session, event, tables)
        for key, value in settings.items():
            setattr(session.get(Event, event.id), key, value)
        session.commit()
        return event.id
