"""The organiser's pages know the tournament's number of rounds and its end: where it stands,
how to end it now (the close's own warning when a round runs), how to reopen it, the debrief
offered once it is over, and the events list."""

from __future__ import annotations

from html import unescape

import pytest

from tests.app.helpers import page_text, seating, winners_form
from tests.conftest import setup_event
from tournament import db
from tournament.models import Event, Round, RoundState

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _text(response) -> str:
    return unescape(page_text(response))


def _event(app, event_id) -> Event:
    with app.app_context():
        event = db.session().get(Event, event_id)
        db.session().expunge(event)
        return event


def _states(app, event_id):
    with app.app_context():
        return [(r.number, r.state) for r in db.session().query(Round).filter_by(event_id=event_id)
                .order_by(Round.number)]


def _play_round(app, organiser, event_id, number):
    """Start round ``number`` (if planned), a game at every table, and close it."""
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    return _play_round_games_and_close(app, organiser, event_id, number)


def _play_round_games_and_close(app, organiser, event_id, number):
    for table in (1, 2):
        at = sorted(name for name, t in seating(app, event_id, number).items() if t == table)
        assert organiser.post(f"/events/{event_id}/rounds/{number}/tables/{table}",
                              data=winners_form(app, event_id, [at[0]])).status_code == 302
    return organiser.post(f"/events/{event_id}/rounds/{number}/close")


@pytest.fixture
def event_id(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    with app.app_context():
        db.session().get(Event, event_id).planned_rounds = 2
        db.session().commit()
    return event_id


def test_a_new_event_takes_its_number_of_rounds_from_the_form(app, organiser):
    response = organiser.post("/events", data={"name": "7B", "round_minutes": 7, "planned_rounds": 3,
                                               "time_zone": "UTC", "language": "en", "game": "five-tricks"})
    assert response.status_code == 302
    with app.app_context():
        assert db.session().query(Event).filter_by(name="7B").one().planned_rounds == 3


def test_the_round_pages_say_which_round_of_how_many(app, organiser, event_id):
    organiser.post(f"/events/{event_id}/rounds/start")
    assert "Round 1 of 2" in _text(organiser.get(f"/events/{event_id}/rounds/1"))
    assert "Round 1 of 2" in _text(organiser.get(f"/events/{event_id}"))


def test_the_last_rounds_close_page_says_it_ends_the_tournament(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    organiser.post(f"/events/{event_id}/rounds/start")
    text = _text(organiser.get(f"/events/{event_id}/rounds/2/close"))
    assert "no next round is planned, the tournament is over" in text


def test_after_the_last_round_the_results_page_offers_the_debrief_and_no_next_round(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    response = _play_round(app, organiser, event_id, 2)
    assert response.status_code == 302
    page = organiser.get(response.headers["Location"], follow_redirects=True)
    text = _text(page)
    assert "It was the last round: the tournament is over." in text
    assert "The tournament is over" in text and "Start the debrief" in text
    assert "Round 3 seating" not in text
    assert _states(app, event_id) == [(1, RoundState.CLOSED), (2, RoundState.CLOSED)]


def test_ending_now_from_a_running_round_shows_the_closes_warning_first(app, organiser, event_id):
    organiser.post(f"/events/{event_id}/rounds/start")
    text = _text(organiser.get(f"/events/{event_id}/end"))
    assert "End the tournament now?" in text
    assert "2 tables reported no games" in text  # the same warning as any close
    assert "Close round 1 and end the tournament" in text
    response = organiser.post(f"/events/{event_id}/end")
    assert response.status_code == 302
    assert _states(app, event_id) == [(1, RoundState.CLOSED)]
    assert _event(app, event_id).ended_at is not None


def test_ending_now_between_rounds_says_the_planned_round_is_dropped(app, organiser, event_id):
    with app.app_context():
        db.session().get(Event, event_id).planned_rounds = 4
        db.session().commit()
    _play_round(app, organiser, event_id, 1)
    assert "Round 2's planned seating is dropped" in _text(organiser.get(f"/events/{event_id}/end"))
    organiser.post(f"/events/{event_id}/end")
    assert _states(app, event_id) == [(1, RoundState.CLOSED)]


def test_ending_before_round_one_is_refused_with_a_sentence(app, organiser, event_id):
    response = organiser.post(f"/events/{event_id}/end")
    assert response.status_code == 400
    assert "No round has been played yet, so there is nothing to end." in _text(response)
    assert _event(app, event_id).ended_at is None


def test_starting_a_round_after_the_end_is_refused_with_the_way_out(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    _play_round(app, organiser, event_id, 2)
    response = organiser.post(f"/events/{event_id}/rounds/start")
    assert response.status_code == 409
    assert "The tournament is over. Reopen it to play one more round." in _text(response)


def test_reopening_plans_one_more_round(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    _play_round(app, organiser, event_id, 2)
    assert "Round 3 is planned from round 2" in _text(organiser.get(f"/events/{event_id}/one-more-round"))
    response = organiser.post(f"/events/{event_id}/one-more-round")
    assert response.headers["Location"].endswith(f"/events/{event_id}/rounds/3/seats")
    assert _states(app, event_id)[-1] == (3, RoundState.PLANNED)
    assert _event(app, event_id).ended_at is None


def test_the_settings_refuse_fewer_rounds_than_started_beside_the_field(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)  # round 2 planned
    response = organiser.post(f"/events/{event_id}/settings", data={
        "name": "Class 9B", "round_minutes": 7, "planned_rounds": 1, "time_zone": "UTC", "language": "en"})
    assert response.status_code == 400
    assert "Round 2 is already started or planned, so the tournament has at least 2 rounds." in _text(response)
    assert 'value="1"' in response.get_data(as_text=True)  # the refused form comes back filled in
    assert _event(app, event_id).planned_rounds == 2


def test_the_events_list_counts_rounds_played_and_says_when_it_is_over(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    assert "1 of 2 rounds" in _text(organiser.get("/"))
    _play_round(app, organiser, event_id, 2)
    assert "Over after 2 rounds" in _text(organiser.get("/"))


def test_the_standings_are_final_once_it_is_over(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    assert "Final standings" not in _text(organiser.get(f"/events/{event_id}/standings"))
    _play_round(app, organiser, event_id, 2)
    assert "Final standings" in _text(organiser.get(f"/events/{event_id}/standings"))


def test_the_close_that_ended_the_tournament_can_be_undone_and_it_plays_on(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    _play_round(app, organiser, event_id, 2)
    assert "Undo the close of round 2…" in _text(organiser.get(f"/events/{event_id}/rounds/2/results"))
    confirm = _text(organiser.get(f"/events/{event_id}/rounds/2/reopen"))
    assert "The tournament is no longer over: closing round 2 ends it again." in confirm
    response = organiser.post(f"/events/{event_id}/rounds/2/reopen", follow_redirects=True)
    assert "Round 2 is running again; the tournament plays on." in _text(response)
    assert _states(app, event_id)[-1] == (2, RoundState.RUNNING)
    assert _event(app, event_id).ended_at is None


def test_the_last_rounds_results_show_no_moves_nobody_makes(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    assert "Next round" in _text(organiser.get(f"/events/{event_id}/rounds/1/results"))
    organiser.post(f"/events/{event_id}/rounds/start")
    assert "Next round" not in _text(organiser.get(f"/events/{event_id}/rounds/2/close"))
    _play_round_games_and_close(app, organiser, event_id, 2)
    text = _text(organiser.get(f"/events/{event_id}/rounds/2/results"))
    assert "Next round" not in text and "is the top table, so stays" not in text


def test_the_settings_of_an_ended_tournament_say_how_to_play_on_and_still_save(app, organiser, event_id):
    _play_round(app, organiser, event_id, 1)
    _play_round(app, organiser, event_id, 2)
    assert "The tournament is over. Reopen it to play one more round." in _text(
        organiser.get(f"/events/{event_id}/settings"))
    response = organiser.post(f"/events/{event_id}/settings", data={
        "name": "Class 9C", "round_minutes": 7, "planned_rounds": 2, "time_zone": "UTC", "language": "en"})
    assert response.status_code == 302
    assert _event(app, event_id).name == "Class 9C"
