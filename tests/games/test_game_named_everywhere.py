"""Every printed, projected and phone page names the event's own game, and nothing on them
speaks of another game's results: an event of Highest Card never says "Five Tricks" or "tricks"."""

from __future__ import annotations

import html
import re

import pytest

from tests.room.conftest import tokens
from tournament import db
from tournament.models import Event

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]


def _text(response) -> str:
    """What a reader sees: the page without its tags, scripts and styles (class names such as
    "tricks" are the stylesheet's, not words on the page)."""
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    page = response.get_data(as_text=True)
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture
def card_night(app, organiser, highest_card):
    created = organiser.post("/events", data={"name": "Card night", "round_minutes": "5", "game": "highest-card"})
    event_id = int(created.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    return event_id


def _pages(app, organiser, event_id: int) -> dict[str, str]:
    found = tokens(app, event_id)
    with app.app_context():
        player_id = db.session().get(Event, event_id).players[0].id
    phone = app.test_client()  # phones and the projector are not logged in
    pages = {path: _text(organiser.get(f"/events/{event_id}{path}")) for path in (
        "", "/tables", "/players", "/print", "/print/sheets", "/print/guide", "/print/signs", "/print/slips",
        "/print/all", "/print/preview?table=1")}
    pages["projector"] = _text(phone.get(f"/p/{found['projector']}"))
    pages["where do I sit"] = _text(phone.get(f"/s/{found['public']}"))
    pages["my seat"] = _text(phone.get(f"/s/{found['public']}/{player_id}"))
    pages["table phone"] = _text(phone.get(f"/t/{found[1]}"))
    return pages


def test_every_printed_projected_and_phone_page_names_the_event_s_game_and_no_other(app, organiser, card_night):
    before = _pages(app, organiser, card_night)
    assert organiser.post(f"/events/{card_night}/rounds/start").status_code == 302
    during = _pages(app, organiser, card_night)  # the table phone now shows its entry form
    for when, pages in (("before", before), ("during", during)):
        for name, text in pages.items():
            where = f"{name or 'event page'} ({when} the tournament)"
            assert "Highest Card" in text, f"{where} does not name the game"
            assert "Five Tricks" not in text, f"{where} names Five Tricks"
            assert "trick" not in text.lower(), f"{where} speaks of tricks"


def test_the_organiser_s_event_header_names_the_game_on_every_event_page(app, organiser, card_night):
    for path in ("", "/players", "/tables", "/rounds", "/standings", "/print", "/room"):
        header = organiser.get(f"/events/{card_night}{path}").get_data(as_text=True)
        nav = re.search(r'<nav aria-label="Main">.*?</nav>', header, re.S)
        assert nav and "Highest Card" in nav.group(0), path
