"""An absence is shown where the class looks back: the standings, the debrief's timeline, and
the absentee's own where-do-I-sit page, which shows her table as usual."""

from __future__ import annotations

import re

from tests.presence.conftest import answer
from tests.room.conftest import close_round, record_winner, seated, tokens
from tournament import db
from tournament.models import Event
from tournament.services.debrief import timeline
from tournament.services.standings import compute_standings


def _absent_at_table_2(app, organiser, phone, event_id) -> str:
    ids = seated(app, event_id, 2)
    last = sorted(ids)[-1]
    answer(phone, app, event_id, 2, [ids[last]])
    organiser.post(f"/events/{event_id}/rounds/1/players/{ids[last]}/absent")
    record_winner(app, event_id, 2, [sorted(ids)[0]])
    return last


def test_the_standings_list_the_round_a_player_was_absent(phone, organiser, app, running):
    absent = _absent_at_table_2(app, organiser, phone, running)
    close_round(app, running)
    with app.app_context():
        rows = compute_standings(db.session(), db.session().get(Event, running)).rows
    assert {row.player.name: row.absent_in for row in rows if row.absent_in} == {absent: [1]}
    page = organiser.get(f"/events/{running}/standings").get_data(as_text=True)
    assert re.search(rf"<bdi>{absent}</bdi> <span class=\"badge\" data-absent>absent in round 1</span>", page)
    assert "<small>(absent)</small>" in page


def test_the_timeline_tells_the_absence_at_the_rounds_close(phone, organiser, app, running):
    absent = _absent_at_table_2(app, organiser, phone, running)
    close_round(app, running)
    with app.app_context():
        items = timeline.build(db.session(), db.session().get(Event, running)).items
    absences = [item for item in items if item.kind == timeline.ABSENCE]
    assert [(item.round, item.table) for item in absences] == [(1, 2)]
    assert str(absences[0].text) == f"{absent} was absent from table 2 in round 1: not ranked, and kept the table."
    assert items.index(absences[0]) > next(i for i, item in enumerate(items) if item.kind == timeline.CLOSE)


def test_where_do_i_sit_shows_an_absent_player_her_table_during_and_after_the_round(phone, organiser, app, running):
    absent = _absent_at_table_2(app, organiser, phone, running)
    public = tokens(app, running)["public"]
    player_id = seated(app, running, 2)[absent]
    during = phone.get(f"/s/{public}/{player_id}.json").get_json()
    assert during["table"] == 2 and during["round"] == 1 and during["playing"]
    close_round(app, running)
    after = phone.get(f"/s/{public}/{player_id}.json").get_json()
    assert after["table"] == 2 and after["round"] == 2 and after["label"] == "Next: round 2 of 4"


def test_moves_csv_ranks_the_round_as_the_results_page_does_leaving_the_absentee_at_her_table(
        phone, organiser, app, running):
    import csv
    import io

    absent = _absent_at_table_2(app, organiser, phone, running)
    close_round(app, running)
    rows = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{running}/moves.csv").get_data(as_text=True))))
    mine = next(row for row in rows if row["player"] == absent)
    assert (mine["from_table"], mine["to_table"], mine["move"], mine["note"]) == ("2", "2", "stay", "")


def test_the_projectors_results_say_why_the_absentee_stayed(phone, organiser, app, running):
    absent = _absent_at_table_2(app, organiser, phone, running)
    close_round(app, running)
    feed = phone.get(f"/p/{tokens(app, running)['projector']}/feed.json").get_json()
    table = next(t for t in feed["results"] if t["number"] == 2)
    assert f"{absent} was absent this round, so is not ranked and keeps table 2." in table["notes"]
