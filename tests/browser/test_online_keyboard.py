"""The online screen with the keyboard alone: Tab reaches every control with a visible focus ring
(3:1 against white), Enter plays a card and the focus stays in the deal, Space points at a
trick's card, Enter sends a gesture."""

from __future__ import annotations

import pytest

from tests.browser.online_pages import dealt_table, open_screen, play_once
from tests.online.conftest import state

pytestmark = pytest.mark.browser

# The focused element: what it is, and whether its focus ring shows at 3:1 or more on white.
FOCUSED = """() => {
  const element = document.activeElement;
  const style = getComputedStyle(element);
  const luminance = (colour) => {  // any CSS colour, read back as sRGB bytes from a canvas
    const context = document.createElement("canvas").getContext("2d");
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).slice(0, 3).map((v) => {
      v = v / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
  const contrast = ring ? 1.05 / (luminance(style.outlineColor) + 0.05) : 0;
  return { id: element.id, action: element.getAttribute("data-action") || "", inScreen: !!element.closest("#screen"),
           card: element.getAttribute("data-card") || "", index: element.getAttribute("data-index") || "",
           ring: ring, contrast: contrast, tag: element.tagName };
}"""

CONTROLS = """() => Array.from(document.querySelectorAll("#play button, #play input, #play summary"))
  .filter((element) => !element.disabled && element.offsetParent !== null)
  .filter((element) => element.type !== "radio" || element.checked).length"""  # Tab stops once on a radio group


def _tab_to(page, wanted, limit: int = 120) -> dict:
    """Press Tab until `wanted(focused)`; every control passed on the way shows its focus ring."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["inScreen"] and focused["tag"] == "BUTTON":
            assert focused["ring"] and focused["contrast"] >= 3, focused
        if wanted(focused):
            return focused
    raise AssertionError("not reached with Tab")


def test_a_keyboard_plays_a_card_points_at_the_trick_and_sends_a_gesture(app, live_server, browser):
    tokens = dealt_table(app)
    for _ in range(3):  # Ana deals: Ben, Cleo and Dan play before her
        play_once(app, tokens)
    assert state(app, tokens["Ana"])["game"]["my_turn"]
    context, page = open_screen(browser, live_server, tokens["Ana"])
    try:
        page.wait_for_selector(".hand.live")
        # Every control of the page is reached by Tab, once round the whole page.
        reached, seen = set(), 0
        enabled = page.evaluate(CONTROLS)
        for _ in range(120):
            page.keyboard.press("Tab")
            reached.add(page.evaluate("() => document.activeElement.outerHTML"))
            seen = len([html for html in reached if html.startswith(("<button", "<input", "<summary"))])
            if seen >= enabled:
                break
        assert seen >= enabled

        page.locator("body").focus()
        card = _tab_to(page, lambda f: f["action"] == "play")
        page.keyboard.press("Enter")
        page.wait_for_selector(".stage-point")
        assert page.locator(f'.hand [data-card="{card["card"]}"]').count() == 0
        after = page.evaluate(FOCUSED)
        assert after["inScreen"] and after["id"] == "deal-status"  # not lost to the top of the page

        _tab_to(page, lambda f: f["action"] == "point" and f["index"] == "1")
        page.keyboard.press("Space")
        page.wait_for_selector('.played-button[data-index="1"][aria-pressed="true"]')
        assert page.evaluate(FOCUSED)["index"] == "1"  # the focus stays on the card pointed at

        _tab_to(page, lambda f: f["action"] == "gesture")
        page.keyboard.press("Enter")
        page.wait_for_selector(".message-gesture")
    finally:
        context.close()
