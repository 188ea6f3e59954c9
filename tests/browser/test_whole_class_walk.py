"""A whole class, from the teacher's first visit to the take-away, in Chromium against the real
server, at the README's sizes: the organiser's laptop at 1280×800, the projector at 1280×720
and 1920×1080, a table's phone at 390×844.

Twelve pupils at three tables, three planned rounds. Table 1's phone is opened once and left
on the table for the whole tournament: it must follow every round by itself. The organiser
corrects a game, closes each round, and the close of round 3 ends the tournament: the wall
shows the final standings, the phone says it is over, and the organiser goes on to the debrief
(stepped from the projector with the keys) and prints its summary.

Each screen is saved under test-artifacts/walk/ to be looked at; each is also checked for what
a person would notice: the page scrolling sideways, a request leaving the room."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.print.test_print_pdf import pdf_pages

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "walk"
NAMES = ["Amélie", "Bartholomew", "Chiamaka", "Dmitri", "<b>Eleanor</b>", "Fitzgerald", "Giulia",
         "Hiroshi", "Ingrid", "Jean-Baptiste", "Kwame", "李小龙"]
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WALL_SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})


def look(page, name: str) -> None:
    """Save the screen for a person to look at, and check what anyone would see at once."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state()
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    width = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 1, f"{name}: the page scrolls sideways by {width} px"


def look_at_the_wall(projector, name: str) -> None:
    for size in WALL_SIZES:
        projector.set_viewport_size(size)
        look(projector, f"{name}-{size['width']}x{size['height']}")


def open_in(context, url: str, outside: list[str], bases: tuple[str, ...]):
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("request", lambda request: None if request.url.startswith(bases) else outside.append(request.url))
    page.goto(url)
    return page


def table_link_from_its_qr_code(desk, table: int) -> str:
    """What a phone's camera reads: the code on the Table links page, decoded from its pixels."""
    card = desk.locator("section.qr-card", has=desk.get_by_role("heading", name=f"Table {table}", exact=True))
    image = Image.open(io.BytesIO(card.locator("svg, img").first.screenshot()))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, "one readable code per table"
    return found[0].text


def first_visit(page, base: str) -> int:
    """The account, the event with three rounds, the class list and the table plan."""
    page.goto(base + "/")
    page.get_by_label("Username").fill("teacher")
    page.get_by_label("Password", exact=True).fill("classroom1")
    page.get_by_label("Repeat password").fill("classroom1")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_label("Event name")).to_be_visible()
    look(page, "01-new-event")

    page.get_by_label("Event name").fill("7B Thursday")
    page.get_by_label("Number of rounds").fill("3")
    page.get_by_role("button", name="Create event").click()
    page.get_by_label("Names, one per line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Add players").click()
    expect(page.get_by_text("Added 12 players.")).to_be_visible()
    look(page, "02-players")

    page.get_by_role("link", name="Next: table plan →").click()
    page.get_by_label("Number of tables").fill("3")
    page.get_by_role("button", name="Make plan and seat everyone").click()
    expect(page.get_by_text("3 tables (players per table: 4, 4, 4)")).to_be_visible()
    look(page, "03-tables")
    return int(page.url.split("/events/", 1)[1].split("/", 1)[0])


def phone_taps(phone, games: int) -> None:
    """The captain taps the first player listed for each game (after "No game") and sends."""
    for game in range(games):
        row = phone.locator("fieldset.game").nth(game)
        row.locator(".winners label").nth(1).click()
    phone.get_by_role("button", name="Send results").click()
    expect(phone.get_by_text("Sent! Games 1, 2 recorded.")).to_be_visible()


def organiser_enters(page, base: str, event_id: int, number: int, table: int) -> None:
    page.goto(f"{base}/events/{event_id}/rounds/{number}/tables/{table}")
    for game in range(2):
        page.get_by_role("radiogroup", name=f"Winner of game {game + 1}").get_by_role("radio").nth(1 + game).check()
    page.get_by_role("button", name=f"Save table {table}").click()
    expect(page.get_by_text(f"Table {table}: Games 1, 2 recorded.")).to_be_visible()


def close_round(page, base: str, event_id: int, number: int) -> None:
    page.goto(f"{base}/events/{event_id}/rounds")
    page.get_by_role("link", name="Close round…").click()
    page.get_by_role("button", name=f"Close round {number}").click()
    expect(page.get_by_role("heading", name=f"Round {number} results")).to_be_visible()


def heading_of(phone) -> str:
    return phone.locator("h1").first.inner_text()


def test_a_whole_class_from_the_first_visit_to_the_take_away(app, live_server, browser):
    base = live_server.url
    # The room knows the laptop by another name than the one the organiser logged in at: the
    # wall and the phones are opened at that name, as the Room page and the QR codes give it.
    room = base.replace("127.0.0.1", "localhost")
    app.config["PUBLIC_BASE_URL"] = room
    bases = (base, room)
    outside: list[str] = []
    laptop = browser.new_context(viewport=LAPTOP)
    desk = laptop.new_page()
    desk.set_default_timeout(15_000)
    desk.on("request", lambda request: None if request.url.startswith(bases) else outside.append(request.url))
    phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        event_id = first_visit(desk, base)

        desk.goto(f"{base}/events/{event_id}/print")
        expect(desk.get_by_role("heading", name="Print materials")).to_be_visible()
        look(desk, "04-print")

        desk.goto(f"{base}/events/{event_id}/room")
        look(desk, "05-room")
        wall_link = desk.get_by_role("link", name="Open the projector").get_attribute("href")
        assert wall_link.startswith(room)
        projector = open_in(laptop, wall_link, outside, bases)
        look_at_the_wall(projector, "06-wall-before")

        desk.goto(f"{base}/events/{event_id}/rounds")
        desk.get_by_role("button", name="Start round 1").click()
        expect(desk.get_by_text("Round 1 of 3").first).to_be_visible()
        look(desk, "07-round-1")

        # Table 1's phone, opened once and left on the table until the end.
        desk.goto(f"{base}/events/{event_id}/room/tables")
        link = table_link_from_its_qr_code(desk, 1)
        assert link.startswith(room + "/t/")
        phone = open_in(phones, link, outside, bases)
        phone.evaluate("() => { window.leftOnTheTable = true; }")  # a reload would forget it
        assert "Round 1 of 3" in heading_of(phone)
        look(phone, "08-phone-round-1")

        for number in (1, 2, 3):
            expect(phone.locator("h1").first).to_contain_text(f"Round {number} of 3", timeout=15_000)
            assert phone.evaluate("() => window.leftOnTheTable === true")
            phone_taps(phone, 2)
            look(phone, f"09-phone-sent-round-{number}")
            # Sending loads the answer page; from here on, nobody touches the phone.
            phone.evaluate("() => { window.leftOnTheTable = true; }")
            for table in (2, 3):
                organiser_enters(desk, base, event_id, number, table)
            if number == 1:
                # A correction: the organiser gives table 1's first game to its last player.
                desk.goto(f"{base}/events/{event_id}/rounds/1/tables/1")
                desk.get_by_role("radiogroup", name="Winner of game 1").get_by_role("radio").nth(4).check()
                desk.get_by_role("button", name="Save table 1").click()
                expect(desk.get_by_text("Table 1: Game 1 changed.")).to_be_visible()
                look(desk, "10-correction")
            look_at_the_wall(projector, f"11-wall-round-{number}")
            expect(projector.locator(".card h2", has_text="Table 1")).to_be_visible()  # words, never a script's keys
            close_round(desk, base, event_id, number)
            look(desk, f"12-results-round-{number}")
            if number < 3:
                desk.get_by_role("link", name=f"Round {number + 1} seating →").click()
                desk.get_by_role("button", name=f"Start round {number + 1}").click()
                expect(desk.get_by_text(f"Round {number + 1} of 3").first).to_be_visible()

        # The close of the last planned round ended the tournament.
        expect(desk.get_by_role("heading", name="The tournament is over")).to_be_visible()
        look(desk, "13-over-organiser")
        expect(projector.get_by_text("The tournament is over").first).to_be_visible(timeout=15_000)
        look_at_the_wall(projector, "14-wall-final-standings")
        expect(phone.get_by_text("The tournament is over").first).to_be_visible(timeout=15_000)
        assert phone.evaluate("() => window.leftOnTheTable === true")
        look(phone, "15-phone-over")

        # The debrief, stepped from the projector with the keys, then its summary to take away.
        desk.get_by_role("link", name="Start the debrief").click()
        desk.get_by_role("button", name="Reveal the rules").click()
        desk.get_by_role("button", name="Start the debrief on the wall").click()
        look(desk, "16-debrief-organiser")
        projector.bring_to_front()
        expect(projector.locator("#stage .debrief-step")).to_be_visible()  # not the standings' own pager
        expect(projector.locator("#pager span").first).to_have_class("on")
        projector.keyboard.press("ArrowRight")
        expect(projector.locator("#pager span").nth(1)).to_have_class("on")
        look_at_the_wall(projector, "17-wall-debrief")

        desk.goto(f"{base}/events/{event_id}/print/debrief")
        text = desk.locator("article.debrief-summary").inner_text()
        assert "7B Thursday" in text and "3 rounds" in text and "3 tables" in text
        assert "<b>Eleanor</b>" in desk.content().replace("&lt;", "<").replace("&gt;", ">")
        assert desk.locator("b", has_text="Eleanor").count() == 0  # a name's markup is shown, never obeyed
        look(desk, "18-take-away")
        assert len(pdf_pages(desk.pdf(prefer_css_page_size=True, print_background=True))) == 1
        assert outside == []
    finally:
        phones.close()
        laptop.close()
