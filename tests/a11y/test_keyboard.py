"""A keyboard user, in Chromium: Tab reaches every control of the phone's result page and the
organiser's entry page, each shows a focus ring that stands out 3:1 or more from what is around
it (on the print toolbar too), the arrow keys choose a winner, and Enter sends it."""

from __future__ import annotations

import pytest

from tests.a11y.keyboard import controls, tab_through, tab_to
from tests.conftest import setup_event
from tests.print.test_print_pdf import log_in
from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.models import Event
from tournament.services import accounts
from tournament.services.round_data import load_round

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def running(app):
    """Round 1 running at two tables of four, and the organiser's account."""
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    return event_id


def _winners_of_game_1(app, event_id: int) -> set[int]:
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        games = data.games_at(data.table(1))
        return set(games[0].winner_ids) if games else set()


def _check_every_control_reached_with_a_ring(page) -> None:
    expected = controls(page)
    reached = tab_through(page)
    keys = [found["key"] for found in reached]
    assert [key for key in expected if key not in keys] == [], "not reached by Tab"
    assert [key for key in keys if key not in expected] == [], "reached, but not a control"
    faint = [found for found in reached if not found["ring"] or found["contrast"] < 3]
    assert faint == []


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def laptop(browser, live_server):
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    log_in(page, live_server.url)
    yield page
    context.close()


def test_tab_reaches_every_control_of_the_phones_result_page_each_with_a_3_to_1_ring(app, live_server, running, phone):
    phone.goto(f"{live_server.url}/t/{tokens(app, running)[1]}")
    _check_every_control_reached_with_a_ring(phone)


def test_tab_reaches_every_control_of_the_organisers_entry_page_each_with_a_3_to_1_ring(live_server, running, laptop):
    laptop.goto(f"{live_server.url}/events/{running}/rounds/1/tables/1")
    _check_every_control_reached_with_a_ring(laptop)


def test_the_print_toolbar_and_its_links_show_a_3_to_1_focus_ring(live_server, running, laptop):
    laptop.goto(f"{live_server.url}/events/{running}/print/guide")
    _check_every_control_reached_with_a_ring(laptop)


def test_on_the_phone_the_arrow_keys_choose_a_winner_and_enter_sends_it(app, live_server, running, phone):
    phone.goto(f"{live_server.url}/t/{tokens(app, running)[1]}")
    tab_to(phone, "input[type=radio]")
    phone.keyboard.press("ArrowDown")
    chosen = phone.evaluate("() => document.activeElement.value")
    assert phone.evaluate("() => document.activeElement.checked") and chosen
    tab_to(phone, "[data-send]")
    phone.keyboard.press("Enter")
    phone.get_by_text("Sent!").first.wait_for()
    assert {str(player) for player in _winners_of_game_1(app, running)} == set(chosen.split(","))


def test_on_the_organisers_entry_page_the_arrow_keys_choose_a_winner_and_enter_saves_it(app, live_server, running,
                                                                                         laptop):
    laptop.goto(f"{live_server.url}/events/{running}/rounds/1/tables/1")
    tab_to(laptop, "input[type=radio]")
    laptop.keyboard.press("ArrowDown")
    chosen = laptop.evaluate("() => document.activeElement.value")
    assert laptop.evaluate("() => document.activeElement.checked") and chosen
    tab_to(laptop, "form[data-results-form] button[type=submit]:not([name])")
    laptop.keyboard.press("Enter")
    laptop.wait_for_url(lambda url: not url.endswith("/tables/1"))
    assert {str(player) for player in _winners_of_game_1(app, running)} == set(chosen.split(","))
