"""The organiser's round flow: start, record, close, move, start the next, standings."""

import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from tests.app.helpers import player_ids, seating, winners_form
from tests.conftest import setup_event
from tournament import db
from tournament.models import Game, Round, RoundState

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def event_id(app, organiser):
    """Two tables of four, round 1 running."""
    event_id = setup_event(app, NAMES, tables=2)
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    return event_id


def _at(app, event_id, number, table):
    return sorted(name for name, t in seating(app, event_id, number).items() if t == table)


def _games(app):
    with app.app_context():
        return db.session().scalars(select(Game).order_by(Game.table_id, Game.number)
                                    .options(selectinload(Game.results))).all()


def test_round_one_seats_everyone_at_their_home_table(app, event_id):
    with app.app_context():
        from tournament.models import Player
        homes = {p.name: p.home_table.number for p in db.session().scalars(select(Player))}
    assert seating(app, event_id, 1) == homes


def test_three_games_of_a_table_are_saved_in_one_submit(app, organiser, event_id):
    bottom = _at(app, event_id, 1, 1)
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                              data=winners_form(app, event_id, [bottom[0], bottom[1], bottom[0]]))
    assert response.status_code == 302
    assert [g.number for g in _games(app)] == [1, 2, 3]


def test_tricks_decide_the_winner_and_unfinished_games_count_tricks_so_far(app, organiser, event_id):
    a, b, c, d = _at(app, event_id, 1, 1)
    data = winners_form(app, event_id, ["", ""], tricks=[{a: 1, b: 3, c: 0, d: 0}, {a: 2, b: 2}])
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=data)
    ids = {v: k for k, v in player_ids(app, event_id).items()}
    # game 2: a tie on tricks goes to the alphabetically first
    assert [ids[next(iter(g.winner_ids))] for g in _games(app)] == [b, a]


def test_tricks_decide_over_a_different_ticked_winner(app, organiser, event_id):
    a, b, *_ = _at(app, event_id, 1, 1)
    data = winners_form(app, event_id, [a], tricks=[{a: 0, b: 4}])
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=data)
    assert response.status_code == 302
    assert [g.winner_ids for g in _games(app)] == [{player_ids(app, event_id)[b]}]


def test_winner_not_seated_at_the_table_is_refused(app, organiser, event_id):
    stranger = _at(app, event_id, 1, 2)[0]
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                              data={"games-0-winner": str(player_ids(app, event_id)[stranger])})
    assert response.status_code == 400
    assert _games(app) == []


@pytest.mark.parametrize("tricks", ["-1", "99", "abc", "1e9"])
def test_negative_or_absurd_trick_counts_are_refused(app, organiser, event_id, tricks):
    a = _at(app, event_id, 1, 1)[0]
    data = {f"games-0-s{player_ids(app, event_id)[a]}": tricks}
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=data)
    assert response.status_code == 400
    assert _games(app) == []


def test_total_tricks_beyond_the_deck_are_refused(app, organiser, event_id):
    a, b, _c, _d = _at(app, event_id, 1, 1)
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                              data=winners_form(app, event_id, [""], tricks=[{a: 4, b: 4}]))
    assert response.status_code == 400 and "more than the cards allow" in response.get_data(as_text=True)


def test_stale_form_after_the_game_changed_elsewhere_is_refused(app, organiser, event_id):
    a, b, *_ = _at(app, event_id, 1, 1)
    ids = player_ids(app, event_id)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [a]))
    organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                   data={"games-0-winner": str(ids[b]), "games-0-version": "1"})
    stale = organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                           data={"games-0-winner": str(ids[a]), "games-0-version": "1"})
    assert stale.status_code == 409
    assert "changed by someone else" in stale.get_data(as_text=True)
    assert _games(app)[0].winner_ids == {ids[b]}


def test_repeating_the_same_submission_is_harmless(app, organiser, event_id):
    a = _at(app, event_id, 1, 1)[0]
    form = winners_form(app, event_id, [a])
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=form)
    again = organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=form)
    assert again.status_code == 302
    assert len(_games(app)) == 1 and _games(app)[0].version == 1


def test_clearing_a_seen_game_removes_it(app, organiser, event_id):
    a = _at(app, event_id, 1, 1)[0]
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [a]))
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data={"games-0-winner": "", "games-0-version": "1"})
    assert _games(app) == []


def test_unknown_round_or_table_is_404(organiser, event_id):
    assert organiser.get(f"/events/{event_id}/rounds/9/tables/1").status_code == 404
    assert organiser.get(f"/events/{event_id}/rounds/1/tables/9").status_code == 404
    assert organiser.get("/events/9999/rounds/1").status_code == 404


def test_close_page_warns_about_tables_without_games(app, organiser, event_id):
    page = organiser.get(f"/events/{event_id}/rounds/1/close").get_data(as_text=True)
    assert "reported no games" in page


def test_closing_moves_winners_up_and_losers_down_and_plans_round_two(app, organiser, event_id):
    bottom, top = _at(app, event_id, 1, 1), _at(app, event_id, 1, 2)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1",
                   data=winners_form(app, event_id, [bottom[2], bottom[2], bottom[1]]))
    organiser.post(f"/events/{event_id}/rounds/1/tables/2", data=winners_form(app, event_id, [top[3], top[0], top[0]]))
    assert organiser.post(f"/events/{event_id}/rounds/1/close").status_code == 302
    next_seats = seating(app, event_id, 2)
    assert next_seats[bottom[2]] == 2  # bottom table winner moves up
    assert next_seats[top[2]] == 1  # top table: fewest games (0, tied with top[1]); alphabetically last moves down
    assert next_seats[top[0]] == 2  # top table winner stays
    assert next_seats[bottom[3]] == 1  # bottom table loser stays
    results = organiser.get(f"/events/{event_id}/rounds/1/results").get_data(as_text=True)
    results = results.replace("<bdi>", "").replace("</bdi>", "")  # names sit in isolates
    assert f"{top[1]} and {top[2]} tied on 0 games; alphabetical order ranks {top[1]} above {top[2]}." in results


def test_closing_a_closed_round_is_refused(app, organiser, event_id):
    organiser.post(f"/events/{event_id}/rounds/1/close")
    again = organiser.post(f"/events/{event_id}/rounds/1/close")
    assert again.status_code == 409 and "already closed" in again.get_data(as_text=True)


def test_planned_round_seats_can_be_adjusted_and_are_marked_manual(app, organiser, event_id):
    organiser.post(f"/events/{event_id}/rounds/1/close")
    ana = player_ids(app, event_id)["Ana"]
    target = 1 if seating(app, event_id, 2)["Ana"] == 2 else 2
    organiser.post(f"/events/{event_id}/rounds/2/seats", data={"player": ana, "table": target})
    assert seating(app, event_id, 2)["Ana"] == target
    assert "moved by hand" in organiser.get(f"/events/{event_id}/rounds/2/seats").get_data(as_text=True)


def test_starting_a_round_while_one_runs_is_refused(organiser, event_id):
    response = organiser.post(f"/events/{event_id}/rounds/start")
    assert response.status_code == 409 and "still running" in response.get_data(as_text=True)


def test_round_two_starts_with_the_planned_seating(app, organiser, event_id):
    organiser.post(f"/events/{event_id}/rounds/1/close")
    planned = seating(app, event_id, 2)
    organiser.post(f"/events/{event_id}/rounds/start")
    with app.app_context():
        states = [r.state for r in db.session().scalars(select(Round).order_by(Round.number))]
    assert states == [RoundState.CLOSED, RoundState.RUNNING]
    assert seating(app, event_id, 2) == planned


def test_standings_count_games_rounds_and_highest_table(app, organiser, event_id):
    bottom = _at(app, event_id, 1, 1)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [bottom[1], bottom[1]]))
    organiser.post(f"/events/{event_id}/rounds/1/close")
    with app.app_context():
        from tournament.services.events import event_row
        from tournament.services.standings import compute_standings
        rows = {r.player.name: r for r in compute_standings(db.session(), event_row(db.session(), event_id)).rows}
    winner = rows[bottom[1]]
    # Moved up to table 2 for round 2: that is the highest table reached, and where she sits now.
    assert (winner.games_won, winner.rounds_won, winner.highest_table, winner.current_table) == (2, 1, 2, 2)
    assert winner.path == {1: 1, 2: 2}
    page = organiser.get(f"/events/{event_id}/standings").get_data(as_text=True)
    assert "alphabetically" in page


def test_every_round_state_change_is_in_the_audit_log(app, organiser, event_id):
    a = _at(app, event_id, 1, 1)[0]
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [a]))
    organiser.post(f"/events/{event_id}/rounds/1/close")
    with app.app_context():
        from tournament.services import audit
        actions = [e.action for e in audit.entries(db.session(), event_id, audit.AuditFilter())]
    assert actions == ["round closed", "game recorded", "round started"]
