"""What a printer gets for an Elevator or Elevator UP event: every table's rule sheet on one
page of A4 and of US Letter, laid out alike at every table, stating that table's rules only.
Rendered by the real server and printed to PDF by real Chromium."""

from __future__ import annotations

import pytest

from tests.print.test_print_pdf import PAPER, log_in, pdf_pages
from tournament import db
from tournament.games import get
from tournament.games import settings as declared
from tournament.models import Event
from tournament.services import accounts

from .helpers import shedding_event

pytestmark = pytest.mark.browser

TABLES = 8  # every combination of three settings once
# The width a sheet's text has on paper (the page less 12 mm margins each side), in CSS pixels:
# lines wrap there as they do in print.
PRINTED_WIDTH = {"a4": round((210 - 24) * 96 / 25.4), "letter": round((215.9 - 24) * 96 / 25.4)}
NAMES = [f"Player {n:02d}" for n in range(TABLES * 4)]

# Per setting, a phrase only the sheet of one of its two values may hold.
PHRASES = {
    "elevator": {
        "jokers": {True: "A joker is wild", False: "This deck has no jokers"},
        "stuck_penalty": {"players": "draw one card per player at the table",
                          "one": "the player on your left gives you a card"},
        "must_play_after_pass": {True: "you may pass only if you cannot play",
                                 False: "You may pass whenever you like"},
    },
    "elevator-up": {
        "stuck_card": {True: "It is see-through", False: "between the 6 and the 8"},
        "door_closed_card": {True: "The next player misses a turn", False: "between the 9 and the Queen"},
        "four_of_a_kind_clears": {True: "whoever laid the fourth plays again",
                                  False: "change nothing"},
    },
}


@pytest.fixture(params=["elevator", "elevator-up"])
def printed(request, app, live_server, page):
    """An event of the game with eight tables, one sheet copy each, printed on demand."""
    game = get(request.param)
    event_id = shedding_event(app, game.key, NAMES, tables=TABLES, sheet_copies=1)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)

    def render(paper: str) -> bytes:
        with app.app_context():
            db.session().get(Event, event_id).paper_size = paper
            db.session().commit()
        page.goto(f"{live_server.url}/events/{event_id}/print/sheets")
        return page.pdf(prefer_css_page_size=True, print_background=True)

    render.page, render.game = page, game
    return render


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_table_s_sheet_fills_exactly_one_page(printed, paper):
    sizes = pdf_pages(printed(paper))
    assert len(sizes) == TABLES, f"{printed.game.title} on {paper}: a sheet overflowed onto another page"
    width, height = PAPER[paper]
    assert all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in sizes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_table_s_sheet_has_one_layout_headings_and_text_blocks_of_equal_height(printed, paper):
    printed(paper)
    page = printed.page
    page.set_viewport_size({"width": PRINTED_WIDTH[paper], "height": 900})
    page.emulate_media(media="print")
    sheets = page.locator("article.rule-sheet").all()
    assert len(sheets) == TABLES
    headings = {tuple(sheet.locator("dt, h2").all_inner_texts()) for sheet in sheets}
    assert len(headings) == 1, "rule sheets must have identical headings"
    blocks = [tuple(round(box["height"]) for box in
                    (part.bounding_box() for part in sheet.locator(".section, figure").all()))
              for sheet in sheets]
    assert len(set(blocks)) == 1, f"text blocks differ in height between tables: {blocks}"


def test_each_sheet_states_its_own_table_s_rules_and_never_the_other_choice(printed):
    printed("a4")
    game = printed.game
    texts = printed.page.locator("article.rule-sheet").all_inner_texts()
    variants = declared.default_variants(game.settings, TABLES)
    assert len(set(variants)) == TABLES
    for text, variant in zip(texts, variants, strict=True):
        for setting, phrases in PHRASES[game.key].items():
            chosen = getattr(variant, setting)
            for value, phrase in phrases.items():
                assert (phrase in text) == (value == chosen), f"{setting}={chosen}: {phrase!r} on table's sheet"
