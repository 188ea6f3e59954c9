"""The organiser logs in at one of the laptop's addresses and the Room page opens the projector
at another (the room's address): its keys still step the debrief, through the presenter link.
The plain projector link, opened in the same browser, steps nothing."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.debrief.frame_views import ended_event
from tests.print.test_print_pdf import log_in
from tournament import db
from tournament.models import Event

pytestmark = pytest.mark.browser


def _step(app, event_id: int) -> int | None:
    with app.app_context():
        return db.session().get(Event, event_id).debrief_step


def _wait_for_step(app, event_id: int, wanted: int | None) -> None:
    for _ in range(250):
        if _step(app, event_id) == wanted:
            return
        time.sleep(0.02)
    assert _step(app, event_id) == wanted


def _other_address(live_url: str, link: str) -> str:
    """``link``'s page at this laptop's other name: the cookie set at 127.0.0.1 is not sent there."""
    port = urlsplit(live_url).port
    parts = urlsplit(link)
    return f"http://localhost:{port}{parts.path}"


def _logged_in(browser, base: str):
    """A browser whose organiser logged in at ``base`` (127.0.0.1) only."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, base)
    return context, page


def test_the_room_pages_projector_steps_the_debrief_at_another_address_of_the_laptop(app, live_server, browser):
    event_id = ended_event(app)
    context, page = _logged_in(browser, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/room")
    link = page.get_by_role("link", name="Open the projector").get_attribute("href")
    with app.app_context():
        plain = db.session().get(Event, event_id).projector_token
    assert link.split("/p/", 1)[1] != plain  # the presenter link, not the public one

    projector = context.new_page()
    projector.set_default_timeout(10_000)
    projector.goto(_other_address(live_server.url, link))
    expect(projector.locator("#slide-title")).to_contain_text("results")
    # Logged in at 127.0.0.1 only: at this address the organiser's pages ask for the login.
    other = context.new_page()
    other.goto(_other_address(live_server.url, f"/events/{event_id}/room"))
    assert "/login" in other.url
    other.close()
    # After each key the wall shows the step before the next key: a key counts from what it shows.
    for key, step in (("Home", 0), ("ArrowRight", 1), ("ArrowLeft", 0)):
        projector.keyboard.press(key)
        _wait_for_step(app, event_id, step)
        # The results pages have a pager too: wait for the debrief's own step before the next key.
        expect(projector.locator("#stage .debrief-step")).to_be_visible()
        expect(projector.locator("#pager span").nth(step)).to_have_class("on")
    projector.keyboard.press("Escape")
    _wait_for_step(app, event_id, None)


def test_the_plain_projector_link_at_another_address_cannot_step_the_debrief(app, live_server, browser):
    event_id = ended_event(app)
    context, _page = _logged_in(browser, live_server.url)
    with app.app_context():
        plain = db.session().get(Event, event_id).projector_token
    projector = context.new_page()
    projector.goto(_other_address(live_server.url, f"/p/{plain}"))
    expect(projector.locator("#slide-title")).to_contain_text("results")
    assert projector.locator("body[data-step-url]").count() == 0
    projector.keyboard.press("Home")
    projector.reload()
    expect(projector.locator("#slide-title")).to_contain_text("results")
    assert _step(app, event_id) is None


def test_a_guessed_presenter_key_opens_nothing(app, client):
    event_id = ended_event(app)
    with app.app_context():
        token = db.session().get(Event, event_id).projector_token
    assert client.get(f"/p/{token}/present/{'A' * 24}").status_code == 404
    assert client.post(f"/p/{token}/present/{'A' * 24}/step", data={"step": 1}).status_code in (400, 404)
    assert _step(app, event_id) is None
