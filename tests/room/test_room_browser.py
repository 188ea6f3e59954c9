"""What people in the room see, in real Chromium: a phone at a table, the projector, and
'where do I sit', open at the same time and updating without a reload."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from tests.conftest import setup_event
from tests.online.joining import pick
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import PROJECT_ROOT, db
from tournament.models import Event
from tournament.services import timer

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}
SMALL_PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
NAMES = ["Alejandra", "Bartholomew", "Chiamaka", "Dmitri", "Eleanor", "Fitzgerald", "Giulia", "Hiroshi",
         "Ingrid", "Jean-Baptiste", "Kwame", "Ludmila", "Maximilian", "Nkechi", "Océane", "Priyanka",
         "Quentin", "Rosalind", "Sebastián", "Thandiwe", "Ulrike", "Valentina", "Wilhelmina", "Xiomara",
         "Yevgenia", "Zbigniew", "Aurelio", "Bronwyn", "Cornelius", "Delphine", "Evangeline", "Florentyna",
         "Gwendolyn", "Horatio", "Isadora", "Jacqueline", "Konstantin", "Leopoldine", "Marguerite", "Nikolai",
         "Ottoline", "Perpetua", "Quirinus", "Rasmus", "Seraphina", "Theodora", "Ulysses", "Vivienne",
         "Wolfgang", "Xanthe", "Yolanda", "Zephyrine", "Anastasia", "Benedikt", "Clementine", "Dorothea",
         "Emmanuel", "Felicity", "Gottfried", "Hermione"]


def shots_dir(tmp_path) -> Path:
    """Screenshots go to docs/images when ROOM_SCREENSHOTS=1 (to look at them), else to tmp."""
    return PROJECT_ROOT / "docs" / "images" if os.environ.get("ROOM_SCREENSHOTS") else tmp_path


def open_page(browser, viewport, url, outside: list[str], base: str):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("request", lambda request: None if request.url.startswith(base) else outside.append(request.url))
    page.goto(url)
    return page


def start_with_countdown(app, event_id):
    with app.app_context():
        event = db.session().get(Event, event_id)
        timer.start(event, "round", timer.now_utc())
        db.session().commit()
    start_round(app, event_id)


def wait_until(check, timeout: float) -> float:
    """Polls `check` (the page's CSP forbids Playwright's string-evaluated waits); returns seconds taken."""
    began = time.monotonic()
    while not check():
        if time.monotonic() - began > timeout:
            raise AssertionError(f"not within {timeout} s")
        time.sleep(0.02)
    return time.monotonic() - began


def assert_fits(page):
    """Nothing scrolls and no card clips its content."""
    clipped = page.evaluate("""() => [...document.querySelectorAll('.card')]
        .filter(c => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1).length""")
    assert clipped == 0
    # A move label ("○ out", "▲ 10") wider than its column would be cut off by the row.
    cut = page.evaluate("""() => [...document.querySelectorAll('.results .move')]
        .filter(m => m.scrollWidth > m.clientWidth + 1).map(m => m.textContent)""")
    assert cut == []
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")


def clock_seconds(page) -> int:
    text = page.locator("#timer-clock").inner_text()
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(seconds)


def test_a_phone_result_reaches_the_projector_within_a_second(browser, live_server, app, tmp_path):
    event_id = setup_event(app, NAMES[:18], tables=3)
    start_with_countdown(app, event_id)
    links = tokens(app, event_id)
    outside: list[str] = []
    projector = open_page(browser, PROJECTOR, f"{live_server.url}/p/{links['projector']}", outside, live_server.url)
    projector.wait_for_selector("text=Round 1")
    phone = open_page(browser, PHONE, f"{live_server.url}/t/{links[2]}", outside, live_server.url)

    winner = sorted(seated(app, event_id, 2))[1]
    phone.locator("fieldset.game").first.locator(".winners").get_by_text(winner, exact=True).click()
    phone.get_by_role("button", name="Send results").click()
    phone.wait_for_selector("text=recorded")
    latency = wait_until(lambda: projector.evaluate(
        "() => [...document.querySelectorAll('.card.reported h2')].some(h => h.textContent.startsWith('Table 2'))"
    ), timeout=10.0)
    # How fast is measured by `make bench ARGS=--wall`; here only that it follows without a reload.
    print(f"phone -> projector latency: {latency * 1000:.0f} ms")
    assert outside == []


def test_two_projector_screens_show_the_same_countdown(browser, live_server, app):
    event_id = setup_event(app, NAMES[:9], tables=3)
    start_with_countdown(app, event_id)
    url = f"{live_server.url}/p/{tokens(app, event_id)['projector']}"
    outside: list[str] = []
    first = open_page(browser, PROJECTOR, url, outside, live_server.url)
    time.sleep(1.3)
    second = open_page(browser, SMALL_PROJECTOR, url, outside, live_server.url)
    for page in (first, second):
        page.wait_for_selector("#timer:not([hidden])")
    # Read first, second, first again: counting down to one deadline, the second screen's
    # reading lies between the first screen's two (a second's slack for each clock's sync),
    # however long the readings take on a busy machine.
    before, during, after = clock_seconds(first), clock_seconds(second), clock_seconds(first)
    assert after - 1 <= during <= before + 1 and before <= 7 * 60


def test_where_do_i_sit_shows_the_new_table_after_a_round_closes(browser, live_server, app):
    event_id = setup_event(app, NAMES[:9], tables=3)
    start_round(app, event_id)
    bottom = seated(app, event_id, 1)
    winner = sorted(bottom)[0]
    outside: list[str] = []
    page = open_page(browser, PHONE, f"{live_server.url}/s/{tokens(app, event_id)['public']}", outside, live_server.url)
    pick(page, winner)
    assert page.locator("#seat-number").inner_text() == "1"
    record_winner(app, event_id, 1, [winner])
    close_round(app, event_id)
    wait_until(lambda: page.locator("#seat-number").inner_text() == "2", timeout=3.0)
    assert "round 2" in page.locator("#seat-label").inner_text()


@pytest.mark.parametrize("viewport", [PROJECTOR, SMALL_PROJECTOR], ids=["1080p", "720p"])
def test_projector_screens_fit_ten_tables_of_six_in_every_phase(browser, live_server, app, tmp_path, viewport):
    event_id = setup_event(app, NAMES, tables=10)
    links = tokens(app, event_id)
    suffix = "" if viewport is PROJECTOR else "-720"
    folder = shots_dir(tmp_path)
    outside: list[str] = []
    with app.app_context():
        event = db.session().get(Event, event_id)
        timer.start(event, "study", timer.now_utc())
        db.session().commit()
    projector = open_page(browser, viewport, f"{live_server.url}/p/{links['projector']}", outside, live_server.url)
    projector.wait_for_selector("text=Study the rules")
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"projector-study{suffix}.png"))

    start_with_countdown(app, event_id)
    for table in (1, 2, 3, 5, 8):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[0], names[3], names[0]])
    projector.wait_for_selector("text=Round 1")
    projector.wait_for_selector(".card.reported >> nth=4")
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"projector-round{suffix}.png"))

    if viewport is PROJECTOR:
        phone = open_page(browser, PHONE, f"{live_server.url}/t/{links[4]}", outside, live_server.url)
        phone.screenshot(path=str(folder / "phone-entry.png"), full_page=True)

    # Every table reports before the close: a table without a game keeps its players, which
    # would crowd its neighbours' table beyond six.
    for table in (4, 6, 7, 9, 10):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[1]])
    close_round(app, event_id)
    projector.wait_for_selector("text=Round 1 results")
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"projector-results{suffix}.png"))
    projector.keyboard.press("ArrowLeft")  # the last slide: standings
    projector.wait_for_selector("#slide-title >> text=Standings")
    projector.screenshot(path=str(folder / f"projector-standings{suffix}.png"))
    for _page in range(12):  # past the results, as many pages as fit the screen
        projector.keyboard.press("ArrowRight")
        if projector.inner_text("#slide-title") == "Round 2 seating":
            break
    projector.wait_for_selector("text=Round 2 seating")
    assert_fits(projector)
    projector.screenshot(path=str(folder / f"projector-next{suffix}.png"))

    if viewport is PROJECTOR:
        player = sorted(seated(app, event_id, 4).values())[0]
        seat = open_page(browser, PHONE, f"{live_server.url}/s/{links['public']}/{player}", outside, live_server.url)
        seat.screenshot(path=str(folder / "where-do-i-sit.png"))
    assert outside == []


def test_an_open_seat_page_says_so_when_its_player_withdraws(app, live_server, page):
    from tournament.models import Player, PlayerStatus
    from tournament.services.midevent import change_status

    event_id = setup_event(app, NAMES[:9], tables=3)
    start_round(app, event_id)
    name, player_id = next(iter(seated(app, event_id, 1).items()))
    page.goto(f"{live_server.url}/s/{tokens(app, event_id)['public']}/{player_id}")
    page.wait_for_selector("#seat-note >> text=updates by itself")
    with app.app_context():
        session = db.session()
        change_status(session, session.get(Event, event_id), session.get(Player, player_id), PlayerStatus.WITHDRAWN)
    page.wait_for_selector(f"#seat-note >> text={name} is not playing in the next round.")
    assert page.inner_text("#seat-number") == "–"


@pytest.mark.parametrize("viewport", [PROJECTOR, SMALL_PROJECTOR], ids=["1080p", "720p"])
def test_projector_move_labels_fit_their_column(browser, live_server, app, tmp_path, viewport):
    from tournament.models import Player, PlayerStatus
    from tournament.services.midevent import change_status

    event_id = setup_event(app, NAMES, tables=10)
    start_round(app, event_id)
    for table in range(1, 11):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[0]])
    leaving = sorted(seated(app, event_id, 10).values())[-1]
    with app.app_context():
        session = db.session()
        change_status(session, session.get(Event, event_id), session.get(Player, leaving), PlayerStatus.WITHDRAWN)
    close_round(app, event_id)
    outside: list[str] = []
    projector = open_page(browser, viewport, f"{live_server.url}/p/{tokens(app, event_id)['projector']}",
                          outside, live_server.url)
    projector.wait_for_selector("text=Round 1 results")
    labels: list[str] = []
    # The results take as many pages as fit the screen; the arrow key turns them.
    while projector.inner_text("#slide-title") == "Round 1 results":
        labels += projector.locator(".results .move").all_inner_texts()
        projector.screenshot(path=str(tmp_path / f"moves-{len(labels)}.png"))
        assert_fits(projector)
        projector.keyboard.press("ArrowRight")
    assert "○ out" in labels and "▲ 10" in labels
