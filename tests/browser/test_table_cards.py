"""Every table card on the Tables page has its "Edit rules" button in the same place (the
card's foot), whether its heading says "(top)" or its rules take one line or three."""

from __future__ import annotations

import pytest

from tests.conftest import setup_event
from tests.print.test_print_pdf import log_in

pytestmark = pytest.mark.browser
NAMES = [f"Pupil {letter}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWX"]


def test_edit_rules_sits_at_the_same_place_on_every_table_card(app, organiser, live_server, page):
    event_id = setup_event(app, NAMES, tables=6)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/tables")
    places = page.evaluate("""[...document.querySelectorAll('.tiles .card')].map(card => {
        const box = card.getBoundingClientRect();
        const link = [...card.querySelectorAll('a')].find(a => a.textContent.trim() === 'Edit rules');
        const button = link.getBoundingClientRect();
        return [Math.round(button.left - box.left), Math.round(box.bottom - button.bottom)];
    })""")
    assert len(places) == 6
    assert len(set(map(tuple, places))) == 1, places
