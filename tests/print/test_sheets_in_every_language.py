"""Every game's rule sheets keep their one-layout promise in every language: on A4 and Letter,
each table's sheet is one page, and the sections start at the same height on every table's
sheet, whatever the page's language (real Chromium, one browser page for all of it)."""

from __future__ import annotations

import pytest

from tournament import db
from tournament.games import registry
from tournament.i18n.languages import LANGUAGES
from tournament.services import accounts, events, players
from tournament.services import tables as table_service

from .test_print_pdf import PAPER, log_in, pdf_pages

pytestmark = pytest.mark.browser

TABLES = 8
MM = 96 / 25.4  # CSS pixels per millimetre
# The paper less its 12 mm margins (print.css), where one sheet must fit, in CSS pixels.
PRINTED = {"a4": (round(186 * MM), 272 * MM), "letter": (round(191.9 * MM), 254 * MM)}

# Per sheet: its height, and each section's top and height relative to the sheet.
SHEET_BOXES = """sheets => sheets.map(sheet => {
  const box = sheet.getBoundingClientRect();
  return [Math.round(box.height), [...sheet.querySelectorAll('.section')].map(s => {
    const r = s.getBoundingClientRect();
    return [Math.round(r.top - box.top), Math.round(r.height)];
  })];
})"""


def _event(app, key: str) -> int:
    """An event of the game ``key`` with ``TABLES`` tables on the game's default rules, one
    sheet copy each, on Letter paper (the shorter page: the PDF is printed on it)."""
    game = registry.get(key)
    names = [f"Player {n:02d}" for n in range(TABLES * game.table_sizes.preferred)]
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Every language", game=key)
        players.add_players(session, event, "\n".join(names))
        table_service.set_table_count(session, event, TABLES)
        event.sheet_copies = 1
        event.paper_size = "letter"
        session.commit()
        accounts.set_organiser(session, "teacher", "correct horse")
        return event.id


@pytest.mark.parametrize("key", [game.key for game in registry.all_games()])
def test_every_table_s_sheet_is_one_page_with_its_sections_level_with_every_other_s_in_every_language(
        app, live_server, page, key):
    event_id = _event(app, key)
    log_in(page, live_server.url)
    page.emulate_media(media="print")
    problems = []
    for lang in LANGUAGES:
        page.goto(f"{live_server.url}/events/{event_id}/print/sheets?lang={lang}")
        assert page.locator("html").get_attribute("lang") == lang
        for paper, (width, height) in PRINTED.items():
            page.set_viewport_size({"width": width, "height": 900})
            sheets = page.locator("article.rule-sheet").evaluate_all(SHEET_BOXES)
            assert len(sheets) == TABLES and all(sections for _, sections in sheets)
            if max(tall for tall, _ in sheets) > height:
                problems.append(f"{lang} on {paper}: a sheet is taller than the page: {[t for t, _ in sheets]}")
            if len({tuple(map(tuple, sections)) for _, sections in sheets}) != 1:
                problems.append(f"{lang} on {paper}: sections differ between tables: {[s for _, s in sheets]}")
        sizes = pdf_pages(page.pdf(prefer_css_page_size=True, print_background=True))
        if len(sizes) != TABLES or not all(abs(w - PAPER["letter"][0]) < 1 and abs(h - PAPER["letter"][1]) < 1
                                           for w, h in sizes):
            problems.append(f"{lang} on letter: {len(sizes)} pages for {TABLES} sheets")
    assert problems == [], "\n".join(problem[:400] for problem in problems)
