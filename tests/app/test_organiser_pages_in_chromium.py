"""The organiser's round pages in German and French, in real Chromium at a laptop's 1280×720:
the longer words must fit (no page wider than the window)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import setup_event
from tests.room.conftest import start_round
from tournament import db
from tournament.models import Organiser
from tournament.services import accounts

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NAMES = ["Ana", "Bartholomäus", "Cleo", "Dan", "Émile", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lea"]


@pytest.mark.parametrize("locale, heading", [("de-DE", "Runde 1"), ("fr-FR", "Tour 1")])
def test_round_pages_in_german_and_french_fit_a_laptop_screen(app, live_server, browser, locale, heading):
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        assert db.session().query(Organiser).one().language is None  # the browser decides
    event_id = setup_event(app, NAMES, tables=3)
    start_round(app, event_id)
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/login")
        page.locator("#username").fill("teacher")
        page.locator("#password").fill("correct horse")
        page.locator("button[type=submit]").click()
        for path in (f"/events/{event_id}/rounds/1", f"/events/{event_id}/rounds/1/tables/1",
                     f"/events/{event_id}/rounds/1/close"):
            page.goto(live_server.url + path)
            assert page.locator("html").get_attribute("lang") == locale[:2]
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
        page.goto(f"{live_server.url}/events/{event_id}/rounds/1")
        assert page.get_by_role("heading", name=heading).first.is_visible()
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"organiser-round-{locale[:2]}.png"))
    finally:
        context.close()
