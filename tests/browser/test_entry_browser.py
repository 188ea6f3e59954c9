"""Entering results in real Chromium: on a table's phone (390×844) and on the organiser's page.
Ticks survive adding rows, and changing the tricks of a saved game saves (the tricks decide)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from tests.app.helpers import player_ids, seating
from tests.conftest import setup_event
from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.models import Game, Round, Table
from tournament.services import accounts

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hannah"]


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _winners(app, event_id: int, table: int) -> dict[int, str]:
    names = {v: k for k, v in player_ids(app, event_id).items()}
    with app.app_context():
        games = db.session().scalars(select(Game).join(Round).join(Table, Game.table_id == Table.id)
                                     .where(Round.event_id == event_id, Table.number == table))
        return {g.number: names[next(iter(g.winner_ids))] for g in games}


@pytest.fixture
def running(app):
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    at_1 = sorted((n for n, t in seating(app, event_id, 1).items() if t == 1), key=str.casefold)
    return event_id, at_1


def _tick_add_and_check(page, first: str, second: str, add_label: str, rows_before: int):
    """Tick two winners, add two rows, and check both ticks are still there."""
    page.get_by_role("radiogroup", name="Winner of game 1").get_by_text(first, exact=True).click()
    page.get_by_role("radiogroup", name="Winner of game 2").get_by_text(second, exact=True).click()
    page.get_by_role("button", name=add_label).click()
    page.get_by_role("button", name=add_label).click()
    assert page.locator("[data-rows] fieldset").count() == rows_before + 2
    expect(page.get_by_role("radiogroup", name=f"Winner of game {rows_before + 2}")).to_be_visible()
    assert page.get_by_role("radiogroup", name="Winner of game 1").get_by_role("radio", name=first).is_checked()
    assert page.get_by_role("radiogroup", name="Winner of game 2").get_by_role("radio", name=second).is_checked()


def _change_tricks_of_game_1(page, loser: str, winner: str):
    """Game 1 was won by `loser`; typing tricks that make `winner` lead ticks `winner`."""
    game = page.locator("[data-rows] fieldset").first
    game.locator("summary").click()
    game.get_by_role("spinbutton", name=loser, exact=True).fill("1")
    game.get_by_role("spinbutton", name=winner, exact=True).fill("3")
    assert game.get_by_role("radio", name=winner).is_checked()
    expect(game.get_by_text(f"By the tricks: {winner} wins.")).to_be_visible()


def test_phone_ticks_survive_added_rows_and_changed_tricks_save(app, live_server, browser, running):
    event_id, (a, b, *_) = running
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{live_server.url}/t/{tokens(app, event_id)[1]}")
        rows = page.locator("[data-rows] fieldset").count()
        _tick_add_and_check(page, a, b, "+ Add a game", rows)
        shot(page, "phone-rows-added")
        page.get_by_role("button", name="Send results").click()
        expect(page.get_by_text("Sent! Games 1, 2 recorded.")).to_be_visible()
        assert _winners(app, event_id, 1) == {1: a, 2: b}

        _change_tricks_of_game_1(page, a, b)
        shot(page, "phone-tricks-changed")
        page.get_by_role("button", name="Send results").click()
        expect(page.get_by_text("Sent! Game 1 changed.")).to_be_visible()
        assert _winners(app, event_id, 1) == {1: b, 2: b}
    finally:
        context.close()


def test_organiser_ticks_survive_more_rows_and_changed_tricks_save(app, live_server, page, running):
    event_id, (a, b, *_) = running
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "classroom1")
    page.goto(live_server.url + "/login")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password").fill("classroom1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/events/{event_id}/rounds/1/tables/1")
    rows = page.locator("[data-rows] fieldset").count()
    _tick_add_and_check(page, a, b, "More game rows", rows)
    shot(page, "organiser-rows-added")
    page.get_by_role("button", name="Save table 1").click()
    expect(page.get_by_text("Table 1: Games 1, 2 recorded.")).to_be_visible()

    page.goto(f"{live_server.url}/events/{event_id}/rounds/1/tables/1")
    _change_tricks_of_game_1(page, a, b)
    page.get_by_role("button", name="Save table 1").click()
    expect(page.get_by_text("Table 1: Game 1 changed.")).to_be_visible()
    assert _winners(app, event_id, 1) == {1: b, 2: b}


def test_equal_tricks_say_that_the_alphabetical_order_settled_the_tie(app, live_server, browser, running):
    event_id, (a, b, c, *_) = running
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{live_server.url}/t/{tokens(app, event_id)[1]}")
        game = page.locator("[data-rows] fieldset").first
        game.locator("summary").click()
        game.get_by_role("spinbutton", name=b, exact=True).fill("3")
        game.get_by_role("spinbutton", name=c, exact=True).fill("3")
        game.get_by_role("spinbutton", name=a, exact=True).fill("1")
        assert game.get_by_role("radio", name=b).is_checked()
        said = f"By the tricks: {b} and {c} tie; {b} wins, first in alphabetical order."
        expect(game.get_by_text(said)).to_be_visible()
        game.get_by_role("spinbutton", name=c, exact=True).fill("2")
        expect(game.get_by_text(f"By the tricks: {b} wins.")).to_be_visible()
    finally:
        context.close()
