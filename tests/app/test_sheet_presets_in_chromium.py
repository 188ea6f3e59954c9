"""The rule sheets' choice on the tables page, in real Chromium with CSRF on: the plan deals
the most different sheets, the page's button deals the classic order again, and the page fits a
laptop's screen in English, German and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament import db, games
from tournament.games import settings as declared
from tournament.models import Event
from tournament.services import accounts, events, players

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "debrief"
NAMES = [f"Player {n:02}" for n in range(28)]


def _sheets(app, event_id: int) -> list[int]:
    with app.app_context():
        event = db.session().get(Event, event_id)
        kit = declared.default_variants(games.get(event.game).settings, 10)
        return [kit.index(t.variant) + 1 for t in event.tables]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "fr-FR"])
def test_a_teacher_deals_the_most_different_sheets_and_back_in_chromium(app, live_server, browser, locale):
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        event = events.create_event(session, "Class 7A")
        players.add_players(session, event, "\n".join(NAMES))
        event_id = event.id
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{live_server.url}/login")
        page.locator("#username").fill("teacher")
        page.locator("#password").fill("correct horse")
        page.locator("button[type=submit]").click()
        page.goto(f"{live_server.url}/events/{event_id}/tables")
        page.locator("#tables").fill("7")
        page.locator("#sheets").select_option("most-different")
        page.locator("form[action$='/tables/plan'] button[type=submit]").click()
        page.wait_for_url(f"**/events/{event_id}/tables")
        assert _sheets(app, event_id) == [1, 2, 3, 5, 8, 9, 10]
        assert page.locator("#sheets").input_value() == "most-different"  # the page shows what is in use
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"tables-most-different-{locale[:2]}.png"), full_page=True)
        page.locator("#sheets-preset button").click()  # the one button: back to the classic order
        page.wait_for_url(f"**/events/{event_id}/tables")
        assert _sheets(app, event_id) == [1, 2, 3, 4, 5, 6, 7]
        hint = page.locator("#sheets ~ small.hint").inner_text()
        assert "7" in hint and "8" in hint  # what the classic order leaves out: sheet 8
        page.screenshot(path=str(SHOTS / f"tables-classic-{locale[:2]}.png"), full_page=True)
    finally:
        context.close()
