"""Where a stream cannot be held, screens poll as before, and come back to the stream on their own
after it was cut (a laptop's lid closed and opened, a phone asleep)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.push.buffering_proxy import BufferingProxy
from tests.push.phones import phone_of, send_a_game
from tests.push.screens import projector, reported_badge, table_phone, updates, wait_for_updates

pytestmark = pytest.mark.browser

# Every value the page's state takes from now on, in order.
WATCH_STATE = """() => {
  window.states = [];
  new MutationObserver(() => { window.states.push(document.documentElement.dataset.updates); })
    .observe(document.documentElement, { attributes: true, attributeFilter: ["data-updates"] });
}"""


def test_behind_a_buffering_proxy_the_page_falls_back_to_polling(app, live_server, browser, running):
    proxy = BufferingProxy(live_server.effective_port)
    context, wall = projector(browser, proxy.url, app, running)
    try:
        expect(reported_badge(wall, 1)).to_have_text("waiting")
        # The stream's first bytes never came: the page gave up on it and polls.
        assert proxy.stream_abandoned.wait(timeout=30)
        assert updates(wall) == "poll"

        send_a_game(live_server.url, phone_of(app, running, 1))
        expect(reported_badge(wall, 1)).to_contain_text("✓")
        assert updates(wall) == "poll"
    finally:
        context.close()
        proxy.close()


def test_a_screen_resubscribes_after_its_stream_is_cut(app, live_server, browser, running):
    app.config["UPDATES_POLL"] = False  # what shows can only come through a stream
    opened = [projector(browser, live_server.url, app, running), table_phone(browser, live_server.url, app, running, 1)]
    (_, wall), (_, phone) = opened
    try:
        for page in (wall, phone):
            wait_for_updates(page, "push")
            page.evaluate(WATCH_STATE)

        app.extensions["push"].close()  # every stream cut, as when the laptop's lid closes
        send_a_game(live_server.url, phone_of(app, running, 1))  # while no stream is live

        expect(reported_badge(wall, 1)).to_contain_text("✓")
        expect(phone.locator(".agree")).to_have_count(1)
        for page in (wall, phone):
            wait_for_updates(page, "push")
            assert "poll" in page.evaluate("() => window.states")  # it noticed the cut, without a reload
    finally:
        for context, _page in opened:
            context.close()

