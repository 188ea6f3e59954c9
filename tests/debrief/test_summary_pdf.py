"""The debrief's printed summary, as Chromium prints it: one page on A4 and on Letter, with
every registered view marked for the summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.debrief.frame_views import ended_event
from tests.print.test_print_pdf import PAPER, log_in, pdf_pages
from tournament import db
from tournament.models import Event
from tournament.services import debrief

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "debrief"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_debrief_summary_prints_on_one_page_with_every_registered_view(app, live_server, page, monkeypatch, paper):
    event_id = ended_event(app)
    with app.app_context():
        event = db.session().get(Event, event_id)
        event.paper_size = paper
        db.session().commit()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/debrief")
    page.get_by_role("button", name="Reveal the rules").click()
    page.goto(f"{live_server.url}/events/{event_id}/print/debrief")
    text = page.locator("article.debrief-summary").inner_text()
    assert "Class 9B" in text and "2 of 4 rounds" in text and "3 tables" in text
    assert "<b>Ivo</b>" in text and "Canary rule 3 zq3x" in text
    assert page.locator(".debrief.paper").count() == sum(view.summary for view in debrief.VIEWS)
    sizes = pdf_pages(page.pdf(prefer_css_page_size=True, print_background=True))
    width, height = PAPER[paper]
    assert len(sizes) == 1 and abs(sizes[0][0] - width) < 1 and abs(sizes[0][1] - height) < 1


def test_the_summary_holds_the_rules_back_until_they_are_revealed(app, organiser, monkeypatch):
    event_id = ended_event(app)
    page = organiser.get(f"/events/{event_id}/print/debrief").get_data(as_text=True)
    assert "Canary rule" not in page and "printed here once you reveal them" in page
    assert "&lt;b&gt;Ivo&lt;/b&gt;" in page
    assert app.test_client().get(f"/events/{event_id}/print/debrief").status_code == 302


def test_the_summarys_back_link_leads_to_the_debrief_it_was_opened_from(app, organiser):
    event_id = ended_event(app)
    page = organiser.get(f"/events/{event_id}/print/debrief").get_data(as_text=True)
    toolbar = page.split('class="print-toolbar"', 1)[1].split("</header>", 1)[0]
    assert f'href="/events/{event_id}/debrief"' in toolbar and "← Debrief of" in toolbar
    assert f'href="/events/{event_id}/print"' not in toolbar


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_whole_class_summary_fits_one_page_without_cutting_anything_off(app, live_server, page, paper):
    """22 pupils, six tables, three rounds, notes: the long lists print as on the wall, the
    latest items and how many more, so nothing is cut off the page without a word."""
    from tests.debrief.class_event import class_event

    event_id = class_event(app)
    with app.app_context():
        db.session().get(Event, event_id).paper_size = paper
        db.session().commit()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/debrief")
    page.get_by_role("button", name="Reveal the rules").click()
    page.goto(f"{live_server.url}/events/{event_id}/print/debrief")
    page.emulate_media(media="print")
    cut = page.evaluate("""() => [...document.querySelectorAll('article.debrief-summary, article.debrief-summary *')]
        .filter(el => el.clientWidth > 1 && el.scrollHeight > el.clientHeight + 1
                      && getComputedStyle(el).overflowY === 'hidden')
        .map(el => el.className || el.tagName)""")
    assert cut == [], cut
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"summary-class-{paper}.pdf").write_bytes(pdf)
    assert len(pdf_pages(pdf)) == 1
