"""What a printer gets: the print pages rendered to PDF by real Chromium."""

from __future__ import annotations

import re

import pytest

from tournament import db
from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.models import Event
from tournament.services import accounts

from .conftest import seed_event

pytestmark = pytest.mark.browser

# PDF points; Chromium rounds A4 to whole hundredths of a millimetre.
PAPER = {"a4": (595, 842), "letter": (612, 792)}
SUIT_WORD = {suit: re.compile(rf"\b{suit.value[:-1]}s?\b", re.I) for suit in Suit}


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """Size of every page, read from the page objects (Chromium writes them uncompressed)."""
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert len(boxes) >= len(pages) > 0
    return [(float(w), float(h)) for w, h in boxes[: len(pages)]]


def log_in(page, base: str) -> None:
    page.goto(base + "/login")
    page.fill("#username", "teacher")
    page.fill("#password", "correct horse")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)


@pytest.fixture
def printed(app, live_server, page):
    """Ten seed tables, one sheet copy each so every page maps to one table."""
    event_id = seed_event(app, sheet_copies=1)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    log_in(page, live_server.url)

    def render(what: str, paper: str) -> bytes:
        with app.app_context():
            db.session().get(Event, event_id).paper_size = paper
            db.session().commit()
        page.goto(f"{live_server.url}/events/{event_id}/print/{what}")
        return page.pdf(prefer_css_page_size=True, print_background=True)

    render.page = page
    return render


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("what", "pages"), [("sheets", 10), ("signs", 10), ("slips", 4), ("guide", 10), ("all", 34)])
def test_every_sheet_and_sign_fills_one_page_and_slips_three_to_a_page(printed, paper, what, pages):
    sizes = pdf_pages(printed(what, paper))
    assert len(sizes) == pages, f"{what} on {paper}: a sheet overflowed onto another page"
    width, height = PAPER[paper]
    assert all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in sizes)


def test_each_rule_sheet_states_its_own_variant_and_no_other(printed):
    printed("sheets", "a4")
    page = printed.page
    texts = page.locator("article.rule-sheet").all_inner_texts()
    headings = [tuple(a.locator("dt, h2").all_inner_texts()) for a in page.locator("article.rule-sheet").all()]
    assert len(texts) == 10
    assert len(set(headings)) == 1, "rule sheets must have identical headings"
    for text, variant in zip(texts, SEED_VARIANTS, strict=True):
        assert f"The Ace is {variant.ace}" in text
        assert f"the {variant.wins} card takes the trick" in text
        assert re.search(rf"{variant.trump.value}\s*\(.\) are trumps", text, re.I)
        for other in set(Suit) - {variant.trump}:
            assert not SUIT_WORD[other].search(text), f"{other.value} named on the {variant.code} sheet"


def test_rules_editor_preview_follows_the_chosen_settings(app, printed):
    page = printed.page
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    printed("sheets", "a4")
    event_id = page.url.split("/events/")[1].split("/")[0]
    page.goto(page.url.split("/events/")[0] + f"/events/{event_id}/tables/8/rules")
    preview = page.locator(".sheet-preview")
    preview.get_by_text("Hearts (♥) are trumps").wait_for()
    page.select_option("#trump", "clubs")
    preview.get_by_text("Clubs (♣) are trumps").wait_for()
    page.select_option("#ace", "low")
    page.select_option("#wins", "lowest")
    preview.get_by_text("The Ace is low").wait_for()
    assert "Here player 4 takes the trick" in preview.inner_text()
    assert errors == [], "no CSP or script errors"
