"""Right-to-left readiness in real Chromium: with the pseudo-RTL locale forced, the organiser's
round results, a table's phone page and the projector carry dir="rtl", mirror their layout
(what sits at the left edge in English sits at the right edge) and never scroll sideways."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import setup_event
from tests.room.conftest import close_round, played_first_round, record_winner, seated, start_round, tokens
from tournament.text_direction import PSEUDO_RTL

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "rtl"
NAMES = ["Alejandra", "Bartholomew", "Chiamaka", "Dmitri", "Eleanor", "Fitzgerald", "Giulia", "Hiroshi",
         "Ingrid", "Jean-Baptiste", "Kwame", "Ludmila"]
VIEWPORTS = {"1280x720": {"width": 1280, "height": 720}, "1920x1080": {"width": 1920, "height": 1080},
             "390x844": {"width": 390, "height": 844}}
# Per page: elements whose place must mirror. Each is laid out from the inline-start edge.
PAGES = {
    "results": [".brand", ".spread h1", ".tiles .card:first-child", ".tiles .card:first-child th:first-child"],
    "phone": ["fieldset.game legend", ".winners .pick:first-child", ".table-title span"],
    "projector": [".heading", ".where", "#stage .card:first-child", ".public-link"],
}
RECT = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                    return {left: r.left, right: r.right, width: r.width}; }"""


@pytest.fixture
def urls(app, live_server):
    """Round 1 played and closed at three tables, round 2 running: every page has content."""
    event_id = played_first_round(app, NAMES)
    start_round(app, event_id)
    links = tokens(app, event_id)
    return {"results": f"{live_server.url}/events/{event_id}/rounds/1/results",
            "phone": f"{live_server.url}/t/{links[1]}",
            "projector": f"{live_server.url}/p/{links['projector']}"}


def _render(app, browser, live_server, url: str, viewport: dict, lang: str | None):
    """The page in a fresh browser, laid out in `lang` (None: the app's own language)."""
    app.config["FORCE_PAGE_LANG"] = lang
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(10_000)
    if "/events/" in url:
        page.goto(live_server.url + "/login")
        page.fill("#username", "teacher")
        page.fill("#password", "correct horse")
        page.click("button[type=submit]")
        page.wait_for_url(lambda u: "/login" not in u)
    page.goto(url)
    if "/p/" in url:
        page.wait_for_selector("#stage .card")
    return context, page


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=list(VIEWPORTS))
@pytest.mark.parametrize("what", PAGES)
def test_pages_mirror_in_a_right_to_left_language_and_never_scroll_sideways(
        app, live_server, browser, urls, what, viewport):
    size = VIEWPORTS[viewport]
    placed = {}
    for lang in (None, PSEUDO_RTL):
        context, page = _render(app, browser, live_server, urls[what], size, lang)
        try:
            placed[lang] = {sel: page.evaluate(RECT, sel) for sel in PAGES[what]}
            width = page.evaluate("document.documentElement.clientWidth")
            direction = page.evaluate("document.documentElement.dir")
            scroll = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{what}-{viewport}-{'rtl' if lang else 'ltr'}.png"), full_page=True)
        finally:
            context.close()
        assert direction == ("rtl" if lang else "ltr")
        assert scroll[0] <= scroll[1], f"{what} scrolls sideways at {viewport} ({'rtl' if lang else 'ltr'})"

    for sel in PAGES[what]:
        ltr, rtl = placed[None][sel], placed[PSEUDO_RTL][sel]
        assert rtl["width"] == pytest.approx(ltr["width"], abs=2), sel
        # Mirrored: as far from the right edge in RTL as it was from the left edge in LTR.
        assert width - rtl["right"] == pytest.approx(ltr["left"], abs=2), sel
    first = PAGES[what][0]
    assert placed[PSEUDO_RTL][first]["left"] > placed[None][first]["left"], f"{first} did not move right"


def test_projector_arrow_pointing_the_way_the_page_reads_goes_to_the_next_slide(app, live_server, browser):
    """Right to left, the slides run leftwards (the pager's first dot is at the right), so the
    left arrow goes forward and the right arrow back."""
    event_id = setup_event(app, NAMES, tables=3)
    start_round(app, event_id)
    for table in (1, 2, 3):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[0]])
    close_round(app, event_id)  # slides: results, round 2 seating, standings
    url = f"{live_server.url}/p/{tokens(app, event_id)['projector']}"
    context, page = _render(app, browser, live_server, url, VIEWPORTS["1280x720"], PSEUDO_RTL)
    try:
        page.wait_for_selector("#slide-title >> text=Round 1 results")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector("#slide-title >> text=Round 2 seating")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#slide-title >> text=Round 1 results")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#slide-title >> text=Standings")
    finally:
        context.close()
