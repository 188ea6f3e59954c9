"""Fixtures for races: the real threaded server, an organiser account, and fresh events built
through the services (so each try starts from known state in milliseconds)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.conftest import setup_event
from tests.races.harness import ORGANISER
from tournament import db
from tournament.models import AuditEntry, Event, Game, Player, Round, Seat, Table
from tournament.services import accounts, rounds
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


@pytest.fixture
def server(app, live_server):
    with app.app_context():
        accounts.set_organiser(db.session(), *ORGANISER)
    return live_server


def running_event(app, number: int = 1, tables: int = 1, names: list[str] = NAMES) -> int:
    """An event whose round `number` is running; each earlier round had one game and was closed."""
    event_id = setup_event(app, names, tables=tables, name="Race")
    with app.app_context():
        session = db.session()
        for current in range(1, number + 1):
            rounds.start_round(session, session.get(Event, event_id))
            if current < number:
                data = load_round(session, session.get(Event, event_id), current)
                for table in data.tables:
                    winner = data.seated_at(table)[0].id
                    record_games(session, data, table, [GameEntry(1, None, frozenset({winner}), None)])
                rounds.close(session, session.get(Event, event_id), current)
    return event_id


def planned_event(app, number: int, tables: int = 1, names: list[str] = NAMES) -> int:
    """An event whose round `number` is planned (round 1: only the table plan exists); each
    earlier round had one game per table, won by the alphabetically first player there."""
    if number == 1:
        return setup_event(app, names, tables=tables, name="Race")
    event_id = running_event(app, number - 1, tables, names)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), number - 1)
        for table in data.tables:
            record_games(session, data, table, [GameEntry(1, None, frozenset({data.seated_at(table)[0].id}), None)])
        rounds.close(session, session.get(Event, event_id), number - 1)
    return event_id


EIGHT = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]


def seating(app, event_id: int, round_number: int) -> dict[str, tuple[int, bool]]:
    """Name -> (table number, moved by hand) in that round."""
    with app.app_context():
        rows = db.session().execute(
            select(Player.name, Table.number, Seat.manual).join(Seat, Seat.player_id == Player.id)
            .join(Table, Seat.table_id == Table.id).join(Round, Seat.round_id == Round.id)
            .where(Round.event_id == event_id, Round.number == round_number))
        return {name: (number, manual) for name, number, manual in rows}


def log_ids(app, event_id: int, action: str, round_number: int | None = None) -> list[int]:
    """Ids of the audit lines of that action, oldest first (ids grow with commit order under the lock)."""
    with app.app_context():
        query = select(AuditEntry.id).where(AuditEntry.event_id == event_id, AuditEntry.action == action)
        if round_number is not None:
            query = query.where(AuditEntry.round_number == round_number)
        return list(db.session().scalars(query.order_by(AuditEntry.id)))


def table_token(app, event_id: int, number: int = 1) -> str:
    with app.app_context():
        return next(t.token for t in db.session().get(Event, event_id).tables if t.number == number)


def player_id(app, event_id: int, name: str) -> int:
    with app.app_context():
        return db.session().scalar(select(Player.id).where(Player.event_id == event_id, Player.name == name))


def audit_count(app, event_id: int, action: str, round_number: int | None = None) -> int:
    with app.app_context():
        query = select(func.count()).select_from(AuditEntry).where(
            AuditEntry.event_id == event_id, AuditEntry.action == action)
        if round_number is not None:
            query = query.where(AuditEntry.round_number == round_number)
        return db.session().scalar(query)


def round_states(app, event_id: int) -> dict[int, str]:
    with app.app_context():
        rows = db.session().execute(select(Round.number, Round.state).where(Round.event_id == event_id))
        return {number: state.value for number, state in rows}


def games_in(app, event_id: int, round_number: int) -> int:
    with app.app_context():
        return db.session().scalar(
            select(func.count()).select_from(Game).join(Round, Game.round_id == Round.id)
            .where(Round.event_id == event_id, Round.number == round_number))
