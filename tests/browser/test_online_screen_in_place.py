"""The online screen is updated in place: a new poll key (the presence interval moving, a seat
going away, a card played) changes only what differs, so the focused control and a screen
reader's place stay; a polite live region outside the screen reads out what happened."""

from __future__ import annotations

import re

import pytest

from tests.browser.online_pages import act_for, dealt_table, open_screen, play_once
from tournament.services.online import claims

pytestmark = pytest.mark.browser

# Marks the screen's parts as they are now and counts the key changes the page takes in.
MARK = """() => {
  window.marked = {
    screen: document.querySelector("#screen > .screen"),
    deal: document.querySelector("#screen .deal"),
    chairs: Array.from(document.querySelectorAll("#screen .chair")),
    hand: Array.from(document.querySelectorAll("#screen .hand li")),
    focused: document.activeElement,
  };
  window.keyChanges = 0;
  new MutationObserver(() => { window.keyChanges += 1; })
    .observe(document.getElementById("play"), { attributes: true, attributeFilter: ["data-key"] });
}"""

STILL_THERE = """() => {
  const m = window.marked;
  const parts = [m.screen, m.deal, ...m.chairs, ...m.hand];
  return { lost: parts.filter((node) => !node.isConnected).length,
           focusKept: document.activeElement === m.focused };
}"""


def test_an_idle_deal_keeps_every_node_and_the_focus_while_the_poll_key_moves(app, live_server, browser):
    app.config["ONLINE_AWAY_BUCKET_SECONDS"] = 0.5  # the key moves twice a second instead of every 15 s
    tokens = dealt_table(app)
    context, page = open_screen(browser, live_server, tokens["Ana"])
    try:
        page.locator('[data-gesture]').first.focus()
        page.evaluate(MARK)
        page.wait_for_function("() => window.keyChanges >= 4")  # four new screens came while nobody acted
        assert page.evaluate(STILL_THERE) == {"lost": 0, "focusKept": True}
    finally:
        context.close()


def test_a_player_going_away_changes_only_their_seat(app, live_server, browser, monkeypatch):
    monkeypatch.setattr(claims, "AWAY_AFTER", 1)
    app.config["ONLINE_AWAY_BUCKET_SECONDS"] = 0.5
    tokens = dealt_table(app)
    opened = [open_screen(browser, live_server, tokens[name]) for name in ("Ana", "Ben")]
    (ana_context, ana), (ben_context, _ben) = opened
    try:
        ben_seat = ana.locator(".chair", has_text="Ben")
        ben_seat.locator(".badge.away").wait_for(state="detached")  # Ben's screen polls: he is here
        ana.locator('[data-gesture]').first.focus()
        ana.evaluate(MARK)
        ben_context.close()
        ben_seat.locator(".badge.away").wait_for()
        assert ana.evaluate(STILL_THERE) == {"lost": 0, "focusKept": True}
    finally:
        ana_context.close()


def test_a_card_played_joins_the_trick_in_place_and_is_read_out_as_is_who_takes_the_trick(app, live_server, browser):
    tokens = dealt_table(app)
    context, page = open_screen(browser, live_server, tokens["Ana"])
    try:
        said = page.locator("#play-announce")
        assert said.get_attribute("aria-live") == "polite" and page.locator("#screen #play-announce").count() == 0
        page.evaluate(MARK)
        name, _card = play_once(app, tokens)
        assert name != "Ana"
        page.wait_for_selector("#screen .trick .played")
        assert page.evaluate(STILL_THERE)["lost"] == 0  # the card joined the trick; nothing else was redrawn
        # A screen reader hears the card in words ("7 of hearts"), never its symbol ("7 black heart suit").
        face = page.locator("#screen .trick .played .card .visually-hidden").first.inner_text()
        assert re.fullmatch(r"(ace|king|queen|jack|\d+) of (hearts|diamonds|clubs|spades)", face)
        page.wait_for_function("() => document.getElementById('play-announce').textContent.includes(' played the ')")
        assert f"{name} played the {face}." in said.inner_text()
        for _ in range(3):
            play_once(app, tokens)
        for token in tokens.values():
            act_for(app, token, action="point", index=0)  # the led card: everyone agrees
        page.wait_for_function("() => document.getElementById('play-announce').textContent.includes('takes the trick')")
        assert f"{name} takes the trick." in said.inner_text()
    finally:
        context.close()
