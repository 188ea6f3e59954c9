"""Every kind of page, checked by axe-core in Chromium against WCAG 2.1 A and AA: any violation
fails its page's test, naming the rule and the element. A new kind of page is one line in PAGES.

The organiser's pages are seen logged in, at 1280×800; the phones' at 390×844; the wall at
1280×720. Each page is checked as it is once its scripts have drawn it.

The same pages are parsed by the Nu HTML Checker (vnu.jar), both as the server sent them and as
the DOM stands after their scripts: any error fails, naming its message and line."""

from __future__ import annotations

import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.a11y import vnu
from tests.a11y.axe import violations
from tests.a11y.site import build
from tests.conftest import IN_CI, make_app
from tests.print.test_print_pdf import log_in
from tournament import db
from tournament.models import Event
from tournament.services.debrief.steps import DEFAULT_STEPS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("axe")]
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WALL = {"width": 1280, "height": 720}
DEBRIEF_STEPS = len(DEFAULT_STEPS)

# (name, path with {e} {public} {projector} {table1} {table2} {presenter} {player}, event, who reads it)
PAGES = [
    ("events", "/", "played", "organiser"),
    ("event", "/events/{e}", "played", "organiser"),
    ("players", "/events/{e}/players", "played", "organiser"),
    ("player", "/events/{e}/players/{player}", "played", "organiser"),
    ("tables", "/events/{e}/tables", "played", "organiser"),
    ("table-rules", "/events/{e}/tables/1/rules", "played", "organiser"),
    ("rounds-running", "/events/{e}/rounds", "running", "organiser"),
    ("table-entry", "/events/{e}/rounds/1/tables/1", "running", "organiser"),
    ("close-round", "/events/{e}/rounds/1/close", "running", "organiser"),
    ("round-board", "/events/{e}/rounds/1", "running", "organiser"),
    ("settle-game", "/events/{e}/rounds/1/tables/2/games/2/settle", "running", "organiser"),
    ("end-tournament", "/events/{e}/end", "running", "organiser"),
    ("round-results", "/events/{e}/rounds/1/results", "played", "organiser"),
    ("round-seats", "/events/{e}/rounds/4/seats", "played", "organiser"),
    ("reopen-round", "/events/{e}/rounds/3/reopen", "played", "organiser"),
    ("tournament-over", "/events/{e}/rounds/2/results", "over", "organiser"),
    ("one-more-round", "/events/{e}/one-more-round", "over", "organiser"),
    ("scorer-organiser", "/events/{e}/rounds/1/tables/1/games/1/score", "scored", "organiser"),
    ("standings", "/events/{e}/standings", "played", "organiser"),
    ("settings", "/events/{e}/settings", "played", "organiser"),
    ("room", "/events/{e}/room", "running", "organiser"),
    ("table-links", "/events/{e}/room/tables", "running", "organiser"),
    ("online", "/events/{e}/online", "running", "organiser"),
    ("debrief", "/events/{e}/debrief", "played", "organiser"),
    ("audit", "/events/{e}/audit", "played", "organiser"),
    ("backups", "/events/{e}/backups", "played", "organiser"),
    ("duplicate", "/events/{e}/duplicate", "played", "organiser"),
    ("research", "/events/{e}/research", "played", "organiser"),
    ("delete", "/events/{e}/delete", "played", "organiser"),
    ("import", "/events/import", "played", "organiser"),
    ("accounts", "/accounts", "played", "organiser"),
    ("own-account", "/account", "played", "organiser"),
    ("notice", "/notice", "played", "organiser"),
    ("print-index", "/events/{e}/print", "played", "organiser"),
    ("print-sheets", "/events/{e}/print/sheets", "played", "organiser"),
    ("print-guide", "/events/{e}/print/guide", "played", "organiser"),
    ("print-signs", "/events/{e}/print/signs", "played", "organiser"),
    ("print-slips", "/events/{e}/print/slips", "running", "organiser"),
    ("print-all", "/events/{e}/print/all", "running", "organiser"),
    ("print-personal-links", "/events/{e}/print/personal-links", "running", "organiser"),
    ("print-debrief", "/events/{e}/print/debrief", "played", "organiser"),
    ("wall-round", "/p/{projector}", "running", "wall"),
    ("wall-after-close", "/p/{projector}", "played", "wall"),
    ("wall-over", "/p/{projector}", "over", "wall"),
    ("wall-presenter", "{presenter}", "running", "wall"),
    *[(f"wall-debrief-step-{n}", "/p/{projector}", "over", f"wall-debrief-{n}") for n in range(1, DEBRIEF_STEPS + 1)],
    ("phone-entry", "/t/{table1}", "running", "phone"),
    ("phone-agree", "/t/{table2}", "running", "phone"),
    ("phone-scorer", "/t/{table1}/games/1/score", "scored", "phone"),
    ("phone-note", "/t/{table1}/note", "running", "phone"),
    ("phone-waiting", "/t/{table1}", "played", "phone"),
    ("phone-over", "/t/{table1}", "over", "phone"),
    ("where-do-i-sit", "/s/{public}", "running", "phone"),
    ("my-seat", "/s/{public}/{player}", "running", "phone"),
    ("online-join", "/s/{public}/play", "running", "phone"),
    ("where-do-i-sit-matches", "/s/{public}?q=al", "running", "phone"),
    ("where-do-i-sit-one-letter", "/s/{public}?q=a", "running", "phone"),
    ("online-join-no-match", "/s/{public}/play?q=zz", "running", "phone"),
    ("login", "/login", "played", "anyone"),
    ("setup", "/setup", "played", "fresh"),
    ("not-found", "/events/999999", "played", "organiser"),
    ("bad-link", "/t/not-a-real-link-at-all", "played", "phone"),
]


@pytest.fixture(scope="module")
def served(browser):
    """The site, served on a loopback port by the app's own server, and Chromium's pages for
    each reader (the `browser` fixture: missing Chromium fails under CI=true)."""
    import threading

    from tournament import serving

    app = make_app(Path(tempfile.mkdtemp(prefix="a11y-")))
    site = build(app)
    fresh = make_app(Path(tempfile.mkdtemp(prefix="a11y-fresh-")))  # no account yet: the setup page
    servers = []
    for each in (app, fresh):
        each.config["WTF_CSRF_ENABLED"] = True
        server = serving.create_server(each, host="127.0.0.1", port=0, threads=8)
        threading.Thread(target=server.run, daemon=True).start()
        servers.append(server)
    base, fresh_base = (f"http://127.0.0.1:{server.effective_port}" for server in servers)
    organiser = browser.new_context(viewport=LAPTOP)
    log_in(organiser.new_page(), base)
    contexts = {"organiser": organiser, "anyone": browser.new_context(viewport=LAPTOP),
                "phone": browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True), "wall": organiser}
    yield {"base": base, "fresh": fresh_base, "app": app, "site": site, "contexts": contexts}
    for context in (organiser, contexts["anyone"], contexts["phone"]):
        context.close()
    for server in servers:
        server.task_dispatcher.shutdown()
        server.close()


def _show_debrief_step(app, event_id: int, step: int) -> None:
    """The wall at a step of the debrief, its rules revealed (what the organiser's page does)."""
    with app.app_context():
        event = db.session().get(Event, event_id)
        event.debrief_step = step
        event.debrief_revealed_at = event.debrief_revealed_at or datetime.now(UTC)
        db.session().commit()


def _open(served, path: str, event: str, reader: str):
    """A new page of the reader's context at the page kind, once its scripts have drawn it; and
    the HTML the server sent for it."""
    site, contexts = served["site"], served["contexts"]
    event_id = getattr(site, event)
    base = served["fresh"] if reader == "fresh" else served["base"]
    if reader.startswith("wall-debrief-"):
        _show_debrief_step(served["app"], event_id, int(reader.rsplit("-", 1)[1]))
        reader = "wall"
    page = contexts["anyone" if reader == "fresh" else reader].new_page()
    try:
        if reader == "wall":
            page.set_viewport_size(WALL)
        response = page.goto(base + site.path(path, event_id))
        if reader == "wall":  # it polls for ever: wait until its first slide is drawn
            page.locator("#slide-title").filter(has_text=re.compile(r"\S")).wait_for()
        else:
            page.wait_for_load_state("networkidle")
        return page, response.text()
    except BaseException:
        page.close()
        raise


@pytest.mark.parametrize(("name", "path", "event", "reader"), PAGES, ids=[page[0] for page in PAGES])
def test_the_page_has_no_wcag_2_1_aa_violation(served, name, path, event, reader):
    page, _ = _open(served, path, event, reader)
    try:
        assert violations(page) == []
    finally:
        page.close()


@pytest.fixture(scope="module")
def html_checker():
    """One Nu HTML Checker for every page. Missing Java or vnu.jar: skip locally, fail under CI=true."""
    why = vnu.missing()
    if why:
        if IN_CI:
            pytest.fail(why)
        pytest.skip(why)
    checker = vnu.Checker()
    yield checker
    checker.stop()


# What the validator lets pass but a screen reader's list of headings and its table reading trip on.
OUTLINE = """() => {
  const found = [];
  let last = 0;
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Number(heading.tagName[1]);
    if (level > last + 1) found.push(`h${last} then h${level}: “${heading.textContent.trim()}”`);
    last = level;
  }
  for (const cell of document.querySelectorAll('th')) {
    if (!cell.textContent.trim() && !cell.getAttribute('aria-label')) {
      found.push(`an empty <th> in “${cell.closest('table').className}”`);
    }
  }
  return found;
}"""


@pytest.mark.parametrize(("name", "path", "event", "reader"), PAGES, ids=[page[0] for page in PAGES])
def test_the_page_is_valid_html_with_no_skipped_heading_or_empty_header_cell(served, html_checker, name, path, event,
                                                                             reader):
    page, sent = _open(served, path, event, reader)
    try:
        drawn = page.content()
        errors = page.evaluate(OUTLINE)
    finally:
        page.close()
    errors += [f"as sent, {error}" for error in html_checker.errors(sent)]
    errors += [f"after its scripts, {error}" for error in html_checker.errors(drawn)]
    assert not errors, "\n".join(errors)


def test_the_html_check_names_each_error_and_its_line(html_checker):
    """The check can fail: an empty maxlength and a form inside a paragraph are refused, by line."""
    found = html_checker.errors('<!DOCTYPE html>\n<html lang="en"><head><title>Doctored</title></head>\n'
                                '<body><p><form></form></p>\n<input maxlength=""></body></html>')
    assert any(error.startswith("line 3: No “p” element in scope") for error in found)
    assert any(error.startswith("line 4: Bad value “” for attribute “maxlength”") for error in found)


def test_a_doctored_page_with_faint_text_fails_the_check(served):
    """The check can fail: grey text on white (2.3:1) is a contrast violation, named as such."""
    page = served["contexts"]["anyone"].new_page()
    try:
        page.set_content('<html lang="en"><head><title>Doctored</title></head><body><main>'
                         '<p style="color:#aaa;background:#fff">Faint words nobody at the back reads</p>'
                         '</main></body></html>')
        found = violations(page)
        assert found and found[0].startswith("color-contrast (serious): p")
    finally:
        page.close()
