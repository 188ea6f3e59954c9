"""The whole organiser flow in real Chromium, by keyboard and mouse as a teacher would."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Émile", "Fay", "Gus", "Hal", "Ivy", "<i>Jo</i>"]


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_create_event_paste_names_play_two_rounds_and_see_standings(live_server, page):
    page.goto(live_server.url + "/")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password", exact=True).fill("classroom1")
    page.get_by_label("Repeat password").fill("classroom1")
    page.get_by_role("button", name="Create account").click()

    page.get_by_label("Event name").fill("9B Thursday")
    page.get_by_role("button", name="Create event").click()
    page.get_by_label("Names, one per line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Add players").click()
    expect(page.get_by_text("Added 10 players.")).to_be_visible()
    shot(page, "organiser-players")

    page.get_by_role("link", name="Next: table plan →").click()
    page.get_by_label("Number of tables").fill("2")
    page.get_by_role("button", name="Make plan and seat everyone").click()
    expect(page.get_by_text("2 tables (players per table: 5, 5)")).to_be_visible()
    shot(page, "organiser-tables")

    page.get_by_role("link", name="Next: start the tournament →").click()
    page.get_by_role("button", name="Start round 1").click()
    expect(page.get_by_role("heading", name="Round 1 running")).to_be_visible()

    for table in (2, 1):
        page.locator("section.card", has=page.get_by_role("heading", name=f"Table {table}", exact=True)) \
            .get_by_role("link", name="Enter results").click()
        # Keyboard only: the first player's radio in each game, then submit with Enter.
        for game in range(3):
            group = page.get_by_role("radiogroup", name=f"Winner of game {game + 1}")
            group.get_by_role("radio").nth(1 + game % 2).check()
        if table == 1:
            shot(page, "organiser-entry")
        page.get_by_role("button", name=f"Save table {table}").press("Enter")
        assert page.get_by_text(f"Table {table}: Games 1, 2, 3 recorded.").is_visible()
    assert page.get_by_text("2 of 2 tables have reported.").is_visible()
    shot(page, "organiser-round")

    page.get_by_role("link", name="Close round…").click()
    page.get_by_role("button", name="Close round 1").click()
    expect(page.get_by_role("heading", name="Round 1 results")).to_be_visible()
    assert page.get_by_text("▲ up to table 2").first.is_visible()
    assert page.get_by_text("▼ down to table 1").first.is_visible()
    shot(page, "organiser-results")

    page.get_by_role("link", name="Round 2 seating →").click()
    page.get_by_role("button", name="Start round 2").click()
    expect(page.get_by_role("heading", name="Round 2 running")).to_be_visible()

    page.get_by_role("link", name="Standings").click()
    expect(page.get_by_role("cell", name="<i>Jo</i>")).to_be_visible()  # markup shown as text
    assert page.locator("i", has_text="Jo").count() == 0
    shot(page, "organiser-standings")
