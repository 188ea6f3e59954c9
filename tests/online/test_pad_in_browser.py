"""The drawing pad and the poll's limits in real Chromium on the threaded server: a page that
receives only the strokes drawn since its last answer draws the same pad as a page opened on the
whole pad; a stroke beyond the device's points a minute is refused with the sentence beside the
pad; a poll answered 429 is waited out, quietly, and the screen goes on following the table."""

from __future__ import annotations

import pytest

from tests.online.conftest import claim_all, nonce, online_event, start, tokens_at
from tournament import db
from tournament.services.online import actions, claims
from tournament.services.timer import now_utc

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Ben", "Cleo"]
PHONE = {"width": 390, "height": 844}

# Whether the canvas has ink at (x, y) in the pad's own 0..1000 units.
INK_AT = """([x, y]) => {
  const canvas = document.getElementById("pad-canvas");
  const px = Math.round(x * canvas.width / 1000), py = Math.round(y * canvas.height / 1000);
  return canvas.getContext("2d").getImageData(px, py, 1, 1).data[3] > 0;
}"""
PIXELS = "() => document.getElementById('pad-canvas').toDataURL()"


def _say(app, token: str, **action) -> None:
    """A device's action through the service (the page under test only watches)."""
    with app.app_context():
        session = db.session()
        actions.act(session, claims.claim_by_token(session, token), {**action, "nonce": nonce()}, now_utc())


def _table(app) -> list[str]:
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    return tokens_at(app, event_id, tokens, 1)


def _open(browser, url: str):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    page.wait_for_selector("#play .phase-tournament")
    return context, page


def _line(n: int) -> list[list[int]]:
    """A short horizontal line of its own, from (100n, 100) to (100n + 60, 100)."""
    return [[100 * n + dx, 100] for dx in range(0, 61, 20)]


def test_a_page_adding_the_new_strokes_draws_the_same_pad_as_a_page_opened_on_the_whole_pad(
        app, live_server, browser):
    ana, ben, cleo = _table(app)
    _say(app, ben, action="stroke", points=_line(0), colour="red")
    context, page = _open(browser, f"{live_server.url}/play/{ana}")
    answers = []
    page.on("response", lambda response: answers.append(response) if "/state?" in response.url else None)
    try:
        page.wait_for_function(INK_AT, arg=[30, 100])
        for n, (token, colour) in enumerate([(ben, "blue"), (cleo, "green"), (ben, "ink")], start=1):
            _say(app, token, action="stroke", points=_line(n), colour=colour)
            page.wait_for_function(INK_AT, arg=[100 * n + 30, 100])
        added = [body for body in (a.json() for a in answers if a.status == 200) if body["strokes_since"]]
        assert added and all(len(body["strokes"]) == 1 for body in added)  # only what was new
        whole_context, whole = _open(browser, f"{live_server.url}/play/{ana}")
        assert page.evaluate(PIXELS) == whole.evaluate(PIXELS)
        whole_context.close()

        _say(app, cleo, action="clear")
        _say(app, cleo, action="stroke", points=_line(7), colour="red")
        page.wait_for_function(INK_AT, arg=[730, 100])
        assert not page.evaluate(INK_AT, [30, 100])
        whole_context, whole = _open(browser, f"{live_server.url}/play/{ana}")
        assert page.evaluate(PIXELS) == whole.evaluate(PIXELS)
        whole_context.close()
    finally:
        context.close()


def _draw(page, row: int) -> None:
    """A stroke of ten points across the pad with the mouse, on a row of its own."""
    canvas = page.locator("#pad-canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    y = box["y"] + 15 + row * 25
    page.mouse.move(box["x"] + 20, y)
    page.mouse.down()
    for step in range(1, 10):
        page.mouse.move(box["x"] + 20 + step * 25, y)
    page.mouse.up()


def test_a_stroke_beyond_the_devices_points_a_minute_is_refused_with_the_sentence_beside_the_pad(
        app, live_server, browser):
    app.config["ONLINE_PAD_POINTS_PER_LINK"] = "25 per minute"
    ana, _ben, _cleo = _table(app)
    context, page = _open(browser, f"{live_server.url}/play/{ana}")
    try:
        for row in range(2):
            with page.expect_response(lambda r: "/act?" in r.url) as sent:
                _draw(page, row)
            assert sent.value.status == 200
        with page.expect_response(lambda r: "/act?" in r.url) as refused:
            _draw(page, 2)
        assert refused.value.status == 429
        note = page.locator("#pad-note")
        note.wait_for(state="visible")
        assert note.inner_text() == "You have drawn a lot in the last minute: wait a moment, then draw again."
        assert page.locator("#play-alert").inner_text() == ""
    finally:
        context.close()


# Everything the connection line ever said, kept by the page itself from its first moment.
WATCH_CONNECTION = """
window.__connection = [];
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("play-connection");
  new MutationObserver(() => window.__connection.push(box.textContent)).observe(
    box, {childList: true, characterData: true, subtree: true});
});
"""


def test_a_poll_answered_429_is_waited_out_quietly_and_the_screen_follows_the_table_again(
        app, live_server, browser):
    app.config["ONLINE_POLL_LIMIT_PER_LINK"] = "1 per 2 seconds"
    ana, ben, _cleo = _table(app)
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(WATCH_CONNECTION)
    page = context.new_page()
    page.set_default_timeout(15_000)
    statuses = []
    page.on("response", lambda response: statuses.append(response.status) if "/state?" in response.url else None)
    try:
        page.goto(f"{live_server.url}/play/{ana}")
        page.wait_for_selector("#play .phase-tournament")
        for _ in range(100):  # a screen polls every 400 ms: the limit answers 429 within a second or two
            if 429 in statuses:
                break
            page.wait_for_timeout(100)
        assert 429 in statuses
        _say(app, ben, action="gesture", gesture="yes")
        page.wait_for_selector(".chair-gesture:has-text('👍')")  # the poll resumed by itself
        assert page.evaluate("window.__connection.filter(text => text.trim())") == []
    finally:
        context.close()
