"""Every kind of screen follows a change pushed by the server, with no poll on a timer
(UPDATES_POLL off): the projector, a table's phone and an online player's screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.online_pages import dealt_table, open_screen, play_once
from tests.push.phones import phone_of, send_a_game
from tests.push.screens import projector, reported_badge, table_phone, updates, wait_for_updates

pytestmark = pytest.mark.browser


def test_pushed_change_reaches_projector_phone_and_online_screen_without_polling(app, live_server, browser, running):
    app.config["UPDATES_POLL"] = False
    tokens = dealt_table(app)  # a second event: one online table of four, a deal on
    opened = [projector(browser, live_server.url, app, running), table_phone(browser, live_server.url, app, running, 1),
              open_screen(browser, live_server, tokens["Ana"])]
    (_, wall), (_, phone), (_, screen) = opened
    try:
        for page in (wall, phone, screen):
            wait_for_updates(page, "push")
            assert page.evaluate("() => document.documentElement.dataset.poll") == "off"
        expect(reported_badge(wall, 1)).to_have_text("waiting")
        expect(phone.locator(".agree")).to_have_count(0)

        send_a_game(live_server.url, phone_of(app, running, 1))  # another phone of table 1
        expect(reported_badge(wall, 1)).to_contain_text("✓")
        expect(phone.locator(".agree")).to_have_count(1)

        key = screen.locator("#play").get_attribute("data-key")
        player, _card = play_once(app, tokens)  # another player of the online table
        if player == "Ana":
            player, _card = play_once(app, tokens)
        expect(screen.locator("#play")).not_to_have_attribute("data-key", key)
        expect(screen.locator("#play-announce")).to_contain_text(player)

        assert [updates(page) for page in (wall, phone, screen)] == ["push", "push", "push"]
    finally:
        for context, _page in opened:
            context.close()
