"""The time zone field in real Chromium over the real server (CSRF on): suggestions from the
list, a refusal beside the field with the form filled in, and the saved zone."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_organiser_chooses_the_zone_and_an_unknown_one_is_refused_beside_the_field(live_server, page):
    page.goto(live_server.url + "/")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password", exact=True).fill("classroom1")
    page.get_by_label("Repeat password").fill("classroom1")
    page.get_by_role("button", name="Create account").click()

    page.get_by_label("Event name").fill("9B Thursday")
    zone = page.get_by_label("Time zone")
    assert zone.get_attribute("list") == "time-zones"
    assert page.locator("datalist#time-zones option[value='Europe/Berlin']").count() == 1
    zone.fill("Europe/Berlin")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_text("Event “9B Thursday” created.")).to_be_visible()

    page.goto(page.url.replace("/players", "/settings"))
    assert page.get_by_label("Time zone").input_value() == "Europe/Berlin"
    page.get_by_label("Event name").fill("9B Friday")
    page.get_by_label("Time zone").fill("Mars/Olympus")
    page.get_by_role("button", name="Save").click()
    field = page.locator(".field.has-error", has=page.get_by_label("Time zone"))
    assert "“Mars/Olympus” is not a time zone this app knows" in field.inner_text()
    assert page.get_by_label("Time zone").input_value() == "Mars/Olympus"
    assert page.get_by_label("Event name").input_value() == "9B Friday"

    page.get_by_label("Time zone").fill("Asia/Tokyo")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Event saved.")).to_be_visible()
    page.goto(page.url.rstrip("/") + "/settings")
    assert page.get_by_label("Time zone").input_value() == "Asia/Tokyo"
