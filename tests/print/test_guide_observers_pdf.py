"""The guide stays one page when it also says who observes and what observing means."""

from __future__ import annotations

import pytest

from tournament import db
from tournament.models import Event, PlayerStatus
from tournament.services import accounts

from .conftest import seed_event
from .test_print_pdf import log_in, pdf_pages

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_guide_that_names_the_observers_still_fills_one_page(app, live_server, page, paper):
    event_id = seed_event(app, sheet_copies=1, paper_size=paper)
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        for player in session.get(Event, event_id).players[:3]:
            player.status, player.home_table = PlayerStatus.OBSERVER, None
        session.commit()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/print/guide")
    assert "3 players observe: an observer plays no games" in page.inner_text("article.guide")
    assert len(pdf_pages(page.pdf(prefer_css_page_size=True, print_background=True))) == 10  # one guide per table
