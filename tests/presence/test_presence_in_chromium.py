"""Who is here, in real Chromium: a table's phone (390×844) reports a missing player, the organiser's
board (1280×720) flags her and marks her absent, and the phone shows the organiser's decision."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import setup_event
from tests.room.conftest import NAMES, seated, start_round, tokens
from tournament import db
from tournament.services import accounts

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"presence-{name}.png"), full_page=True)


def test_a_phone_reports_a_missing_player_and_the_organiser_marks_her_absent(app, live_server, browser):
    event_id = setup_event(app, NAMES, tables=3)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    start_round(app, event_id)
    missing = sorted(seated(app, event_id, 2))[-1]
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    desk_context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        phone = phone_context.new_page()
        phone.set_default_timeout(10_000)
        phone.goto(f"{live_server.url}/t/{tokens(app, event_id)[2]}")
        expect(phone.get_by_role("heading", name="Who is at table 2?")).to_be_in_viewport()
        shot(phone, "phone-question")
        phone.get_by_role("group", name="Players missing from table 2").get_by_text(missing, exact=True).click()
        phone.get_by_role("button", name="Send who is missing").click()
        expect(phone.get_by_text(f"The organiser has been told who is missing: {missing}.")).to_be_visible()
        expect(phone.get_by_role("heading", name="Who is at table 2?")).to_have_count(0)
        shot(phone, "phone-answered")

        desk = desk_context.new_page()
        desk.set_default_timeout(10_000)
        desk.goto(live_server.url + "/login")
        desk.fill("#username", "teacher")
        desk.fill("#password", "correct horse")
        desk.click("button[type=submit]")
        desk.wait_for_url(lambda url: "/login" not in url)
        desk.goto(f"{live_server.url}/events/{event_id}/rounds/1")
        flagged = desk.locator("li", has=desk.locator('[data-presence="missing"]'))
        expect(flagged).to_contain_text(missing)
        shot(desk, "board-missing")
        flagged.get_by_role("button", name="Absent this round").click()
        expect(desk.get_by_text(f"{missing} is absent for round 1: not ranked, and keeps table 2.")).to_be_visible()
        expect(desk.locator("li", has=desk.locator('[data-presence="absent"]'))).to_contain_text(missing)
        shot(desk, "board-absent")

        # The phone keeps its form (taps not sent stay); its next page shows the organiser's decision.
        phone.reload()
        expect(phone.get_by_text(f"Absent this round: {missing}.")).to_be_visible()
        shot(phone, "phone-absent")
    finally:
        phone_context.close()
        desk_context.close()
