"""Corrections of closed rounds and undoing a round close."""

import pytest
from sqlalchemy import select

from tests.app.helpers import player_ids, seating, winners_form
from tests.conftest import setup_event
from tournament import db
from tournament.models import Game, Round, RoundState, Seat

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def closed(app, organiser):
    """Round 1 closed with Ben winning every game at the bottom table; round 2 planned."""
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    bottom = sorted(n for n, t in seating(app, event_id, 1).items() if t == 1)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [bottom[1]] * 2))
    organiser.post(f"/events/{event_id}/rounds/1/close")
    return event_id, bottom


def _versions(app):
    with app.app_context():
        return [g.version for g in db.session().scalars(select(Game).order_by(Game.number))]


def _correct_to(app, organiser, event_id, winner):
    ids = player_ids(app, event_id)
    versions = _versions(app)
    data = {}
    for index, version in enumerate(versions):
        data[f"games-{index}-winner"] = str(ids[winner])
        data[f"games-{index}-version"] = str(version)
    return organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=data, follow_redirects=True)


def test_correction_that_changes_the_round_winner_rederives_the_next_seating(app, organiser, closed):
    event_id, bottom = closed
    assert seating(app, event_id, 2)[bottom[1]] == 2
    page = _correct_to(app, organiser, event_id, bottom[2]).get_data(as_text=True)
    after = seating(app, event_id, 2)
    assert after[bottom[2]] == 2 and after[bottom[1]] == 1
    assert f"{bottom[2]} now sits at table 2 (was 1)" in page


def test_correction_keeps_seats_the_organiser_moved_by_hand(app, organiser, closed):
    event_id, bottom = closed
    last = player_ids(app, event_id)[bottom[3]]
    organiser.post(f"/events/{event_id}/rounds/2/seats", data={"player": last, "table": 2})
    with app.app_context():
        assert db.session().scalar(select(Seat.manual).where(Seat.player_id == last)
                                   .join(Round).where(Round.number == 2))
    _correct_to(app, organiser, event_id, bottom[2])
    assert seating(app, event_id, 2)[bottom[3]] == 2


def test_correction_after_the_next_round_started_does_not_touch_seating(app, organiser, closed):
    event_id, bottom = closed
    organiser.post(f"/events/{event_id}/rounds/start")
    before = seating(app, event_id, 2)
    page = _correct_to(app, organiser, event_id, bottom[2]).get_data(as_text=True)
    assert seating(app, event_id, 2) == before
    assert "already started, so its seating stays as played" in page
    from tournament.services.events import event_row
    from tournament.services.standings import compute_standings
    with app.app_context():
        rows = {r.player.name: r for r in compute_standings(db.session(), event_row(db.session(), event_id)).rows}
    assert (rows[bottom[2]].games_won, rows[bottom[1]].games_won) == (2, 0)


def test_deleting_a_game_of_a_closed_round_is_a_correction_too(app, organiser, closed):
    event_id, bottom = closed
    data = {"games-0-winner": "", "games-0-version": "1", "games-1-winner": "", "games-1-version": "1"}
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=data)
    assert _versions(app) == []
    # No game left at table 1: no round winner, so everyone there stays (Ben no longer goes up).
    assert {seating(app, event_id, 2)[name] for name in bottom} == {1}


def test_undo_restores_exactly_the_state_before_the_close(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    bottom = sorted(n for n, t in seating(app, event_id, 1).items() if t == 1)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [bottom[0]]))

    def snapshot():
        with app.app_context():
            session = db.session()
            rounds = [(r.number, r.state, r.started_at, r.closed_at) for r in session.scalars(select(Round))]
            seats = sorted((s.round_id, s.player_id, s.table_id, s.manual) for s in session.scalars(select(Seat)))
            games = [(g.number, g.winner_ids, g.version) for g in session.scalars(select(Game))]
            return rounds, seats, games

    before = snapshot()
    organiser.post(f"/events/{event_id}/rounds/1/close")
    assert snapshot() != before
    assert organiser.post(f"/events/{event_id}/rounds/1/reopen").status_code == 302
    assert snapshot() == before


def test_undo_is_refused_once_the_next_round_has_results(app, organiser, closed):
    event_id, _ = closed
    organiser.post(f"/events/{event_id}/rounds/start")
    someone = sorted(n for n, t in seating(app, event_id, 2).items() if t == 1)[0]
    organiser.post(f"/events/{event_id}/rounds/2/tables/1", data=winners_form(app, event_id, [someone]))
    response = organiser.post(f"/events/{event_id}/rounds/1/reopen")
    assert response.status_code == 409 and "already has results" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session().scalar(select(Round.state).where(Round.number == 1)) is RoundState.CLOSED


def test_undo_of_a_running_round_is_refused(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    assert organiser.post(f"/events/{event_id}/rounds/1/reopen").status_code == 409
