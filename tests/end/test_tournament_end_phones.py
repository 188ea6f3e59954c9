"""After the end the phones say "The tournament is over": a table's link, "where do I sit" and
an online player's screen, never a stale round; a result sent then is refused in a sentence."""

from __future__ import annotations

import pytest

from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.models import Event, Player, PlayerStatus
from tournament.services.online.phase import place_of


@pytest.fixture
def ended(app, event_id):
    """One planned round, played and closed: the tournament is over."""
    with app.app_context():
        db.session().get(Event, event_id).planned_rounds = 1
        db.session().commit()
    start_round(app, event_id)
    for table in (1, 2, 3):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]])
    close_round(app, event_id)
    return event_id


def test_a_tables_link_says_the_tournament_is_over(app, phone, ended):
    page = phone.get(f"/t/{tokens(app, ended)[1]}").get_data(as_text=True)
    assert "The tournament is over" in page and "No round is running" not in page


def test_a_result_sent_after_the_end_is_refused_in_a_sentence(app, phone, ended):
    response = phone.post(f"/t/{tokens(app, ended)[1]}", data={"round": "1"})
    assert response.status_code == 409
    assert "The tournament is over, so nothing was recorded." in response.get_data(as_text=True)


def test_an_open_tables_page_follows_the_end_of_the_tournament(app, phone, event_id):
    """Its key differs once the tournament is over, so the page the phone keeps open moves on."""
    start_round(app, event_id)
    link = tokens(app, event_id)[1]
    during = phone.get(f"/t/{link}/follow.json").get_json()["key"]
    with app.app_context():
        db.session().get(Event, event_id).planned_rounds = 1
        db.session().commit()
    close_round(app, event_id)
    after = phone.get(f"/t/{link}/follow.json").get_json()["key"]
    assert after != during
    with app.app_context():
        from tournament.services import rounds
        rounds.one_more_round(db.session(), db.session().get(Event, event_id))
    assert phone.get(f"/t/{link}/follow.json").get_json()["key"] != after  # waiting again


def test_where_do_i_sit_says_the_tournament_is_over_instead_of_a_table(app, phone, ended):
    public = tokens(app, ended)["public"]
    player = next(iter(seated(app, ended, 1).values()))
    data = phone.get(f"/s/{public}/{player}.json").get_json()
    assert data["label"] == "The tournament is over" and data["table"] is None and data["over"] is True
    assert 'class="seat over"' in phone.get(f"/s/{public}/{player}").get_data(as_text=True)


def test_where_do_i_sit_says_which_round_of_how_many(app, phone, event_id):
    start_round(app, event_id)
    public = tokens(app, event_id)["public"]
    player = next(iter(seated(app, event_id, 1).values()))
    assert phone.get(f"/s/{public}/{player}.json").get_json()["label"] == "Now: round 1 of 4"


def test_an_online_players_screen_is_in_the_ended_phase(app, ended):
    with app.app_context():
        session = db.session()
        event = session.get(Event, ended)
        player = session.query(Player).filter_by(event_id=ended, status=PlayerStatus.SEATED).first()
        assert place_of(session, event, player).phase == "ended"


def test_the_online_join_page_says_the_tournament_is_over_instead_of_names_to_claim(app, phone, ended):
    page = phone.get(f"/s/{tokens(app, ended)['public']}/play").get_data(as_text=True)
    assert "The tournament is over" in page and 'name="player_id"' not in page
