"""A game played at one table size only (Euchre in fours): the table plan makes equal tables of
exactly that size, and the tables page, the flash after planning and the guide say how many
players observe and what observing means (they play no games; the organiser may swap them in)."""

from __future__ import annotations

import html
import re

import pytest

from tests.games.highest_card import HighestCard
from tournament import db
from tournament.games import TableSizes, register, unregister
from tournament.models import Event, PlayerStatus

NAMES = [f"Player {i:02}" for i in range(10)]
MEANING = "an observer plays no games and watches a table of their choice, in silence"


class Fours(HighestCard):
    """Highest Card, four to a table and no other size."""

    key = "fours-test"
    title = "Fours"
    table_sizes = TableSizes(smallest=4, preferred=4, largest=4)
    rule_sheet_template = "games/fours-test/rule_sheet.html"


@pytest.fixture
def fours():
    game = register(Fours())
    yield game
    unregister(game.key)


@pytest.fixture
def event_id(app, organiser, fours):
    created = organiser.post("/events", data={"name": "Fours night", "round_minutes": "5", "game": fours.key})
    event_id = int(created.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    return event_id


def _text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def _sizes(app, event_id: int) -> tuple[list[int], int]:
    with app.app_context():
        event = db.session().get(Event, event_id)
        sizes = [sum(p.home_table is t and p.status is PlayerStatus.SEATED for p in event.players)
                 for t in event.tables]
        return sizes, sum(p.status is PlayerStatus.OBSERVER for p in event.players)


def test_a_game_of_one_table_size_gets_equal_tables_of_that_size_and_the_rest_observe(app, organiser, event_id):
    page = _text(organiser.get(f"/events/{event_id}/tables"))
    assert "Fours is played by exactly 4 at a table" in page
    assert "Suggested for 10 players: 2 tables (4, 4 players). 2 players observe: " + MEANING in page
    assert "Equal tables only" not in page  # nothing to choose: the tables are equal anyway

    made = organiser.post(f"/events/{event_id}/tables/plan", data={}, follow_redirects=True)
    assert "2 players observe: " + MEANING in _text(made)
    assert _sizes(app, event_id) == ([4, 4], 2)
    after = _text(organiser.get(f"/events/{event_id}/tables"))
    assert re.search(r"Observing: Player \d\d ?, Player \d\d ?\. 2 players observe: " + re.escape(MEANING), after)


def test_an_organiser_s_table_count_keeps_the_game_s_one_table_size(app, organiser, event_id):
    refused = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "3"})
    assert refused.status_code == 400
    assert "Fours is played by exactly 4 at a table: 10 players fill at most 2 tables." in _text(refused)
    assert _sizes(app, event_id) == ([], 0)  # nothing changed
    assert organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "1"}).status_code == 302
    assert _sizes(app, event_id) == ([4], 6)


def test_the_guide_of_a_game_of_one_table_size_says_who_observes_and_what_that_means(app, organiser, event_id):
    before = _text(organiser.get(f"/events/{event_id}/print/guide"))
    assert "Observers Fours is played by exactly 4 at a table. Players left over observe: " + MEANING in before
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    after = _text(organiser.get(f"/events/{event_id}/print/guide"))
    assert "Fours is played by exactly 4 at a table. 2 players observe: " + MEANING in after


def test_a_game_of_several_table_sizes_keeps_its_plan_and_says_nothing_of_observers(app, organiser):
    from tests.conftest import setup_event

    event_id = setup_event(app, NAMES)  # Five Tricks: tables of 3 to 6
    assert _sizes(app, event_id) == ([4, 3, 3], 0)
    assert "observe" not in _text(organiser.get(f"/events/{event_id}/print/guide")).lower()
    assert "played by exactly" not in _text(organiser.get(f"/events/{event_id}/tables"))
