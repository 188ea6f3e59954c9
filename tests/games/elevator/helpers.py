"""Events of a shedding game, built through the services, for the printed-sheet and event tests."""

from __future__ import annotations

from tournament import db
from tournament.services import events, players
from tournament.services import tables as table_service


def shedding_event(app, game: str, names: list[str], tables: int | None = None, **settings) -> int:
    """An event playing ``game`` with ``names`` planned into tables (each table on the game's
    default rules); ``settings`` are event columns (sheet_copies, paper_size…). Returns its id."""
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Shedding night", game=game)
        players.add_players(session, event, "\n".join(names))
        table_service.set_table_count(session, event, tables)
        for key, value in settings.items():
            setattr(event, key, value)
        session.commit()
        return event.id
