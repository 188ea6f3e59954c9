"""In Chromium against the real server: an organiser creates a helper account on the accounts
page; the helper logs in, records a result, and opening the delete page by its address answers
403 with the sentence. Screenshots of the accounts page and the refusal go to SHOTS."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from tests.app.helpers import seating
from tests.conftest import setup_event
from tests.room.conftest import start_round
from tournament import db
from tournament.models import Game, Organiser, Role
from tournament.services import accounts

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("ROLES_SHOTS", Path(__file__).resolve().parents[2] / "test-artifacts"))
NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hannah"]


def _log_in(page, url: str, username: str, password: str) -> None:
    page.goto(f"{url}/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Events", exact=True)).to_be_visible()


def test_an_organiser_adds_a_helper_who_records_a_result_and_is_refused_the_delete_page(app, live_server, browser):
    event_id = setup_event(app, NAMES, tables=2)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    start_round(app, event_id)
    at_1 = sorted((n for n, t in seating(app, event_id, 1).items() if t == 1), key=str.casefold)
    SHOTS.mkdir(parents=True, exist_ok=True)

    organiser = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    _log_in(organiser, live_server.url, "teacher", "correct horse")
    organiser.goto(f"{live_server.url}/accounts")
    organiser.get_by_label("Username").fill("sam")
    organiser.get_by_label("Password", exact=True).fill("helper password")
    organiser.get_by_label("Repeat password").fill("helper password")
    organiser.get_by_label("Role", exact=True).select_option("helper")
    organiser.get_by_role("button", name="Add account").click()
    expect(organiser.get_by_text("Account “sam” added.")).to_be_visible()
    organiser.screenshot(path=str(SHOTS / "roles-accounts.png"), full_page=True)
    organiser.context.close()
    with app.app_context():
        assert db.session().scalar(select(Organiser.role).where(Organiser.username == "sam")) is Role.HELPER

    helper = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    helper.set_default_timeout(10_000)
    _log_in(helper, live_server.url, "sam", "helper password")
    expect(helper.get_by_role("link", name="Your account")).to_be_visible()
    expect(helper.get_by_role("heading", name="New event")).to_have_count(0)
    helper.goto(f"{live_server.url}/events/{event_id}/rounds/1/tables/1")
    helper.get_by_role("radiogroup", name="Winner of game 1").get_by_text(at_1[0], exact=True).click()
    helper.get_by_role("button", name="Save table 1").click()
    expect(helper.get_by_role("heading", name="Round 1")).to_be_visible()
    with app.app_context():
        assert db.session().scalar(select(Game.number)) == 1

    response = helper.goto(f"{live_server.url}/events/{event_id}/delete")
    assert response is not None and response.status == 403
    refusal = "A helper account cannot create, delete, duplicate, import or restore events. Ask an organiser."
    expect(helper.get_by_text(refusal)).to_be_visible()
    helper.screenshot(path=str(SHOTS / "roles-refused.png"), full_page=True)
    helper.context.close()
