"""The guards around an absence: the organiser's mark is no answer from the table, a scored game
cannot be won by an absentee, and nobody at an online table is marked absent."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.presence.conftest import presence
from tests.room.conftest import seated, tokens
from tournament import db
from tournament.models import Event, Table
from tournament.services import presence as presence_service
from tournament.services.errors import DomainError
from tournament.services.unit_of_work import event_change


def _mark_absent(app, event_id: int, name: str) -> None:
    with app.app_context():
        session = db.session()
        presence_service.mark(session, session.get(Event, event_id), 1, seated(app, event_id, 1)[name], absent=True)


def test_an_organisers_absent_mark_is_no_answer_so_the_phone_still_asks_who_is_here(app, running, phone):
    absentee = sorted(seated(app, running, 1))[-1]
    _mark_absent(app, running, absentee)
    page = phone.get(f"/t/{tokens(app, running)[1]}").get_data(as_text=True)
    assert "Who is at table 1?" in page
    with app.app_context():
        session = db.session()
        room = presence_service.room_presence(session, session.get(Event, running))
    assert 1 in room.silent


def test_nobody_at_an_online_table_is_marked_absent(app, running):
    name = sorted(seated(app, running, 1))[0]
    with app.app_context():
        session = db.session()
        with event_change(session, running):
            session.scalar(select(Table).where(Table.event_id == running, Table.number == 1)).online = True
    with pytest.raises(DomainError, match="plays online"):
        _mark_absent(app, running, name)
    assert presence(app, running)[name] is None
