""""Where do I sit" for a screen reader: the page has a heading, and the table that changes
after a round is read out ("Your table: 3.") in a polite live region when the page updates by
itself."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, start_round
from tournament import db
from tournament.models import Event, Player
from tournament.services import seat_finder

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jana", "Kai", "Lea"]


def _tables(app, event_id: int) -> tuple[str, dict[int, int | None]]:
    """The event's public token, and each player's table as "where do I sit" says it."""
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        ids = session.scalars(select(Player.id).where(Player.event_id == event_id))
        return event.public_token, {i: seat_finder.where(session, event, i)["table"] for i in ids}


def test_the_seat_page_has_a_heading_and_reads_out_the_new_table_after_a_round(app, live_server, browser):
    event_id = setup_event(app, NAMES, 3)
    start_round(app, event_id)
    token, before = _tables(app, event_id)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pages = {}
        for player_id in before:
            page = context.new_page()
            page.goto(f"{live_server.url}/s/{token}/{player_id}")
            pages[player_id] = page
        first = next(iter(pages.values()))
        assert first.locator("h1").count() == 1 and first.locator("h1").inner_text().strip()
        said = first.locator("[aria-live='polite']")
        assert said.count() == 1 and said.inner_text() == ""
        for table in (1, 2, 3):
            names = sorted(seated(app, event_id, table))
            record_winner(app, event_id, table, [names[0], names[1], names[0]])
        close_round(app, event_id)
        _token, after = _tables(app, event_id)
        moved = [i for i in before if after[i] != before[i]]
        assert moved  # the round moved someone: their page must say so
        for player_id in moved:
            pages[player_id].locator("#seat-number", has_text=str(after[player_id])).wait_for()
            assert pages[player_id].locator("[aria-live='polite']").inner_text() == f"Your table: {after[player_id]}."
    finally:
        context.close()
