"""A phone sending a result while the organiser closes the same round: one of them must lose
cleanly, never both succeed with the game left out of the close."""

import pytest
from sqlalchemy import func, select

from tests.app.helpers import player_ids, seating
from tests.conftest import setup_event
from tournament import db
from tournament.models import Game, RoundState
from tournament.services import events, rounds
from tournament.services.errors import Conflict
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round


def test_a_result_prepared_before_the_round_closed_is_refused_not_lost(app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    with app.app_context():
        rounds.start_round(db.session(), events.event_row(db.session(), event_id))
    ana = player_ids(app, event_id)["Ana"]

    phone = app.app_context()
    phone.push()
    try:
        phone_session = db.session()
        data = load_round(phone_session, events.event_row(phone_session, event_id), 1)
        phone_session.commit()  # the phone's page was served; its form is now in the captain's hands

        with app.app_context():
            organiser = db.session()
            rounds.close(organiser, events.event_row(organiser, event_id), 1)

        with pytest.raises(Conflict, match="closed or reopened a moment ago"):
            record_games(phone_session, data, data.tables[0], [GameEntry(1, None, frozenset({ana}), None)])
        phone_session.rollback()
    finally:
        phone.pop()

    with app.app_context():
        assert db.session().scalar(select(func.count()).select_from(Game)) == 0


def test_close_counts_a_game_saved_after_its_page_was_loaded(app):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    with app.app_context():
        rounds.start_round(db.session(), events.event_row(db.session(), event_id))
    ben = player_ids(app, event_id)["Ben"]
    with app.app_context():
        organiser = db.session()
        stale = load_round(organiser, events.event_row(organiser, event_id), 1)
        organiser.commit()
        with app.app_context():
            phone = db.session()
            data = load_round(phone, events.event_row(phone, event_id), 1)
            record_games(phone, data, data.tables[0], [GameEntry(1, None, frozenset({ben}), None)])
        rounds.close(organiser, stale.event, stale.round.number)
        assert stale.round.state is RoundState.CLOSED
    assert seating(app, event_id, 2)["Ben"] == 1  # one table: nobody moves, but Ben's win was counted
    with app.app_context():
        from tournament.services.standings import compute_standings
        standings = compute_standings(db.session(), events.event_row(db.session(), event_id))
        rows = {r.player.name: r for r in standings.rows}
    assert rows["Ben"].rounds_won == 1
