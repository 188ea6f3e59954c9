"""Every language fits the screens in real Chromium: the organiser's round results, a rule sheet,
the projector after a close and a table's phone page, each in each of the seven languages, at the
sizes they are used at, never scroll sideways and never cut a word off in a box that clips; each
says which language it is in (<html lang>). Each audience picks its language by its real means:
the organiser's account, the print page's `?lang=`, the event for the projector, the phone's browser.
Screenshots: test-artifacts/languages/<lang>-<page>-<size>.png."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.room.conftest import played_first_round, start_round, tokens
from tournament import db
from tournament.i18n.languages import LANGUAGES
from tournament.models import Event, Organiser

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "languages"
# Long names: the words around them must still fit.
NAMES = ["Alejandra", "Bartholomew", "Chiamaka", "Dmitri", "Eleanor", "Fitzgerald", "Giulia", "Hiroshi",
         "Ingrid", "Jean-Baptiste", "Kwame", "Ludmila"]
SIZES = {"1920x1080": (1920, 1080), "1280x720": (1280, 720), "390x844": (390, 844)}
WHERE = {"results": ("1920x1080", "1280x720", "390x844"), "sheet": ("1920x1080", "1280x720"),
         "projector": ("1920x1080", "1280x720"), "phone": ("390x844",)}
# Sideways overflow of the page, and of any box in it that clips (overflow hidden or clip): there a
# longer translation is cut off instead of wrapping; downwards, more than half a line (a glyph may
# overhang a tight line box). Boxes narrower than 3 px are screen-reader-only text.
OVERFLOW = """() => {
  const found = [], root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    // Name the innermost box that reaches past the screen's edge, so a failure says what to fix.
    const past = [...document.body.querySelectorAll('*')].filter(
      e => e.getBoundingClientRect().right > root.clientWidth + 0.5 && e.getBoundingClientRect().width > 0);
    const inner = past.filter(e => !past.some(other => other !== e && e.contains(other)));
    const names = inner.slice(0, 3).map(e => e.tagName.toLowerCase() + [...e.classList].map(c => '.' + c).join('')
                                   + ' ' + JSON.stringify((e.innerText || '').trim().slice(0, 30)));
    found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px): ${names.join(', ')}`);
  }
  for (const box of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(box);
    const clipsX = ['hidden', 'clip'].includes(style.overflowX);
    const clipsY = ['hidden', 'clip'].includes(style.overflowY);
    if (box.clientWidth < 3 || style.visibility === 'hidden') continue;
    const wide = clipsX && box.scrollWidth > box.clientWidth + 1;
    const tall = clipsY && box.scrollHeight - box.clientHeight > parseFloat(style.fontSize) / 2;
    if (wide || tall) {
      const name = box.tagName.toLowerCase() + (box.id ? '#' + box.id : '')
                   + [...box.classList].map(c => '.' + c).join('');
      found.push(`${name} cuts off ${JSON.stringify(box.innerText.trim().slice(0, 60))} `
                 + `(${box.scrollWidth}x${box.scrollHeight} in ${box.clientWidth}x${box.clientHeight} px)`);
    }
  }
  return found;
}"""


@pytest.fixture
def room(app, live_server):
    """Round 1 played and closed at three tables (round 2 seated, not started), an organiser account."""
    return played_first_round(app, NAMES)


def _speak(app, event_id: int, *, event: str, organiser: str) -> None:
    """The event's language (projector, sheets) and the organiser's account's."""
    with app.app_context():
        session = db.session()
        session.get(Event, event_id).language = event
        session.query(Organiser).one().language = organiser
        session.commit()


def _screenshot(page, path: Path) -> None:
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.screenshot(path=str(path), full_page=True)
    except PlaywrightError:  # Chromium now and then refuses a capture while the page repaints
        page.wait_for_timeout(200)
        page.screenshot(path=str(path), full_page=True)


def _look(page, what: str, code: str, sizes, ready: str | None = None) -> list[str]:
    """Each size of the loaded page: its screenshot and what does not fit or names another language."""
    problems = []
    for size in sizes:
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        page.reload()
        if ready:
            page.wait_for_selector(ready)
        _screenshot(page, SHOTS / f"{code}-{what}-{size}.png")
        lang = page.evaluate("document.documentElement.lang")
        if lang != code:
            problems.append(f"{what} at {size}: <html lang={lang!r}>")
        problems += [f"{what} at {size}: {found}" for found in page.evaluate(OVERFLOW)]
    return problems


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_audiences_page_fits_every_screen_in_every_language(app, live_server, browser, room, code):
    event_id = room
    # The sheet is asked for in `code` from an event in another language; the projector then follows the event.
    _speak(app, event_id, event="de" if code == "en" else "en", organiser=code)
    links = tokens(app, event_id)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []

    desk = browser.new_context()  # the organiser's laptop: the account's language, whatever the browser's
    try:
        page = desk.new_page()
        page.set_default_timeout(10_000)
        page.goto(live_server.url + "/login")
        page.fill("#username", "teacher")
        page.fill("#password", "correct horse")
        page.click("button[type=submit]")
        page.wait_for_url(lambda url: "/login" not in url)
        page.goto(f"{live_server.url}/events/{event_id}/rounds/1/results")
        problems += _look(page, "results", code, WHERE["results"])
        page.goto(f"{live_server.url}/events/{event_id}/print/sheets?lang={code}")
        problems += _look(page, "sheet", code, WHERE["sheet"])
        _speak(app, event_id, event=code, organiser=code)
        page.goto(f"{live_server.url}/p/{links['projector']}")
        problems += _look(page, "projector", code, WHERE["projector"], ready="#stage .card")
    finally:
        desk.close()

    start_round(app, event_id)
    phone = browser.new_context(locale=code)  # a phone in the language of its browser
    try:
        page = phone.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server.url}/t/{links[1]}")
        problems += _look(page, "phone", code, WHERE["phone"])
    finally:
        phone.close()
    assert not problems, "\n".join(problems)


def test_the_fit_check_finds_a_cut_off_label_a_cut_off_line_and_a_page_that_scrolls_sideways(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content("""<!doctype html><html lang="de"><body style="margin:0">
      <button style="width:80px;white-space:nowrap;overflow:hidden">Ergebnisse übermitteln</button>
      <p style="width:200px;height:1.2em;overflow:hidden;font-size:16px">Die Spielleitung schließt die Runde,
        sobald alle Tische ihre Ergebnisse gemeldet haben.</p>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden">Nur für Bildschirmleser</span>
      <h1 style="font-size:40px;line-height:1;overflow:hidden;margin:0">Rangliste</h1>
      <div style="width:500px">Tisch 1</div></body></html>""")
    found = page.evaluate(OVERFLOW)
    assert [problem.split(" (")[0].split(" cuts off ")[0] for problem in found] == [
        "the page scrolls sideways", "button", "p"], found
    assert 'button cuts off "Ergebnisse übermitteln"' in found[1]
