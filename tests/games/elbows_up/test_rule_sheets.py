"""Elbows Up!'s printed rule sheets in real Chromium: one page per table on A4 and US Letter,
the same layout at every table, each stating only its own table's rules."""

from __future__ import annotations

import pytest

from tests.print.test_print_pdf import PAPER, log_in, pdf_pages
from tournament import db
from tournament.games import settings as declared
from tournament.games.elbows_up import ELBOWS_UP
from tournament.models import Event
from tournament.services import accounts

from .conftest import elbows_event

pytestmark = pytest.mark.browser

TABLES = 5  # every combination of the two settings, and the cycle starting again
JOKER_LEADS = "you may also lead it"
JOKER_FOLLOWS = "only on a trick someone else led"
TEA_IN = "Whoever is dealt one lays it face up"
TEA_OUT = "The two Tea cards stay in the box"


@pytest.fixture
def printed(app, live_server, page):
    event_id = elbows_event(app, tables=TABLES, sheet_copies=1)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)

    def render(paper: str, what: str = "sheets") -> bytes:
        with app.app_context():
            db.session().get(Event, event_id).paper_size = paper
            db.session().commit()
        page.goto(f"{live_server.url}/events/{event_id}/print/{what}")
        return page.pdf(prefer_css_page_size=True, print_background=True)

    render.page = page
    return render


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_elbows_up_sheet_fills_exactly_one_page(printed, paper):
    sizes = pdf_pages(printed(paper))
    assert len(sizes) == TABLES, f"a sheet overflowed onto another page on {paper}"
    width, height = PAPER[paper]
    assert all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in sizes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_with_the_game_s_paragraphs_prints_on_one_page_per_table(printed, paper):
    sizes = pdf_pages(printed(paper, "guide"))
    assert len(sizes) == TABLES
    assert "phone adds up the points" in printed.page.locator("article.guide").first.inner_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_table_s_sheet_has_the_same_layout(printed, paper):
    printed(paper)
    sheets = printed.page.locator("article.rule-sheet").all()
    assert len(sheets) == TABLES
    headings = {tuple(sheet.locator("dt, h2").all_inner_texts()) for sheet in sheets}
    chart_rows = {sheet.locator(".chart tbody tr").count() for sheet in sheets}
    assert len(headings) == 1 and chart_rows == {5}
    # Each section's text block keeps its height at every table: the words of a setting change,
    # not the length of the sheet.
    heights = [[round(box["height"]) for box in (dd.bounding_box() for dd in sheet.locator("dd").all())]
               for sheet in sheets]
    for section in zip(*heights, strict=True):
        assert max(section) - min(section) <= 1, f"a section's height changes between tables: {heights}"
    # Every sheet draws the house-rule line in the same place, so a table's own rule moves nothing.
    offsets = {round(sheet.locator(".house-rule").bounding_box()["y"] - sheet.bounding_box()["y"]) for sheet in sheets}
    assert len(offsets) == 1, f"the house-rule line moves between tables: {offsets}"


def test_each_sheet_states_its_own_table_s_rules_and_no_other(printed):
    printed("a4")
    texts = printed.page.locator("article.rule-sheet").all_inner_texts()
    for text, rules in zip(texts, declared.default_variants(ELBOWS_UP.settings, TABLES), strict=True):
        assert (JOKER_LEADS in text) is rules.joker_may_lead and (JOKER_FOLLOWS in text) is not rules.joker_may_lead
        assert (TEA_IN in text) is rules.tea_cards and (TEA_OUT in text) is not rules.tea_cards
        assert "round" not in text.lower() or "if the round ends sooner" in text
        assert "Blue, Green, Yellow, Purple, Red" in text and "bid 4, took 4: 14" in text
