"""Online play in real Chromium: players claim their names on the event's link, study, practise,
play a whole deal by tapping cards (one trick disputed and settled by changing a pointing), and
the game is recorded; then a round closes mid-deal at two tables and every screen shows the
move `services.outcome` gives that player."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, start, state, tokens_at
from tests.online.joining import join_as, search
from tests.room.conftest import close_round
from tournament import db
from tournament.models import Event, Game, GameResult, Player
from tournament.services import timer
from tournament.services.round_data import load_round
from tournament.services.unit_of_work import event_change

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
NAMES = ["Ana", "Ben", "Cleo", "Dan"]  # playing order at the table: alphabetical


def shot(page, name: str, full: bool = False) -> None:
    """A screenshot for the README, of a screen that must fit its width (no sideways scrolling)."""
    SHOTS.mkdir(exist_ok=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), f"{name} is too wide"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"online-{name}.png"), full_page=full)


def _timer(app, event_id: int, phase: str) -> None:
    with app.app_context():
        session = db.session()
        with event_change(session, event_id) as change:  # the screens follow the revision
            timer.start(change.event, phase, timer.now_utc())


def _public(app, event_id: int) -> str:
    with app.app_context():
        return db.session().get(Event, event_id).public_token


def _whose_turn(pages: dict, limit: float = 8.0):
    """The page whose hand is tappable now (every other page shows it is not their turn)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for name, page in pages.items():
            if page.locator(".hand.live").count():
                return name, page
        pages[next(iter(pages))].wait_for_timeout(100)
    raise AssertionError("nobody's turn")


def _play_card(pages: dict) -> str:
    name, page = _whose_turn(pages)
    page.locator(".hand.live .card-button:enabled").first.click()
    page.wait_for_selector(".hand.live", state="detached")
    return name


def _point(page, index: int) -> None:
    page.locator(f'.played-button[data-index="{index}"]').click()
    page.wait_for_selector(f'.played-button[data-index="{index}"][aria-pressed="true"], .stage-play, .stage-over')


INK = """() => {
  const canvas = document.getElementById("pad-canvas");
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 3; i < data.length; i += 4) { if (data[i]) { return true; } }
  return false;
}"""


def _draw(page) -> None:
    box = page.locator("#pad-canvas").bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 20)
    page.mouse.down()
    for step in range(1, 10):
        page.mouse.move(box["x"] + 20 + step * 15, box["y"] + 20 + step * 8)
    page.mouse.up()


def _play_trick(pages: dict, disputed: bool = False) -> None:
    for played in range(len(pages)):
        if disputed and played == 3:  # Ben led: Ana (the dealer) plays last
            pages["Ana"].wait_for_selector(".hand.live")
            shot(pages["Ana"], "phone-hand")
        _play_card(pages)
    for page in pages.values():
        page.wait_for_selector(".stage-point, .stage-dispute")
    if not disputed:
        for page in pages.values():
            _point(page, 0)
        return
    # Ana says the led card took it, everyone else the second: a dispute, shown to all.
    first = list(pages)
    _point(pages[first[0]], 0)
    for name in first[1:]:
        _point(pages[name], 1)
    for page in pages.values():
        page.wait_for_selector(".stage-dispute")
    votes = pages["Ben"].locator(".votes").all_inner_texts()
    assert "Ana" in votes[0] and "Ben" in votes[1] and "Cleo" in votes[1]
    shot(pages["Ben"], "dispute")
    _point(pages["Ana"], 1)  # Ana changes her pointing: everyone agrees


def test_four_players_study_practise_and_play_a_recorded_deal_online(app, live_server, browser):
    event_id = online_event(app, NAMES, 1)
    contexts, pages = [], {}
    try:
        for name in NAMES:
            context = browser.new_context(viewport=LAPTOP if name == "Dan" else PHONE)
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.goto(f"{live_server.url}/s/{_public(app, event_id)}/play")
            join_as(page, name)
            page.wait_for_selector("#play .phase-waiting")
            pages[name] = page
        # A second device cannot take a name already playing.
        stranger = contexts[0].new_page()
        stranger.goto(f"{live_server.url}/s/{_public(app, event_id)}/play")
        search(stranger, "Ben")
        assert stranger.get_by_role("button", name="Ben", exact=True).count() == 0
        assert "already playing" in stranger.locator("#names").inner_text()
        assert "Continue as Ana" in stranger.locator("main").inner_text()  # the device remembers its name
        shot(stranger, "claim")
        stranger.close()

        # The network drops: the screen says so, and recovers by itself when it is back.
        ana = pages["Ana"]
        ana.route("**/state?*", lambda route: route.abort())
        ana.route("**/push/**", lambda route: route.abort())
        app.extensions["push"].close()  # its live stream goes with the network
        ana.wait_for_selector("#play-connection:not(:empty)")
        ana.unroute("**/state?*")
        ana.unroute("**/push/**")
        ana.wait_for_selector("#play-connection:empty", state="attached", timeout=15_000)

        _timer(app, event_id, "study")
        for page in pages.values():
            page.wait_for_selector(".phase-study .rule-sheet")
        _timer(app, event_id, "practice")
        for page in pages.values():
            page.wait_for_selector(".phase-practice .deal")
        pages["Ana"].fill("#chat-text", "Which card wins?")
        pages["Ana"].get_by_role("button", name="Send").click()
        for name in ("Ben", "Cleo", "Dan"):
            pages[name].wait_for_selector(".message-text:has-text('Which card wins?')")
        # A gesture whose first sending is lost is sent again under the same nonce: shown once.
        sent = []
        cleo = pages["Cleo"]
        cleo.on("request", lambda request: sent.append(request.post_data_json)
                if request.method == "POST" and "/act?" in request.url else None)
        cleo.route("**/act?*", lambda route: route.abort(), times=1)
        cleo.locator('[data-gesture="clap"]').click()
        cleo.wait_for_selector("#play-alert:not(:empty)")
        cleo.locator('[data-gesture="clap"]').click()
        pages["Ben"].wait_for_selector(".message:has-text('👏')")
        assert len(sent) == 2 and sent[0]["nonce"] == sent[1]["nonce"]
        _play_card(pages)  # a practice card, seen by the others
        for page in pages.values():
            page.wait_for_selector(".trick .played")

        start(app, event_id)
        for page in pages.values():
            page.wait_for_selector(".phase-tournament .deal")
            assert page.locator(".rule-sheet").count() == 0 and page.locator("#chat").is_hidden()
            assert page.locator("#pad").is_visible()
        assert pages["Ana"].locator(".hand .card-button").count() == 7
        pages["Ben"].locator('[data-gesture="yes"]').click()
        pages["Ana"].wait_for_selector(".chair-gesture:has-text('👍')")
        _draw(pages["Cleo"])  # a line on the pad, seen at the table, then cleared by another
        pages["Dan"].wait_for_function(INK)
        pages["Ana"].locator("#pad .pad-clear").click()
        pages["Dan"].wait_for_function(f"() => !({INK})()")
        _draw(pages["Dan"])
        shot(pages["Dan"], "laptop")

        _play_trick(pages, disputed=True)
        for _ in range(6):
            _play_trick(pages)
        for page in pages.values():
            page.wait_for_selector(".deal-winner")
        shown = pages["Cleo"].locator(".deal-winner").inner_text()
        with app.app_context():
            session = db.session()
            games = list(session.scalars(select(Game)))
            assert len(games) == 1
            results = session.execute(select(Player.name, GameResult.score)
                                      .join(Player, Player.id == GameResult.player_id)).all()
            most = max(score for _name, score in results)
            winner = sorted(name for name, score in results if score == most)[0]
            assert sum(score for _name, score in results) == 7
        assert winner in shown
        assert "Recorded as game 1" in pages["Ana"].locator(".deal-over").inner_text()
    finally:
        for context in contexts:
            context.close()


def test_a_round_closed_mid_deal_shows_each_player_their_move_and_next_table(app, live_server, browser):
    names = [*NAMES, "Eve", "Finn", "Gus", "Hana"]
    event_id = online_event(app, names, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    client = app.test_client()
    app.config["WTF_CSRF_ENABLED"] = False  # these cards are sent by the test, not by a page
    try:
        for table in (1, 2):  # a trick at each table, then some cards of the next
            at = tokens_at(app, event_id, tokens, table)
            for _ in range(4 + table):
                now = [state(app, token) for token in at]
                if now[0]["game"]["stage"] in ("point", "dispute"):
                    for token in at:
                        assert act(client, token, action="point", index=0).status_code == 200
                    continue
                i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
                assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200
    finally:
        app.config["WTF_CSRF_ENABLED"] = True
    context = browser.new_context(viewport=PHONE)
    try:
        pages = {}
        for name in names:
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.goto(f"{live_server.url}/play/{tokens[name]}")
            page.wait_for_selector(".phase-tournament .deal")
            pages[name] = page
        close_round(app, event_id)
        with app.app_context():
            session = db.session()
            event = session.get(Event, event_id)
            outcome = load_round(session, event, 1).outcome(load_round(session, event, 2))
            moves = {row.player: row for row in outcome.rows}
        arrows = {"up": "▲", "down": "▼", "stay": "●"}
        for name, page in pages.items():
            page.wait_for_selector(".phase-between .move-arrow")
            row = moves[name]
            assert page.locator(".move-arrow").inner_text() == arrows[row.direction]
            assert page.locator(".move-next").inner_text() == f"Go to table {row.to_table}"
        up = next(name for name, row in moves.items() if row.direction == "up")
        shot(pages[up], "move")
    finally:
        context.close()
