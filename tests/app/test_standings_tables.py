"""The standings' table columns agree with each other: the highest table is never below the
table a player sits at now, and a player who left has no table now."""

from __future__ import annotations

from tests.app.helpers import player_ids, seating
from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, start_round
from tournament import db
from tournament.models import Event, PlayerStatus
from tournament.services import midevent
from tournament.services.standings import compute_standings

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana"]


def _rows(app, event_id):
    with app.app_context():
        session = db.session()
        return {r.player.name: r for r in compute_standings(session, session.get(Event, event_id)).rows}


def test_highest_table_counts_the_table_a_player_moved_up_to(app):
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    winner = sorted(n for n, t in seating(app, event_id, 1).items() if t == 1)[0]
    record_winner(app, event_id, 1, [winner])
    record_winner(app, event_id, 2, [sorted(n for n, t in seating(app, event_id, 1).items() if t == 2)[0]])
    close_round(app, event_id)
    row = _rows(app, event_id)[winner]
    assert row.current_table == 2 and row.highest_table == 2
    assert all(r.highest_table >= r.current_table for r in _rows(app, event_id).values())


def test_a_withdrawn_player_has_no_table_now_but_keeps_her_highest(app):
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    leaver = sorted(n for n, t in seating(app, event_id, 1).items() if t == 2)[0]
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        player = session.get(type(event.players[0]), player_ids(app, event_id)[leaver])
        midevent.change_status(session, event, player, PlayerStatus.WITHDRAWN)
    row = _rows(app, event_id)[leaver]
    assert row.current_table is None and row.highest_table == 2
