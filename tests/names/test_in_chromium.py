"""The corpus in real Chromium over a real server: no script from a name ever runs, right-to-left
names keep the sentence around them in order, and the printed PDF carries names as typed."""

from __future__ import annotations

import subprocess
import time
import unicodedata

import pytest
from playwright.sync_api import expect

from tests.conftest import setup_event
from tests.names.test_pages import NAMES
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.core.names import name_key
from tournament.models import Event
from tournament.services import accounts

pytestmark = pytest.mark.browser

RTL = ["دانا", "ليلى", "محمد"]  # already in alphabetical order


def _log_in(page, base: str) -> None:
    page.goto(base + "/login")
    page.fill("#username", "teacher")
    page.fill("#password", "correct horse")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)


def _played(app, names, tables=None, winner=None) -> int:
    event_id = setup_event(app, names, tables=tables, name="Klasse <b>9B</b> محمد")
    start_round(app, event_id)
    with app.app_context():
        count = len(db.session().get(Event, event_id).tables)
        accounts.set_organiser(db.session(), "teacher", "correct horse")
    for table in range(1, count + 1):
        at = sorted(seated(app, event_id, table), key=name_key)
        if len(names) > 3:
            record_winner(app, event_id, table, [winner if winner in at else at[-1]])
    close_round(app, event_id)
    return event_id


def _wait(check, timeout=8.0):
    began = time.monotonic()
    while not check():
        assert time.monotonic() - began < timeout, "not within time"
        time.sleep(0.05)


# The scripts' words block (script#i18n, type application/json) is data, never run.
INJECTED = """() => document.querySelectorAll(
  'img[src="x"], script:not([src]):not(#i18n[type="application/json"])').length"""


def test_no_name_runs_a_script_on_any_page(app, live_server, page):
    event_id = _played(app, NAMES)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    _log_in(page, live_server.url)
    token = tokens(app, event_id)
    base = f"{live_server.url}/events/{event_id}"
    for path in ("/players", "/tables", "/rounds/1/results", "/rounds/2/seats", "/standings", "/audit",
                 "/rounds/1/tables/1", "/print/all", "/room"):
        page.goto(base + path)
        assert page.evaluate(INJECTED) == 0, path
    # The seat finder lists names once part of one is typed: search for the markup names.
    for url in (f"/s/{token['public']}?q=alert", f"/s/{token['public']}?q=img", f"/t/{token[1]}"):
        page.goto(live_server.url + url)
        assert page.evaluate(INJECTED) == 0, url
    page.goto(f"{live_server.url}/p/{token['projector']}")
    _wait(lambda: page.locator(".card").count() > 0)
    assert page.evaluate(INJECTED) == 0
    # The wall pages through long lists (fewer tables a page when names are long): read every
    # page, turned with the arrow key as a teacher would, until a name made of markup shows.
    seen = []
    for _ in range(12):
        seen.append(page.locator("#stage").inner_text())
        if "<script>alert(1)</script>" in seen[-1] or "<img src=x" in seen[-1]:
            break
        page.keyboard.press("ArrowRight")
        _wait(lambda: page.locator("#stage").inner_text() != seen[-1])
    assert "<script>alert(1)</script>" in seen[-1] or "<img src=x" in seen[-1], seen
    assert page.evaluate(INJECTED) == 0
    assert dialogs == []


def _left_to_right(page, selector: str, names: list[str]) -> list[float]:
    """Where each name's first occurrence starts on screen, in the order given."""
    return page.evaluate("""([selector, names]) => {
        const box = document.querySelector(selector);
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        const found = {};
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const name of names) {
                const at = node.data.indexOf(name);
                if (at >= 0 && !(name in found)) {
                    const range = document.createRange();
                    range.setStart(node, at); range.setEnd(node, at + name.length);
                    found[name] = range.getBoundingClientRect().left;
                }
            }
        }
        return names.map(name => found[name]);
    }""", [selector, names])


def test_a_tie_of_right_to_left_names_keeps_the_sentence_in_order(app, live_server, page):
    """Two right-to-left names joined by a comma used to swap places in the tie line. (One game
    is won by a fourth player: a table that reported no game has no ranking, hence no tie.)"""
    event_id = _played(app, [*RTL, "Zed"], tables=1, winner="Zed")
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/rounds/1/results")
    positions = _left_to_right(page, "p.tie-note:last-of-type", RTL)
    assert None not in positions and positions == sorted(positions)
    page.goto(f"{live_server.url}/p/{tokens(app, event_id)['projector']}")
    _wait(lambda: page.locator(".ties p").count() > 0)
    positions = _left_to_right(page, ".ties p", RTL)
    assert None not in positions and positions == sorted(positions)
    assert page.locator(".ties p bdi").count() == 3


def test_the_printed_pdf_carries_every_name_as_typed(app, live_server, page, tmp_path):
    event_id = _played(app, NAMES)
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/print/all")
    pdf = tmp_path / "all.pdf"
    pdf.write_bytes(page.pdf(prefer_css_page_size=True, print_background=True))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True,
                          text=True, timeout=60).stdout
    # Narrow slip cells wrap long names over lines: compare without any white space.
    text = "".join(unicodedata.normalize("NFC", text).split())
    latin = [stored for stored in NAMES if stored.isascii() or all(
        unicodedata.name(c, "").startswith(("LATIN", "SPACE", "DIGIT", "HYPHEN", "FULL STOP", "APOSTROPHE"))
        for c in stored)]
    assert latin and [name for name in latin if "".join(name.split()) not in text] == []
    assert "<script>alert(1)</script>" in text and "\"><imgsrc=xonerror=alert(1)>" in text
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=60)
    assert list(tmp_path.glob("page*.png"))


def test_where_do_i_sit_finds_a_name_typed_without_its_special_letters(app, live_server, page):
    others = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "Ivo", "Jan"]
    event_id = setup_event(app, ["Øystein", "Łukasz", "Zoë", "Oscar", "Straße", "Ærin", "Œdipe", "Đorđe",
                                 "Þóra", "Işık", *others], tables=3)
    page.goto(f"{live_server.url}/s/{tokens(app, event_id)['public']}")

    for typed, expected in (("oystein", ["Øystein"]), ("luk", ["Łukasz"]), ("ZOE", ["Zoë"]),
                            ("oys", ["Øystein"]), ("zoe", ["Zoë"]), ("strasse", ["Straße"]),
                            ("aerin", ["Ærin"]), ("oedipe", ["Œdipe"]), ("dorde", ["Đorđe"]),
                            ("thora", ["Þóra"]), ("isik", ["Işık"]), ("ærin", ["Ærin"]),
                            ("straß", ["Straße"])):
        page.fill("#find-name", typed)  # the page asks the server as the pupil types
        expect(page.locator("#names li")).to_have_text(expected)
