"""The projector read from the back of a classroom: on a 1280x720 projector (and at 1080p) no
text on the wall is smaller than 20 px, in every phase it shows, and the results say what
their columns are."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, tokens
from tests.room.test_room_browser import (
    NAMES,
    PROJECTOR,
    SMALL_PROJECTOR,
    assert_fits,
    open_page,
    round_with_half_reported,
    shots_dir,
    start_with_countdown,
)
from tournament import db
from tournament.models import Event
from tournament.services import timer

pytestmark = pytest.mark.browser

SMALLEST_PX = 20

# Every visible text node's own font size, with the start of its text to name it.
TEXT_SIZES = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) { continue; }
    const parent = node.parentElement;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const style = getComputedStyle(parent);
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") { continue; }
    found.push([node.textContent.trim().slice(0, 40), parseFloat(style.fontSize)]);
  }
  return found;
}"""


def assert_legible(page) -> None:
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes, "no text on the wall"
    small = [(text, size) for text, size in sizes if size < SMALLEST_PX - 0.05]
    assert small == []


@pytest.mark.parametrize("viewport", [PROJECTOR, SMALL_PROJECTOR], ids=["1080p", "720p"])
def test_no_text_on_the_projector_is_smaller_than_20_px_in_any_phase(browser, live_server, app, tmp_path,
                                                                      viewport):
    event_id = setup_event(app, NAMES, tables=10)
    links = tokens(app, event_id)
    folder = shots_dir(tmp_path)
    suffix = "" if viewport is PROJECTOR else "-720"
    with app.app_context():
        event = db.session().get(Event, event_id)
        timer.start(event, "study", timer.now_utc())
        db.session().commit()
    outside: list[str] = []
    projector = open_page(browser, viewport, f"{live_server.url}/p/{links['projector']}", outside, live_server.url)
    projector.wait_for_selector("text=Study the rules")
    projector.wait_for_selector("#timer:not([hidden])")
    assert_legible(projector)
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"legible-study{suffix}.png"))

    round_with_half_reported(app, event_id, projector)
    assert_legible(projector)
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"legible-round{suffix}.png"))

    # Two players tied on games at most tables: the results explain the ties in words.
    for table in (4, 6, 7, 9, 10):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[1], names[2]])
    close_round(app, event_id)
    projector.wait_for_selector("text=Round 1 results")
    projector.wait_for_selector(".results .ties")
    assert_legible(projector)
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"legible-results{suffix}.png"))
    heads = projector.locator(".results .head").first.locator("span").all_inner_texts()
    assert heads == ["Player", "Games", "To table"]

    projector.keyboard.press("ArrowLeft")  # the last slide: standings
    projector.wait_for_selector("#slide-title >> text=Standings")
    assert_legible(projector)
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"legible-standings{suffix}.png"))
    assert outside == []


def test_every_results_page_fits_a_720p_projector(browser, live_server, app, tmp_path):
    """The results at 720p: every page (they turn by themselves, or by the arrow keys) fits."""
    event_id = setup_event(app, NAMES, tables=10)
    start_with_countdown(app, event_id)
    for table in range(1, 11):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[1], names[2]])
    close_round(app, event_id)
    outside: list[str] = []
    projector = open_page(browser, SMALL_PROJECTOR, f"{live_server.url}/p/{tokens(app, event_id)['projector']}",
                          outside, live_server.url)
    projector.wait_for_selector("text=Round 1 results")
    shown: set[str] = set()
    while True:
        projector.wait_for_selector(".results")
        assert_legible(projector)
        assert_fits(projector)
        shown.update(projector.locator(".results h2").all_inner_texts())
        projector.keyboard.press("ArrowRight")
        projector.wait_for_selector("#slide-title")
        if not projector.locator("#slide-title", has_text="Round 1 results").count():
            break
    assert shown == {f"Table {n}" for n in range(1, 11)}
