"""The table agrees in real Chromium: a phone at 390x844 sends a result, the question shows it in
big letters, a second phone of the table sees the question appear without a reload, "We don't"
disputes it, and the organiser's board (open all along) marks it disputed with a link to settle
it; the projector says the table is settling a game. Screenshots: test-artifacts/agreement/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.agreement.conftest import running_event
from tests.room.conftest import seated, tokens
from tests.room.test_room_browser import wait_until
from tournament import db
from tournament.services import accounts

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "agreement"
PHONE = {"width": 390, "height": 844}


def _phone(browser, url: str):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    if page.locator("[data-presence]").count():  # the round's first question: who is here
        page.locator('button[name="everyone"]').click()
        page.wait_for_load_state()
    return context, page


def test_a_phone_sends_the_table_disputes_and_the_board_shows_it_disputed(app, live_server, browser):
    event_id = running_event(app)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    SHOTS.mkdir(parents=True, exist_ok=True)
    base, token, winner = live_server.url, tokens(app, event_id)[1], sorted(seated(app, event_id, 1))[0]
    organiser_context = browser.new_context(viewport={"width": 1280, "height": 720})
    captain_context = second_context = None
    try:
        organiser = organiser_context.new_page()
        organiser.set_default_timeout(10_000)
        organiser.goto(f"{base}/login")
        organiser.locator("#username").fill("teacher")
        organiser.locator("#password").fill("correct horse")
        organiser.locator("button[type=submit]").click()
        organiser.goto(f"{base}/events/{event_id}/rounds/1")
        captain_context, captain = _phone(browser, f"{base}/t/{token}")
        second_context, second = _phone(browser, f"{base}/t/{token}")
        assert second.locator(".agree").count() == 0

        exactly = re.compile(rf"^\s*{re.escape(winner)}\s*$")  # "Ana" must not pick "Hana"
        captain.locator("fieldset[data-game]").first.locator("label.pick", has_text=exactly).click()
        captain.locator("[data-send]").click()
        captain.wait_for_selector(".agree")
        assert captain.locator(".agree-result").inner_text() == f"{winner} won."
        size = captain.locator(".agree-result").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 28  # read across the table
        for button in (captain.locator(".agree-yes"), captain.locator(".agree-no")):
            box = button.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 140
        assert captain.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        captain.screenshot(path=str(SHOTS / "agree-phone-question.png"), full_page=True)

        # The second phone of the table shows the question by itself, its form untouched.
        second.evaluate("window.notOpenedAgain = true")
        second.wait_for_selector(".agree", timeout=15_000)
        assert second.evaluate("window.notOpenedAgain === true")
        second.locator(".agree-no").click()
        second.wait_for_selector(".flash-success")
        assert "marked as disputed" in second.locator(".flash-success").inner_text()
        assert second.locator(".agree").count() == 0
        second.screenshot(path=str(SHOTS / "agree-phone-disputed.png"), full_page=True)

        wait_until(lambda: organiser.locator("[data-disputed]").count() == 1, 10)
        assert "Game 1 disputed" in organiser.locator("[data-disputed]").inner_text()
        organiser.screenshot(path=str(SHOTS / "agree-board-disputed.png"), full_page=True)
        organiser.locator("[data-disputed] a").click()
        organiser.wait_for_url("**/settle")
        organiser.screenshot(path=str(SHOTS / "agree-settle-page.png"), full_page=True)

        projector = organiser_context.new_page()
        projector.goto(f"{base}/p/{tokens(app, event_id)['projector']}")
        projector.wait_for_selector("p.settling")
        assert projector.locator("p.settling").inner_text() == "⚡ Table 1 is settling a game"
        projector.screenshot(path=str(SHOTS / "agree-projector-settling.png"))
    finally:
        for context in (organiser_context, captain_context, second_context):
            if context is not None:
                context.close()
