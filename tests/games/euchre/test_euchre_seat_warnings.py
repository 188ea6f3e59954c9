"""Euchre is played in fours only: when movement leaves a table with another number of players
(a neighbour reported no game, so nobody there moved), the results and seats pages say so."""

from __future__ import annotations

from tests.app.helpers import page_text
from tests.room.conftest import close_round, start_round
from tournament import db
from tournament.models import Event
from tournament.services import events, players
from tournament.services import tables as table_service
from tournament.services.games import GameEntry, record_games
from tournament.services.latest_round import latest_round
from tournament.services.round_data import load_round

NAMES = [f"Player {letter}" for letter in "ABCDEFGHIJKL"]


def _euchre_event(app) -> int:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Euchre night", game="euchre")
        players.add_players(session, event, "\n".join(NAMES))
        table_service.set_table_count(session, event, None)
        return event.id


def _opposite_team_wins(app, event_id: int, table_number: int) -> None:
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        data = load_round(session, event, latest_round(session, event).number)
        table = data.table(table_number)
        seated = data.seated_at(table)
        record_games(session, data, table, [GameEntry(1, None, frozenset({seated[0].id, seated[2].id}), None)])


def test_a_euchre_table_left_without_four_players_after_the_moves_is_flagged(app, organiser):
    event_id = _euchre_event(app)
    start_round(app, event_id)
    # Table 1 reports nothing, so nobody there moves; tables 2 and 3 send their teams on: table 2's
    # losing pair joins table 1 (6), table 2 keeps only table 3's losing pair (2).
    _opposite_team_wins(app, event_id, 2)
    _opposite_team_wins(app, event_id, 3)
    close_round(app, event_id)
    results = page_text(organiser.get(f"/events/{event_id}/rounds/1/results"))
    assert "Table 1 has 6 players, more than 4." in results
    assert "Table 2 has 2 players, fewer than 4." in results
    assert "Table 3 has" not in results
    seats = page_text(organiser.get(f"/events/{event_id}/rounds/2/seats"))
    assert "Table 1 has 6 players, more than 4." in seats and "Table 2 has 2 players, fewer than 4." in seats
