"""Open online players' screens in Chromium and act for players from the test, for the browser
tests of the online screen."""

from __future__ import annotations

from tests.online.conftest import claim_all, nonce, online_event, start, state
from tournament import db
from tournament.services.online import actions, claims
from tournament.services.timer import now_utc

NAMES = ["Ana", "Ben", "Cleo", "Dan"]  # playing order at the table: alphabetical
PHONE = {"width": 390, "height": 844}


def dealt_table(app) -> dict[str, str]:
    """One online table of four in a running round: name -> personal link token."""
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    return tokens


def open_screen(browser, live_server, token: str, viewport=None):
    """A player's screen in a context of its own; returns (context, page) once a deal shows."""
    context = browser.new_context(viewport=viewport or PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/play/{token}")
    page.wait_for_selector("#play .deal")
    return context, page


def act_for(app, token: str, **payload) -> dict:
    """An action of this player, as their device would send it (a POST); the state it leads to."""
    with app.test_request_context(method="POST"):
        session = db.session()
        payload.setdefault("nonce", nonce())
        actions.act(session, claims.claim_by_token(session, token), payload, now_utc())
    return state(app, token)


def play_once(app, tokens: dict[str, str]) -> tuple[str, str]:
    """Whoever's turn it is plays their first playable card: (their name, the card's code)."""
    for name, token in tokens.items():
        game = state(app, token)["game"]
        if game["my_turn"]:
            card = game["playable"][0]
            act_for(app, token, action="play", card=card)
            return name, card
    raise AssertionError("nobody's turn")
