"""A table's phone at 390×844 in Chromium, on the real server: from the table's link to the end of
a game on the scorer, with nothing wider than the screen and nothing the CSP blocks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scorer.conftest import card_event, stored
from tournament import db
from tournament.core.public_names import NamesShown
from tournament.services.nicknames import set_names_shown

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
LONG_NAMES = ["Maximiliane-Josephine", "Bartholomew Fitzgerald", "Chiamaka Nwachukwu", "Dmitri Aleksandrovich",
              "Eleanor Wilhelmina", "Fitzgerald O'Sullivan"]


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_phone_scores_a_whole_game_from_the_table_link_at_390_by_844(browser, live_server, app, highest_card):
    card = card_event(app, names=LONG_NAMES)
    with app.app_context():  # the long names in full, the widest a phone has to show
        set_names_shown(db.session(), card.event_id, NamesShown.FULL)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live_server.url}/t/{card.tokens[1]}")
    page.get_by_role("link", name="Score game 1 draw by draw").click()
    winner = sorted(card.seated[1])[0]
    loser = sorted(card.seated[1])[1]
    for number, who in enumerate([winner, loser, winner, winner], start=1):
        page.locator(".entry-choice label", has_text=who).click()
        if number == 3:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / "phone-scorer-entry-390.png"), full_page=True)
        page.get_by_role("button", name=f"Add draw {number}").click()
        page.get_by_text(f"Draw {number} added.").wait_for()
        assert _fits(page), f"wider than the phone after draw {number}"
    over = page.locator(".game-over")
    assert f"Game 1 is over: {winner} won 3 draws to 1." in " ".join(over.inner_text().split())
    assert page.locator("[data-add-entry]").count() == 0
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-scorer-390.png"), full_page=True)
    box = page.locator("table.tally").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # Undo is there, and the way on to the next game.
    page.get_by_role("link", name="Start game 2").click()
    page.get_by_role("button", name="Add draw 1").wait_for()
    page.get_by_role("link", name="Back to table 1's games").click()
    page.get_by_text("Continue scoring").first.wait_for()  # the table's page, once it has loaded
    sheet, winners, _version = stored(app, card.event_id)
    assert len(sheet) == 4 and winners == {card.seated[1][winner]}
    assert not problems, problems
    context.close()
