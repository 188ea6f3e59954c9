"""A tournament that ends, against the real server: the projector and a table's phone, opened
during the last round, show "The tournament is over" and the final standings once the organiser
closes it; the organiser reopens it for one more round, then ends it early from that running
round through the close's own warning."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import setup_event
from tests.print.test_print_pdf import log_in
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.models import Event
from tournament.services import accounts

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _two_round_event(app) -> int:
    """Two tables, two planned rounds, round 1 played and closed, round 2 running."""
    event_id = setup_event(app, NAMES, tables=2)
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        session.get(Event, event_id).planned_rounds = 2
        session.commit()
    start_round(app, event_id)
    for table in (1, 2):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]])
    close_round(app, event_id)
    start_round(app, event_id)
    for table in (1, 2):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]])
    return event_id


def test_the_last_close_ends_the_tournament_on_the_wall_and_the_phones_then_reopen_and_end_early(
        app, live_server, browser):
    event_id = _two_round_event(app)
    links = tokens(app, event_id)
    wall_context = browser.new_context(viewport={"width": 1280, "height": 720})
    wall = wall_context.new_page()
    wall.set_default_timeout(10_000)
    wall.goto(f"{live_server.url}/p/{links['projector']}")
    expect(wall.locator("#slide-title")).to_have_text("Round 2 of 2")
    phone_context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    phone.goto(f"{live_server.url}/t/{links[1]}")
    expect(phone.locator("h1")).to_contain_text("Round 2 of 2")

    desk_context = browser.new_context(viewport={"width": 1280, "height": 900})
    desk = desk_context.new_page()
    desk.set_default_timeout(10_000)
    log_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/events/{event_id}/rounds/2/close")
    expect(desk.locator("main")).to_contain_text("no next round is planned, the tournament is over")
    desk.get_by_role("button", name="Close round 2").click()
    expect(desk.locator("#tournament-over")).to_contain_text("Start the debrief")

    expect(wall.locator("#slide-title")).to_have_text("The tournament is over")
    expect(wall.locator("#stage .final-title")).to_have_text("Final standings")
    expect(wall.locator("#stage .standings td.who")).to_have_count(len(NAMES))
    expect(phone.locator("main")).to_contain_text("The tournament is over")  # followed by itself, no reload

    desk.get_by_role("link", name="Reopen for one more round…").click()
    desk.get_by_role("button", name="Plan round 3").click()
    desk.get_by_role("button", name="Start round 3").click()
    expect(desk.locator(".tournament-progress")).to_contain_text("Round 3 of 3")
    expect(wall.locator("#slide-title")).to_have_text("Round 3 of 3")
    expect(phone.locator("h1")).to_contain_text("Round 3 of 3")

    desk.get_by_role("link", name="End the tournament now…").click()
    expect(desk.locator("h1")).to_have_text("End the tournament now?")
    expect(desk.locator("main")).to_contain_text("2 tables reported no games")  # the warning of any close
    desk.get_by_role("button", name="Close round 3 and end the tournament").click()
    expect(desk.locator("main")).to_contain_text("The tournament is over after round 3.")
    expect(wall.locator("#slide-title")).to_have_text("The tournament is over")
    expect(phone.locator("main")).to_contain_text("The tournament is over")
    for context in (wall_context, phone_context, desk_context):
        context.close()
