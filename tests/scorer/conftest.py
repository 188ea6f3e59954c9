"""An event of the test-only game Highest Card, whose scorer counts draws (first to 3 wins), with
round 1 running; helpers to score it through the services and to read what is stored."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.games.highest_card import HIGHEST_CARD
from tournament import db
from tournament.games import register, unregister
from tournament.models import AuditEntry, Event, Game, Round
from tournament.services import events, players, rounds
from tournament.services import tables as table_service
from tournament.services.round_data import load_round

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]


@pytest.fixture
def highest_card() -> Iterator[None]:
    register(HIGHEST_CARD)
    try:
        yield
    finally:
        unregister(HIGHEST_CARD.key)


@dataclass
class CardEvent:
    event_id: int
    tokens: dict[int, str]
    seated: dict[int, dict[str, int]]  # table -> name -> player id


def card_event(app, names=NAMES, tables: int = 2, start: bool = True) -> CardEvent:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Card night", game=HIGHEST_CARD.key)
        players.add_players(session, event, "\n".join(names))
        table_service.set_table_count(session, event, tables)
        if start:
            rounds.start_round(session, event)
        data = load_round(session, event, 1) if start else None
        seated = {t.number: {p.name: p.id for p in data.seated_at(t)} for t in data.tables} if data else {}
        return CardEvent(event.id, {t.number: t.token for t in event.tables}, seated)


@pytest.fixture
def card(app, highest_card) -> CardEvent:
    return card_event(app)


def stored(app, event_id: int, table: int = 1, number: int = 1):
    """(sheet, winner ids, version) of a game as committed, or None when there is no such game."""
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        data = load_round(session, event, 1)
        game = session.query(Game).filter_by(round_id=data.round.id, table_id=data.table(table).id,
                                              number=number).one_or_none()
        return None if game is None else (game.sheet, game.winner_ids, game.version)


def audit_lines(app, event_id: int) -> list[tuple[str, str | None]]:
    with app.app_context():
        rows = db.session().query(AuditEntry).filter_by(event_id=event_id).order_by(AuditEntry.id)
        return [(e.action, e.new_value) for e in rows]


def game_count(app, event_id: int) -> int:
    with app.app_context():
        return db.session().query(Game).join(Round).filter(Round.event_id == event_id).count()
