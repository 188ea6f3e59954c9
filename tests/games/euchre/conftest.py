"""An event playing Euchre, built through the services."""

from __future__ import annotations

from tournament import db
from tournament.services import accounts, events, players
from tournament.services import tables as table_service


def euchre_event(app, names: list[str], **settings) -> int:
    """A Euchre event with ``names`` seated at tables of four and the given print settings."""
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Euchre night", game="euchre")
        players.add_players(session, event, "\n".join(names))
        table_service.set_table_count(session, event, None)
        for key, value in settings.items():
            setattr(event, key, value)
        session.commit()
        return event.id


def organiser_account(app) -> None:
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
