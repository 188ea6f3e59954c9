"""Player and event names with markup never run as script on any page, in real Chromium: every
organiser, print and room page, the projector, a table's phone and 'where do I sit', after a
round closed on ties (so results and tie texts carry the names) and while the next one runs.
Checked once as served (with the Content-Security-Policy) and once with the policy bypassed, so
that the escaping itself is tested, not only the policy behind it. No request leaves the laptop."""

from __future__ import annotations

import re
import time

import pytest

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.models import Event, Organiser
from tournament.services import accounts

pytestmark = pytest.mark.browser

PAYLOADS = ["<img src=x onerror=window.__xss=1>", "</script><script>window.__xss=1</script>",
            '"><svg onload=window.__xss=1>', "'><svg onload=alert(1)>"]
NAMES = [*PAYLOADS, "Ana", "Bea", "Cy", "Dee"]
EVENT_NAME = '<img src=x onerror=window.__xss=1>"><svg onload=window.__xss=1>'
DOWNLOADS = {"organiser.export_json", "organiser.export_json_gz", "organiser.games_csv", "organiser.moves_csv",
             "organiser.debrief_csv", "organiser.research_zip"}
SKIP = DOWNLOADS | {"static", "organiser.health", "organiser.setup", "organiser.login", "organiser.import_event"}


def _organiser_urls(app, event_id: int, round_number: int, player_id: int, account_id: int) -> list[str]:
    values = {"event_id": event_id, "number": round_number, "table_number": 1, "player_id": player_id,
              "account_id": account_id, "game": 1}
    urls = []
    for rule in app.url_map.iter_rules():
        if ("GET" not in rule.methods or rule.endpoint in SKIP
                or rule.endpoint.split(".")[0] not in {"organiser", "print", "room"}):
            continue
        urls.append(re.sub(r"<(?:[^:>]+:)?([a-z_]+)>", lambda m: str(values[m[1]]), rule.rule))
    return urls


def _visit_all(browser, base: str, cookie: str, urls: list[str], bypass_csp: bool) -> None:
    context = browser.new_context(bypass_csp=bypass_csp, viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "session", "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    dialogs, outside, errors, shown = [], [], [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("request", lambda request: None if request.url.startswith((base, "data:")) else outside.append(request.url))
    try:
        for url in urls:
            response = page.goto(base + url, wait_until="load")
            assert response is not None and response.status < 500, (url, response and response.status)
            if "/p/" in url or "/s/" in url:
                time.sleep(0.3)  # the projector and seat pages render the polled feed by script
            assert page.evaluate("() => window.__xss") is None, f"script ran on {url}"
            if page.url.startswith(base + "/login"):
                errors.append(url)
            if url.endswith("/rounds/1/results"):
                shown.append(page.inner_text("main"))
    finally:
        context.close()
    assert dialogs == [], dialogs
    assert outside == [], outside
    assert errors == [], f"sent to the login page: {errors}"
    assert shown and all(name in shown[0] for name in PAYLOADS), "the names show as text in the results"
    assert "alphabetical order" in shown[0]


def test_names_with_markup_never_run_as_script_on_any_page(app, live_server, browser):
    base = live_server.url
    event_id = setup_event(app, NAMES, tables=2, name=EVENT_NAME)
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "correct horse")
        organiser_id = db.session().query(Organiser).one().id
        colleague = accounts.add_organiser(db.session(), PAYLOADS[2], "correct horse").id
        event = db.session().get(Event, event_id)
        marked = next(p.id for p in event.players if p.name == PAYLOADS[0])
    cookie = app.session_interface.get_signing_serializer(app).dumps({"organiser_id": organiser_id})
    links = tokens(app, event_id)
    public = [f"/s/{links['public']}", f"/s/{links['public']}/{marked}",
              *(f"/s/{links['public']}?q={typed}" for typed in ("img", "script", "svg"))]  # names found

    start_round(app, event_id)
    for table in (1, 2):  # one game each: the three others tie on 0, so the tie texts name them
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[-1]])
    close_round(app, event_id)
    closed = [*_organiser_urls(app, event_id, 1, marked, colleague), f"/p/{links['projector']}", *public]

    start_round(app, event_id)
    running = [*_organiser_urls(app, event_id, 2, marked, colleague), f"/p/{links['projector']}", f"/t/{links[1]}",
               f"/t/{links[2]}", *public]
    # Back to the closed round's pages while round 2 runs, then the running round's.
    for bypass_csp in (False, True):
        _visit_all(browser, base, cookie, closed + running, bypass_csp)
