"""Mid-event changes: latecomers, withdrawals, observers, renames; and the change log page."""

import re

import pytest
from sqlalchemy import select

from tests.app.helpers import page_text, player_ids, seating, winners_form
from tests.conftest import setup_event
from tournament import db
from tournament.models import Player, PlayerStatus

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def running(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    return event_id


def _status(app, name):
    with app.app_context():
        return db.session().scalar(select(Player.status).where(Player.name == name))


def test_latecomer_joins_a_table_of_the_running_round(app, organiser, running):
    response = organiser.post(f"/events/{running}/players/late", data={"name": "Zoe", "table": 2})
    assert response.status_code == 302
    assert seating(app, running, 1)["Zoe"] == 2


def test_latecomer_with_a_name_already_taken_is_refused(app, organiser, running):
    response = organiser.post(f"/events/{running}/players/late", data={"name": "ÁNA", "table": 2})
    assert response.status_code == 400 and "Already in this event" in response.get_data(as_text=True)
    assert "ÁNA" not in seating(app, running, 1)


def test_latecomer_joins_the_planned_round_after_a_close(app, organiser, running):
    organiser.post(f"/events/{running}/rounds/1/close")
    organiser.post(f"/events/{running}/players/late", data={"name": "Zoe", "table": 1})
    assert seating(app, running, 2)["Zoe"] == 1 and "Zoe" not in seating(app, running, 1)


def test_a_latecomer_is_labelled_as_joining_late_not_as_moved_by_hand(app, organiser, running):
    organiser.post(f"/events/{running}/rounds/1/close")
    organiser.post(f"/events/{running}/players/late", data={"name": "Zoe", "table": 1})
    seats = " ".join(re.sub(r"<[^>]+>", " ", page_text(organiser.get(f"/events/{running}/rounds/2/seats"))).split())
    assert "Zoe joined late" in seats
    assert "moved by hand" not in seats


def test_player_withdrawn_during_a_round_is_ranked_in_it_and_nobody_moves_in_her_place(app, organiser, running):
    bottom = sorted(n for n, t in seating(app, running, 1).items() if t == 1)
    organiser.post(f"/events/{running}/rounds/1/tables/1", data=winners_form(app, running, [bottom[0]]))
    ana_id = player_ids(app, running)[bottom[0]]
    organiser.post(f"/events/{running}/players/{ana_id}/status/withdrawn")
    assert _status(app, bottom[0]) is PlayerStatus.WITHDRAWN
    organiser.post(f"/events/{running}/rounds/1/close")
    assert bottom[0] in seating(app, running, 1)  # history kept
    assert bottom[0] not in seating(app, running, 2)  # no longer seated
    # She won table 1's only game: she stays its round winner; her place up is not handed on.
    assert seating(app, running, 2)[bottom[1]] == 1
    page = page_text(organiser.get(f"/events/{running}/rounds/1/results"))
    assert f"{bottom[0]} did not play round 2" not in page  # round 2 has not started
    assert f"{bottom[0]} is not seated in round 2." in page


def test_observer_leaves_the_planned_round_and_can_come_back_at_a_chosen_table(app, organiser, running):
    organiser.post(f"/events/{running}/rounds/1/close")
    ben = player_ids(app, running)["Ben"]
    organiser.post(f"/events/{running}/players/{ben}/status/observer")
    assert "Ben" not in seating(app, running, 2)
    organiser.post(f"/events/{running}/players/{ben}/status/seated", data={"table": 1})
    assert seating(app, running, 2)["Ben"] == 1 and _status(app, "Ben") is PlayerStatus.SEATED


def test_letting_a_player_back_without_a_table_is_refused(app, organiser, running):
    ben = player_ids(app, running)["Ben"]
    organiser.post(f"/events/{running}/players/{ben}/status/observer")
    response = organiser.post(f"/events/{running}/players/{ben}/status/seated")
    assert response.status_code == 400 and _status(app, "Ben") is PlayerStatus.OBSERVER


def test_rename_keeps_names_unique_ignoring_case_and_accents(app, organiser, running):
    ben = player_ids(app, running)["Ben"]
    clash = organiser.post(f"/events/{running}/players/{ben}", data={"name": "cléo"})
    assert clash.status_code == 400
    organiser.post(f"/events/{running}/players/{ben}", data={"name": "Benjamin"})
    assert "Benjamin" in seating(app, running, 1)


def test_multi_line_name_is_refused_not_split(app, organiser, running):
    response = organiser.post(f"/events/{running}/players/late", data={"name": "Zoe\nYan", "table": 1})
    assert response.status_code == 400


def test_unknown_status_or_player_of_another_event_is_refused(app, organiser, running):
    other = setup_event(app, ["Xia"], tables=1, name="Other")
    xia = player_ids(app, other)["Xia"]
    assert organiser.post(f"/events/{running}/players/{xia}/status/observer").status_code == 400
    assert organiser.post(f"/events/{running}/players/{player_ids(app, running)['Ben']}/status/king").status_code == 400


def test_change_log_lists_changes_newest_first_and_filters_by_table(app, organiser, running):
    bottom = sorted(n for n, t in seating(app, running, 1).items() if t == 1)
    top = sorted(n for n, t in seating(app, running, 1).items() if t == 2)
    organiser.post(f"/events/{running}/rounds/1/tables/1", data=winners_form(app, running, [bottom[0]]))
    organiser.post(f"/events/{running}/rounds/1/tables/2", data=winners_form(app, running, [top[0]]))
    page = organiser.get(f"/events/{running}/audit").get_data(as_text=True)
    assert page.index(f"{top[0]} won") < page.index(f"{bottom[0]} won") < page.index("round started")
    filtered = organiser.get(f"/events/{running}/audit?table=1").get_data(as_text=True)
    assert f"{bottom[0]} won" in filtered and f"{top[0]} won" not in filtered
    assert organiser.get(f"/events/{running}/audit?round=abc").status_code == 400
