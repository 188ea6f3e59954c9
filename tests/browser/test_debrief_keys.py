"""Keys that must do nothing: the room's screen is never taken over by a key pressed by chance."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.debrief.frame_views import ended_event
from tests.print.test_print_pdf import log_in
from tests.room.conftest import start_round
from tournament import db
from tournament.models import Event
from tournament.services.debrief.steps import DEFAULT_STEPS

pytestmark = pytest.mark.browser


def _event(app, event_id: int) -> Event:
    with app.app_context():
        event = db.session().get(Event, event_id)
        db.session().expunge(event)
        return event


def test_home_on_the_organisers_projector_does_not_start_the_debrief_while_a_round_runs(app, live_server, page):
    event_id = ended_event(app, rounds=1)
    start_round(app, event_id)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/p/{_event(app, event_id).projector_token}")
    expect(page.locator("#slide-title")).to_contain_text("2")  # round 2 is running
    page.keyboard.press("Home")
    page.wait_for_timeout(1500)
    event = _event(app, event_id)
    assert event.debrief_step is None and event.debrief_revealed_at is None


def test_next_at_the_last_step_of_the_debrief_page_stays_at_the_last_step(app, live_server, page):
    event_id = ended_event(app)
    with app.app_context():
        db.session().get(Event, event_id).debrief_step = len(DEFAULT_STEPS) - 1
        db.session().commit()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/debrief")
    last = f"step-{len(DEFAULT_STEPS)}"
    expect(page.locator("li.debrief-step-row.current")).to_have_attribute("id", last)
    for key in ("ArrowRight", "PageDown", " "):
        page.keyboard.press(key)
    page.wait_for_timeout(1500)
    expect(page.locator("li.debrief-step-row.current")).to_have_attribute("id", last)
    assert _event(app, event_id).debrief_step == len(DEFAULT_STEPS) - 1
