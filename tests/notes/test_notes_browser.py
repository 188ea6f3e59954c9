"""Notes in real Chromium: a phone at 390×844 sends an icon-only "we disagreed" note through the
form, the organiser's Room page (open all along) shows it without a reload, and the debrief's
notes view reads on a 1280×720 wall. Screenshots: test-artifacts/debrief/."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import render_template

from tests.notes.conftest import stored
from tests.room.test_room_browser import wait_until
from tournament import db
from tournament.models import Event
from tournament.services import accounts
from tournament.services import notes as note_service
from tournament.services.debrief import notes as view_module

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "debrief"
PHONE = {"width": 390, "height": 844}


def _logged_in(browser, base: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/login")
    page.locator("#username").fill("teacher")
    page.locator("#password").fill("correct horse")
    page.locator("button[type=submit]").click()
    return context, page


def test_a_phone_sends_an_icon_only_disagreement_and_the_room_page_shows_it_without_reload(
        app, live_server, browser, room):
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    SHOTS.mkdir(parents=True, exist_ok=True)
    organiser_context, organiser = _logged_in(browser, live_server.url)
    phone_context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        organiser.goto(f"{live_server.url}/events/{room['event']}/room")
        assert organiser.locator("#room-notes-none").is_visible()
        organiser.evaluate("window.notOpenedAgain = true")  # gone if the page reloads
        phone = phone_context.new_page()
        phone.set_default_timeout(10_000)
        phone.goto(f"{live_server.url}/t/{room[2]}")
        phone.locator(".note-box summary").click()
        button = phone.locator('button.note-icon[data-flag="disagreed"]')
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 300  # a thumb's target, the row's width
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.screenshot(path=str(SHOTS / "phone-note-form.png"), full_page=True)
        button.tap()
        phone.wait_for_url("**/note")
        assert phone.locator(".flash-success").inner_text() == "Sent"
        assert "We disagreed about a play" in phone.locator(".note-list").inner_text()
        phone.screenshot(path=str(SHOTS / "phone-note-sent.png"), full_page=True)
        [note] = stored(app, room["event"])
        assert (note.flag, note.text, note.table_number, note.source) == ("disagreed", None, 2, "table")

        shown = organiser.locator(f"#room-notes-{note.id}")
        wait_until(lambda: shown.count() == 1, timeout=8)
        assert organiser.evaluate("window.notOpenedAgain") is True
        assert "stands-out" in shown.get_attribute("class")
        text = shown.inner_text()
        assert "We disagreed about a play" in text and "Table 2" in text and "Round 1" in text
        assert shown.locator("strong").inner_text() == "We disagreed about a play"
        organiser.locator("#notes-panel").screenshot(path=str(SHOTS / "room-notes-panel.png"))
    finally:
        phone_context.close()
        organiser_context.close()


def test_the_notes_view_reads_on_a_1280_by_720_wall(app, live_server, browser, room):
    event_id = room["event"]
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        sends = [(1, "disagreed", "Ben says the 2 of hearts won the trick. We all thought otherwise"),
                 (1, "disagreed", None), (1, "confused", None), (2, "fun", "Nobody spoke a word for five minutes"),
                 (2, "disagreed", "Is the ace high or low here?"), (2, "realised", "Aha: trumps are different here!"),
                 (2, None, "Third remark"), (2, None, "Fourth remark"), (3, "frustrated", None), (3, "fun", None)]
        for table, flag, text in sends:
            note_service.send_note(session, session.get(Event, event_id), source="table", table_number=table,
                                   author="", flag=flag, text=text, nonce=None)
        note_service.send_note(session, event, source="observer", table_number=3, author="Zoë", flag=None,
                               text="Table 3 played fastest", nonce=None)
    with app.test_request_context():
        session = db.session()
        event = session.get(Event, event_id)
        html = render_template("debrief/_notes.html", view=view_module.build(session, event), event=event)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for theme in ("theme-dark", "theme-light"):
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        try:
            page.set_content(
                f'<!doctype html><html class="{theme}"><head><meta charset="utf-8">'
                f'<link rel="stylesheet" href="{live_server.url}/static/projector.css">'
                f'<link rel="stylesheet" href="{live_server.url}/static/debrief-notes.css"></head>'
                f'<body><div class="debrief wall">{html}</div></body></html>')
            page.wait_for_load_state("networkidle")
            smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.debrief-notes *')]
                .filter(e => e.offsetParent !== null
                        && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
                .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
            assert smallest >= 22, smallest
            assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            assert page.locator(".debrief-notes-more").inner_text() == "3 more"
            assert page.locator(".debrief-notes-rounds").first.is_hidden()
            page.screenshot(path=str(SHOTS / f"wall-notes-1280x720-{theme}.png"))
        finally:
            context.close()
