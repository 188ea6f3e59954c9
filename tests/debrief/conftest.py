"""Events played for a few rounds through the services, for the debrief's views."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conftest import setup_event
from tests.corpus.names import ACCEPTED
from tests.debrief.frame_views import ended_event, register
from tests.room.conftest import close_round, record_winner, seated, start_round
from tournament import db
from tournament.models import Event, Player, PlayerStatus

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lea"]
# Every accepted name of the hostile corpus (right-to-left, combining, 40 characters, markup),
# then long ones up to forty players.
HOSTILE = [raw for raw, _stored in ACCEPTED.values()]
HOSTILE += [f"Konstantinopoulou-Vandermeer Nr {i:02}" for i in range(40 - len(HOSTILE))]


def play_round(app, event_id: int, tables: int, close: bool = True) -> None:
    """Start the planned round; at every table the alphabetically first player wins two games
    and the second one game, then close it (unless ``close`` is false)."""
    start_round(app, event_id)
    for table in range(1, tables + 1):
        names = sorted(seated(app, event_id, table))
        if names:
            record_winner(app, event_id, table, [names[0], names[1], names[0]] if len(names) > 1 else [names[0]])
    if close:
        close_round(app, event_id)


def played_event(app, names=NAMES, tables: int = 3, rounds: int = 3, close_last: bool = True,
                 before=None) -> int:
    """``before(session, event)`` runs once the tables are planned, before round 1."""
    event_id = setup_event(app, names, tables=tables)
    if before is not None:
        with app.app_context():
            session = db.session()
            before(session, session.get(Event, event_id))
            session.commit()
    for number in range(rounds):
        play_round(app, event_id, tables, close=close_last or number < rounds - 1)
    return event_id


def reveal(app, event_id: int) -> None:
    with app.app_context():
        db.session().get(Event, event_id).debrief_revealed_at = datetime.now(UTC)
        db.session().commit()


def change_status(app, event_id: int, name: str, status: PlayerStatus) -> None:
    from tournament.services import midevent

    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        player = session.query(Player).filter_by(event_id=event_id, name=name).one()
        midevent.change_status(session, event, player, status)


@pytest.fixture
def views(app, monkeypatch):
    """The frame's stand-in views registered for this test."""
    register(app, monkeypatch)


@pytest.fixture
def ended(app, organiser):
    """An event played to its end; `organiser` is logged in (created first, so it stays so)."""
    return ended_event(app)


def statements_of(app, build, event_id: int) -> int:
    """How many SQL statements ``build(session, event)`` sends for the event."""
    from tests.conftest import count_queries

    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        with count_queries(app) as statements:
            build(session, event)
    return len(statements)
