"""Every kind of screen follows a change pushed by the server, with no poll on a timer
(UPDATES_POLL off): the projector, a table's phone and an online player's screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.online_pages import act_for, dealt_table, open_screen, play_once
from tests.online.conftest import claim_all, online_event, start, state
from tests.push.phones import phone_of, send_a_game
from tests.push.screens import open_page, projector, reported_badge, table_phone, updates, wait_for_updates
from tests.room.conftest import close_round, record_winner, seated

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


def test_an_online_player_moved_to_another_table_follows_that_tables_clock(app, live_server, browser):
    app.config["UPDATES_POLL"] = False
    event_id = online_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hana"], 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    mover = sorted(seated(app, event_id, 1))[0]
    for table in (1, 2):  # table 1's winner moves up to table 2
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]] * 3)
    context, page = open_page(browser, f"{live_server.url}/play/{tokens[mover]}")
    try:
        wait_for_updates(page, "push")
        first_stream = page.locator("#play").get_attribute("data-push")
        close_round(app, event_id)
        start(app, event_id)
        assert mover in seated(app, event_id, 2)
        page.wait_for_function("(first) => document.getElementById('play').dataset.push !== first"
                               " && document.documentElement.dataset.updates === 'push'", arg=first_stream)
        key = page.locator("#play").get_attribute("data-key")

        player = next(name for name in seated(app, event_id, 2) if state(app, tokens[name])["game"]["my_turn"])
        act_for(app, tokens[player], action="play", card=state(app, tokens[player])["game"]["playable"][0])
        revision, table, _clock, *_ = key.split(".")
        expect(page.locator("#play")).not_to_have_attribute("data-key", key)
        assert page.locator("#play").get_attribute("data-key").split(".")[:2] == [revision, table]  # the clock moved
    finally:
        context.close()
