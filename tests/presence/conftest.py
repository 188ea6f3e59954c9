"""An event of nine players at three tables of three with round 1 running, and helpers to answer
"Who is at table N?" from a phone and to mark a player as the organiser does."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tests.room.conftest import NAMES, start_round, tokens
from tournament import db
from tournament.models import AuditEntry, Player, Seat


@pytest.fixture
def running(app):
    event_id = setup_event(app, NAMES, tables=3)
    start_round(app, event_id)
    return event_id


@pytest.fixture
def phone(app):
    return app.test_client()


def answer(phone, app, event_id: int, table: int, missing: list[int] = (), *, everyone: bool = False,
           round_number: int = 1, again: bool = False):
    data = {"round": str(round_number), "missing": [str(i) for i in missing]}
    if everyone:
        data["everyone"] = "1"
    if again:
        data["again"] = "1"
    return phone.post(f"/t/{tokens(app, event_id)[table]}/presence", data=data)


def presence(app, event_id: int, round_number: int = 1) -> dict[str, str | None]:
    """Name -> presence value of every seat of the round."""
    from tournament.models import Round

    with app.app_context():
        rows = db.session().execute(
            select(Player.name, Seat.presence).join(Seat, Seat.player_id == Player.id)
            .join(Round, Round.id == Seat.round_id)
            .where(Round.event_id == event_id, Round.number == round_number)).all()
        return {name: (state.value if state else None) for name, state in rows}


def audit_actions(app, event_id: int) -> list[tuple[str, str]]:
    with app.app_context():
        return [(e.action, e.subject) for e in db.session().scalars(
            select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id))]
