"""The scorer's column headings on a phone (390×844, Chromium, the real server) never break a
name inside a word: each name stays on one line, and a name too long for its column shows whole
when tapped (it takes the focus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.services import events, players
from tournament.services import tables as table_service

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
NAMES = ["Maximilian", "Jürgen", "Ben", "Aleksandra-Magdalena"]

# Per heading: its name, how many line boxes its text takes, and whether the name shows whole.
HEADINGS = """() => [...document.querySelectorAll("table.tally thead th[scope=col]:not(:first-child)")].map((th) => {
  const name = th.querySelector(".col-name") || th;
  const range = document.createRange();
  range.selectNodeContents(name);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.left) + ":" + Math.round(r.right)));
  const vertical = getComputedStyle(name).writingMode.startsWith("vertical");
  return {text: name.textContent.trim(), title: th.title || name.title || "",
          lines: vertical ? lines.size : new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
          whole: name.scrollHeight <= name.clientHeight + 1 && name.scrollWidth <= name.clientWidth + 1};
})"""


def _elbows_event(app) -> int:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Klasse 7", game="elbows-up")
        players.add_players(session, event, "\n".join(NAMES))
        table_service.set_table_count(session, event, 1)
        event_id = event.id
    start_round(app, event_id)
    return event_id


def test_the_scorer_header_keeps_each_name_on_one_line_and_shows_a_long_one_whole_when_tapped(
        browser, live_server, app):
    event_id = _elbows_event(app)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/t/{tokens(app, event_id)[1]}/games/1/score")
    page.locator("table.tally").wait_for()
    headings = page.evaluate(HEADINGS)
    assert sorted(h["text"] for h in headings) == sorted(NAMES)
    for heading in headings:
        assert heading["lines"] == 1, f"{heading['text']} breaks over {heading['lines']} lines"
        assert heading["whole"] or heading["title"] == heading["text"], heading
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-scorer-header-390.png"), full_page=True)

    longest = page.locator("table.tally thead .col-name", has_text="Aleksandra-Magdalena")
    longest.tap()
    assert longest.evaluate("(el) => el === document.activeElement && el.scrollHeight <= el.clientHeight + 1 "
                            "&& el.scrollWidth <= el.clientWidth + 1")
    page.screenshot(path=str(SHOTS / "phone-scorer-header-tapped-390.png"), full_page=True)
    context.close()
