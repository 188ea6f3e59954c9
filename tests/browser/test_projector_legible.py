"""The projector read from the back of a classroom, in real Chromium: on a 1280x720 projector
(and at 1080p) no text on the wall is smaller than 20 px in the phases a class sees (home tables
with the timer and the QR code, a running round, the results, the next seating, the standings),
the results' columns have headings, and no name is cut off, with 12 tables and 40-letter names.
Screenshots: test-artifacts/projector/<phase>-<size>.png."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import setup_event
from tests.corpus.names import CORPUS
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tests.room.test_room_browser import NAMES, PROJECTOR, SMALL_PROJECTOR, open_page
from tournament import db
from tournament.core.public_names import NamesShown
from tournament.models import Event
from tournament.services import timer
from tournament.services.nicknames import set_names_shown

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "projector"
SMALLEST_PX = 20
LONGEST = CORPUS["longest allowed"][0]  # "Maximiliana Konstantinopoulou-Vandermeer": 40 letters
# Twelve names of 38 to 40 letters, about one per table, among the ordinary ones.
LONG = [LONGEST, "Anneliese-Marie Oyelaran-Whitmore Adeye", "Bartholomew Featherstonehaugh-Smythe IV",
        "Chukwuemeka Vanderbilt-Ashworth Okonkwo", "Dorotheeanna Schwarzenberger-Kuhnhausen",
        "Evangelista Montgomery-Castellano Ruiz", "Fitzwilliam Abernathy-Rutherford Jones",
        "Gwendolynne Zakrzewski-Oyebanji Larsen", "Hildegardis Wojciechowska-Lindqvist Hay",
        "Ioannis-Petros Papadopoulos-Nakamura Li", "Jacquelinette Bouchard-Ferreira Santos",
        "Konstantinos Athanasopoulou-Byrne Walsh"]

# Every visible text node's own font size, with the start of its text to name it.
TEXT_SIZES = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) { continue; }
    const parent = node.parentElement;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const style = getComputedStyle(parent);
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") { continue; }
    found.push([node.textContent.trim().slice(0, 40), parseFloat(style.fontSize)]);
  }
  return found;
}"""
# Boxes that clip (overflow hidden or clip) and hold more than they show, sideways or downwards.
CLIPPED = """() => [...document.querySelectorAll('body *')].filter(box => {
    const style = getComputedStyle(box);
    if (box.clientWidth < 3 || style.display === 'none') { return false; }
    const wide = ['hidden', 'clip'].includes(style.overflowX) && box.scrollWidth > box.clientWidth + 1;
    // Downwards, more than half a line: a glyph may overhang a tight line box.
    const tall = ['hidden', 'clip'].includes(style.overflowY)
                 && box.scrollHeight - box.clientHeight > parseFloat(style.fontSize) / 2;
    return wide || tall || style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1;
  }).map(box => box.tagName.toLowerCase() + [...box.classList].map(c => '.' + c).join('')
                + ' ' + JSON.stringify(box.innerText.trim().slice(0, 50)))"""


def _problems(page, where: str) -> list[str]:
    small = [f"{where}: {text!r} at {size} px" for text, size in page.evaluate(TEXT_SIZES) if size < SMALLEST_PX - 0.05]
    return small + [f"{where}: cuts off {box}" for box in page.evaluate(CLIPPED)]


def _look(page, where: str, size: str) -> list[str]:
    page.wait_for_timeout(100)  # the page's own fitting (fewer tables per page) is synchronous, then paint
    page.screenshot(path=str(SHOTS / f"{where}-{size}.png"))
    return _problems(page, where)


def _every_page(page, where: str, size: str, selector: str) -> tuple[list[str], int]:
    """Each page of a phase (the arrow key turns them) until the first comes back."""
    problems: list[str] = []
    first = page.inner_text("#stage")
    count = 0
    while True:
        page.wait_for_selector(selector)
        problems += _look(page, f"{where}-{count + 1}", size)
        count += 1
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(50)
        if page.inner_text("#stage") == first or count > 30:
            return problems, count


@pytest.fixture
def twelve_tables(app):
    names = NAMES[:48] + LONG
    event_id = setup_event(app, names, tables=12)
    with app.app_context():  # the long names in full: the widest the wall has to show
        set_names_shown(db.session(), event_id, NamesShown.FULL)
        event = db.session().get(Event, event_id)
        timer.start(event, "study", timer.now_utc())
        db.session().commit()
    return event_id


@pytest.mark.parametrize("viewport", [SMALL_PROJECTOR, PROJECTOR], ids=["720p", "1080p"])
def test_no_text_on_the_wall_is_below_20_px_and_no_name_is_cut_in_any_phase(browser, live_server, app,
                                                                              twelve_tables, viewport):
    event_id, size = twelve_tables, f"{viewport['width']}x{viewport['height']}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []
    projector = open_page(browser, viewport, f"{live_server.url}/p/{tokens(app, event_id)['projector']}",
                          outside, live_server.url)
    projector.wait_for_selector("#timer:not([hidden])")
    projector.wait_for_selector("#stage .card")
    problems, _ = _every_page(projector, "home", size, "#stage .card")

    start_round(app, event_id)
    reported = (2, 4, 8, 12)
    for table in reported:
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[0], names[3], names[0]])
    projector.wait_for_selector(".card.reported")
    found, _ = _every_page(projector, "round", size, "#stage .card")
    problems += found

    # Ties on games at the other tables: the results explain them in words under the table.
    for table in set(range(1, 13)) - set(reported):
        names = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [names[1], names[2]])
    close_round(app, event_id)
    projector.wait_for_selector(".results")
    headings = projector.locator(".results thead th[scope=col]").all_inner_texts()[:3]
    assert headings == ["Player", "Games", "To table"]
    found, pages = _every_page(projector, "after-close", size, "#stage")
    problems += found
    assert pages >= 3  # results, next seating and standings, each on as many pages as fit
    assert outside == []
    assert not problems, "\n".join(problems)


def test_the_results_headings_speak_the_events_language(browser, live_server, app, twelve_tables):
    with app.app_context():
        db.session().get(Event, twelve_tables).language = "de"
        db.session().commit()
    start_round(app, twelve_tables)
    for table in range(1, 13):
        record_winner(app, twelve_tables, table, [sorted(seated(app, twelve_tables, table))[0]])
    close_round(app, twelve_tables)
    projector = open_page(browser, SMALL_PROJECTOR, f"{live_server.url}/p/{tokens(app, twelve_tables)['projector']}",
                          [], live_server.url)
    projector.wait_for_selector(".results")
    assert projector.locator(".results thead th[scope=col]").all_inner_texts()[:3] == ["Spieler", "Spiele", "An Tisch"]


def test_the_tournament_is_over_view_keeps_20_px_and_whole_names_at_720p(browser, live_server, app, twelve_tables):
    from tournament.services import rounds

    start_round(app, twelve_tables)
    for table in range(1, 13):
        record_winner(app, twelve_tables, table, [sorted(seated(app, twelve_tables, table))[0]])
    with app.app_context():
        rounds.end_now(db.session(), db.session().get(Event, twelve_tables))
    SHOTS.mkdir(parents=True, exist_ok=True)
    projector = open_page(browser, SMALL_PROJECTOR, f"{live_server.url}/p/{tokens(app, twelve_tables)['projector']}",
                          [], live_server.url)
    projector.wait_for_selector(".ended .standings")
    problems, _ = _every_page(projector, "over", "1280x720", ".ended .standings")
    assert not problems, "\n".join(problems)


def test_sixteen_tables_rules_on_the_wall_keep_20_px_at_720p_and_fit(browser, live_server, app):
    from tournament.services import events, players
    from tournament.services import tables as table_service
    from tournament.services.debrief import state

    with app.app_context():
        session = db.session()
        event = events.create_event(session, "16 tables")
        players.add_players(session, event, "\n".join(NAMES[:56] + LONG[:8]))
        table_service.set_table_count(session, event, 16, preset=table_service.MOST_DIFFERENT)  # 16 rule sets
        event_id = event.id
    start_round(app, event_id)
    for table in range(1, 17):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]])
    close_round(app, event_id)
    with app.app_context():
        event = db.session().get(Event, event_id)
        state.show_step(db.session(), event, 4)  # every table's rules
        token = event.projector_token
    SHOTS.mkdir(parents=True, exist_ok=True)
    projector = open_page(browser, SMALL_PROJECTOR, f"{live_server.url}/p/{token}", [], live_server.url)
    projector.wait_for_selector(".debrief-rules-bytable.rows-some tbody tr >> nth=15")
    problems = _look(projector, "rules-16", "1280x720")
    holder = projector.evaluate("(() => { const h = document.querySelector('.debrief-holder');"
                                " return h.scrollHeight - h.clientHeight; })()")
    assert holder <= 1, "the rules table reaches below the wall"
    assert not problems, "\n".join(problems)
