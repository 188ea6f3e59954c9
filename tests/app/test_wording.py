"""Sentences count things in proper singular and plural, and say where things come from plainly."""

import re
from pathlib import Path

from tests.app.helpers import seating, winners_form
from tests.conftest import setup_event
from tournament import PROJECT_ROOT
from tournament.core.wording import plural


def test_a_counted_word_is_singular_only_for_one():
    assert [plural(n, "table") for n in (0, 1, 2)] == ["0 tables", "1 table", "2 tables"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"


def test_no_sentence_counts_with_a_bracketed_s():
    found = []
    for folder, pattern in (("tournament", "*.py"), ("templates", "*.html"), ("tournament/static", "*.js")):
        for path in Path(PROJECT_ROOT, folder).rglob(pattern):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"[a-z]\(s\)(?= ?[a-z.,:;!?<])", line.replace("http(s)", "")):
                    found.append(f"{path.name}:{number}")
    assert found == []


def test_tables_page_suggests_one_table_in_the_singular(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem"])
    page = organiser.get(f"/events/{event_id}/tables").get_data(as_text=True)
    assert "Suggested for 3 players: <strong>1 table</strong>" in page


def test_saving_one_game_says_that_game_was_recorded(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus", "Hal"], tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    winner = sorted(name for name, table in seating(app, event_id, 1).items() if table == 1)[0]
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [winner]),
                              follow_redirects=True)
    assert "Table 1: Game 1 recorded." in response.get_data(as_text=True)


def test_close_page_counts_one_silent_table_in_the_singular(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus", "Hal"], tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    winner = sorted(name for name, table in seating(app, event_id, 1).items() if table == 1)[0]
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [winner]))
    page = organiser.get(f"/events/{event_id}/rounds/1/close").get_data(as_text=True)
    assert "1 table reported no games: table 2." in page


def test_room_page_says_plainly_where_the_link_address_comes_from(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem"])
    organiser.post(f"/events/{event_id}/room/link-base", data={"base_url": "http://laptop.lan:8000"})
    page = organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    assert "Set on this page." in page and "Chosen from" not in page
