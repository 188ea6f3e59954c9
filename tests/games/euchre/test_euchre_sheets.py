"""Euchre's printed rule sheets as Chromium prints them: one page per table on A4 and Letter, the
same layout at every table, and each sheet stating only its own table's options."""

from __future__ import annotations

import pytest

from tests.print.test_print_pdf import PAPER, log_in, pdf_pages
from tournament import db
from tournament.games import settings as declared
from tournament.games.euchre import EUCHRE
from tournament.models import Event

from .conftest import euchre_event, organiser_account

pytestmark = pytest.mark.browser

NAMES = [f"Player {chr(65 + i // 4)}{i % 4}" for i in range(16)]  # four tables of four


@pytest.fixture
def printed(app, live_server, page):
    """Four Euchre tables (every combination of settings), one sheet copy each."""
    event_id = euchre_event(app, NAMES, sheet_copies=1)
    organiser_account(app)
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
def test_every_euchre_rule_sheet_fills_exactly_one_page(printed, paper):
    sizes = pdf_pages(printed(paper))
    assert len(sizes) == 4, f"a Euchre sheet overflowed onto another page on {paper}"
    width, height = PAPER[paper]
    assert all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in sizes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_with_euchre_s_two_paragraphs_still_prints_one_page_a_table(printed, paper):
    sizes = pdf_pages(printed(paper, "guide"))
    assert len(sizes) == 4
    assert "Partners" in printed.page.inner_text("body")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_euchre_table_s_sheet_has_the_same_layout(printed, paper):
    printed(paper)
    page = printed.page
    sheets = page.locator("article.rule-sheet").all()
    assert len(sheets) == 4
    headings = {tuple(sheet.locator("dt, h2").all_inner_texts()) for sheet in sheets}
    assert len(headings) == 1, "every table's sheet has the same headings"
    # Each block of text is as tall on every sheet: the options change words, not lines.
    heights = [
        tuple(round(box["height"]) for box in sheet.locator(".section, .example").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().toJSON())"))
        for sheet in sheets
    ]
    assert len(set(heights)) == 1, heights


def test_each_euchre_sheet_states_only_its_own_table_s_options(printed):
    printed("a4")
    texts = printed.page.locator("article.rule-sheet").all_inner_texts()
    for text, variant in zip(texts, declared.default_variants(EUCHRE.settings, 4), strict=True):
        lowered = text.lower()
        assert ("no trump" in lowered) is variant.no_trump
        assert ("no-trump hand" in lowered) is variant.no_trump
        assert ("dealer must name trump" in lowered) is variant.stick_the_dealer
        assert ("misdeal" in lowered) is not variant.stick_the_dealer
        for word in ("stick", "option", "variant", "not allowed", " off"):
            assert word not in lowered, f"{word!r} on a sheet: a sheet states rules, not settings"
