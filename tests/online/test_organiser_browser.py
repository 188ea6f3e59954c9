"""The organiser's online page in real Chromium on the threaded server: it follows play by
itself (no reload), its buttons work with CSRF on, and the page's policy blocks nothing it uses."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.online.conftest import claim_all, nonce, online_event, start, state, tokens_at
from tournament import db
from tournament.models import Event, OnlineClaim
from tournament.services import accounts
from tournament.services.online import actions, claims
from tournament.services.timer import now_utc

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]


def _play(app, token: str) -> str:
    """The player whose token it is plays their first playable card, through the service."""
    code = state(app, token)["game"]["playable"][0]
    with app.app_context():
        session = db.session()
        actions.act(session, claims.claim_by_token(session, token), {"action": "play", "card": code, "nonce": nonce()},
                    now_utc())
    return code


def _login(app, page, url: str) -> None:
    with app.app_context():
        accounts.set_organiser(db.session(), "teacher", "classroom1")
    page.goto(url + "/login")
    page.fill("input[name=username]", "teacher")
    page.fill("input[name=password]", "classroom1")
    page.click("button[type=submit]")


def test_the_online_page_shows_a_played_card_by_itself_and_its_buttons_work(app, live_server, page):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
    _login(app, page, live_server.url)
    page.goto(f"{live_server.url}/events/{event_id}/online")
    table_1 = page.locator('[data-table="1"]')
    assert table_1.locator(".online-card").count() == 0
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    _play(app, turn)
    table_1.locator(".online-card").first.wait_for(timeout=8000)  # the feed swapped the table in
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload
    # The swapped-in buttons carry their token: releasing a name works from the fresh fragment.
    name = next(n for n, t in tokens.items() if t == at[0])
    table_1.get_by_role("row").filter(has_text=name).get_by_role("link", name="Release").click()
    page.get_by_role("button", name="Release the name").click()
    page.get_by_text(f"{name}'s name is free again").wait_for()
    with app.app_context():
        player_ids = {c.player_id for c in db.session().scalars(select(OnlineClaim))}
        assert len(player_ids) == len(NAMES) - 1
        assert db.session().get(Event, event_id) is not None
    assert not [text for text in refused if "Content Security Policy" in text], refused
