"""Before round 1 the Players page can replace the whole list (another group); afterwards it refuses."""

from __future__ import annotations

import html

from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.models import Player

CLASS = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _players(app, event_id: int) -> dict[str, int | None]:
    with app.app_context():
        rows = db.session().scalars(select(Player).where(Player.event_id == event_id))
        return {p.name: p.home_table.number if p.home_table else None for p in rows}


def test_replacing_the_list_before_round_one_leaves_only_the_new_names_spread_over_the_tables(app, organiser):
    event_id = setup_event(app, CLASS, tables=2)
    response = organiser.post(f"/events/{event_id}/players/replace",
                              data={"replacement": "Kim\nLou\nMo\nana\nNed\nOla"})
    assert response.status_code == 302
    seated = _players(app, event_id)
    assert set(seated) == {"ana", "Kim", "Lou", "Mo", "Ned", "Ola"}
    assert sorted(seated.values()) == [1, 1, 1, 2, 2, 2]


def test_the_players_page_offers_to_replace_the_whole_list_before_round_one(app, organiser):
    event_id = setup_event(app, CLASS, tables=2)
    text = organiser.get(f"/events/{event_id}/players").get_data(as_text=True)
    assert "Replace the whole list" in text and f"/events/{event_id}/players/replace" in text


def test_replacing_the_list_after_round_one_started_is_refused_with_a_sentence_and_nothing_changes(app, organiser):
    event_id = setup_event(app, CLASS, tables=2)
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    before = _players(app, event_id)
    response = organiser.post(f"/events/{event_id}/players/replace", data={"replacement": "Kim\nLou\nMo"})
    assert response.status_code == 400
    said = html.unescape(response.get_data(as_text=True))
    assert "Round 1 has started, so the list can no longer be replaced" in said
    assert _players(app, event_id) == before
    page = organiser.get(f"/events/{event_id}/players").get_data(as_text=True)
    assert f"/events/{event_id}/players/replace" not in page


def test_a_replacement_repeating_a_name_is_refused_beside_the_list_and_the_old_list_stays(app, organiser):
    event_id = setup_event(app, CLASS, tables=2)
    before = _players(app, event_id)
    response = organiser.post(f"/events/{event_id}/players/replace", data={"replacement": "Kim\nLou\nKIM"})
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert "Lines 1 and 3 both say “Kim”." in text.split('name="replacement"')[1]
    assert _players(app, event_id) == before
