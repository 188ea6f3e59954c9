"""Hostile requests to an online player's endpoints through the real server: malformed JSON,
wrong types, huge bodies, odd headers, unknown tokens. Each gets a 4xx with a sentence and
changes nothing; afterwards the same device still plays its card."""

from __future__ import annotations

import json

from sqlalchemy import func, select

from benchmarks.harness import Client
from benchmarks.online_play import joined, setup_online_event
from tournament import db
from tournament.config import MAX_CONTENT_LENGTH
from tournament.models import Game, OnlineClaim, OnlineClock, OnlineGame, OnlineMessage

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
NONCE = "hostile-0001"


def bad_bodies(card: str) -> list[tuple[str, bytes]]:
    """(what, raw body) of actions no device of ours sends, from the player whose turn it is."""
    def as_json(data) -> bytes:
        return json.dumps(data).encode()

    return [
        ("not JSON", b"{not json"),
        ("empty body", b""),
        ("a JSON list", b"[]"),
        ("a JSON string", b'"play"'),
        ("null", b"null"),
        ("deep nesting", b"[" * 7000 + b"]" * 7000),
        ("NaN", b'{"action": "point", "index": NaN, "nonce": "hostile-nan1"}'),
        ("invalid UTF-8", b'{"action": "chat", "text": "\xff\xfe", "nonce": "hostile-utf8"}'),
        ("no action", as_json({"nonce": NONCE})),
        ("unknown action", as_json({"action": "explode", "nonce": NONCE})),
        ("action as a list", as_json({"action": ["play"], "card": card, "nonce": NONCE})),
        ("card as a number", as_json({"action": "play", "card": 7, "nonce": NONCE})),
        ("card as a list", as_json({"action": "play", "card": [card], "nonce": NONCE})),
        ("card as an object", as_json({"action": "play", "card": {"rank": 7}, "nonce": NONCE})),
        ("no such card", as_json({"action": "play", "card": "Zz", "nonce": NONCE})),
        ("card with markup", as_json({"action": "play", "card": "<script>", "nonce": NONCE})),
        ("no nonce", as_json({"action": "play", "card": card})),
        ("nonce too short", as_json({"action": "play", "card": card, "nonce": "short"})),
        ("nonce too long", as_json({"action": "play", "card": card, "nonce": "n" * 65})),
        ("nonce with spaces", as_json({"action": "play", "card": card, "nonce": "bad nonce here"})),
        ("nonce as a number", as_json({"action": "play", "card": card, "nonce": 12345678})),
        ("point index as text", as_json({"action": "point", "index": "0", "nonce": NONCE})),
        ("point index negative", as_json({"action": "point", "index": -1, "nonce": NONCE})),
        ("point index as true", as_json({"action": "point", "index": True, "nonce": NONCE})),
        ("point index huge", as_json({"action": "point", "index": 10 ** 30, "nonce": NONCE})),
        ("deal after as text", as_json({"action": "deal", "after": "one", "nonce": NONCE})),
        ("chat in the tournament", as_json({"action": "chat", "text": "hi", "nonce": NONCE})),
        ("unknown gesture", as_json({"action": "gesture", "gesture": "<b>x</b>", "nonce": NONCE})),
        ("stroke of one point", as_json({"action": "stroke", "points": [[1, 2]], "colour": "ink", "nonce": NONCE})),
        ("stroke too long", as_json({"action": "stroke", "points": [[1, 2]] * 401, "colour": "ink",
                                     "nonce": NONCE})),
        ("stroke off the pad", as_json({"action": "stroke", "points": [[-1, 5], [0, 1001]], "colour": "ink",
                                        "nonce": NONCE})),
        ("stroke of floats", as_json({"action": "stroke", "points": [[1.5, 2], [3, 4]], "colour": "ink",
                                      "nonce": NONCE})),
        ("stroke in no colour", as_json({"action": "stroke", "points": [[1, 2], [3, 4]], "colour": "pink",
                                         "nonce": NONCE})),
        ("huge body", as_json({"action": "chat", "text": "x" * (MAX_CONTENT_LENGTH + 1), "nonce": NONCE})),
        ("big but under the app's upload limit", as_json({"action": "play", "card": card, "nonce": NONCE,
                                                          "pad": "x" * 200_000})),
    ]


def snapshot(app, event_id: int) -> dict:
    """Everything an action could change."""
    with app.app_context():
        session = db.session()
        return {
            "deals": [(g.number, json.dumps(g.actions, sort_keys=True), g.finished_at, g.recorded_as)
                      for g in session.scalars(select(OnlineGame).where(OnlineGame.event_id == event_id))],
            "messages": session.scalar(select(func.count()).select_from(OnlineMessage)),
            "clocks": sorted(session.execute(select(OnlineClock.table_id, OnlineClock.version)).all()),
            "games": session.scalar(select(func.count()).select_from(Game)),
            "claims": sorted(session.scalars(select(OnlineClaim.token))),
        }


def sentence(reply) -> str:
    """The message a refusal carries: JSON's "error", else the page's text."""
    try:
        return json.loads(reply.body)["error"]
    except (ValueError, KeyError, TypeError):
        return reply.text


def test_malformed_actions_get_a_4xx_with_a_sentence_and_change_nothing(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), FOUR, tables=1)
    bots = joined(live_server.url, setup)
    player = next(bot for bot in bots if bot.game()["my_turn"])
    card = player.game()["hand"][0]
    before = snapshot(app, setup.event_id)

    problems = []
    for what, body in bad_bodies(card):
        try:
            reply = player.send_action(None, raw=body)
        except (ConnectionResetError, BrokenPipeError):
            if len(body) <= MAX_CONTENT_LENGTH:
                raise
            player.client.close()  # the server stopped reading a body over the limit: refused
            continue
        if not 400 <= reply.status < 500:
            problems.append(f"{what}: {reply.status}")
        elif len(sentence(reply).strip()) < 10:
            problems.append(f"{what}: {reply.status} without a sentence: {reply.text[:80]!r}")
        player.client.close()  # the server may close after a refused body: a fresh one, as a browser
    assert problems == []
    assert snapshot(app, setup.event_id) == before

    assert player.act("play", card=card).status == 200  # the device still plays
    assert snapshot(app, setup.event_id) != before


def test_odd_headers_are_refused_with_a_sentence_and_change_nothing(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), FOUR, tables=1)
    bots = joined(live_server.url, setup)
    player = next(bot for bot in bots if bot.game()["my_turn"])
    valid = json.dumps({"action": "play", "card": player.game()["hand"][0], "nonce": "odd-headers-1"}).encode()
    before = snapshot(app, setup.event_id)
    cases = [
        ("no CSRF token", {"X-CSRFToken": ""}),
        ("another session's CSRF token", {"X-CSRFToken": bots[(bots.index(player) + 1) % 4].root["csrf"] + "x"}),
        ("a form's content type", {"Content-Type": "application/x-www-form-urlencoded"}),
        ("multipart", {"Content-Type": "multipart/form-data; boundary=zz"}),
    ]
    problems = []
    for what, headers in cases:
        reply = player.send_action(None, raw=valid if "CSRF" in what else b"card=7h&nonce=odd-headers-2",
                                   headers=headers)
        if not 400 <= reply.status < 500 or len(sentence(reply).strip()) < 10:
            problems.append(f"{what}: {reply.status} {reply.text[:80]!r}")
        player.client.close()
    assert problems == []
    assert snapshot(app, setup.event_id) == before


def test_unknown_tokens_get_the_no_longer_yours_sentence_and_change_nothing(app, live_server):
    with app.app_context():
        setup = setup_online_event(db.session(), FOUR, tables=1)
    bots = joined(live_server.url, setup)
    before = snapshot(app, setup.event_id)
    stranger = Client(live_server.url)
    body = json.dumps({"action": "play", "card": "7h", "nonce": "stranger-001"}).encode()
    problems = []
    for token in ("nosuchtoken", bots[0].personal_path.rsplit("/", 1)[1][:-1], "x" * 3000, "%00", "..%2f..%2fetc",
                  "%E2%80%AE"):
        for method, path in (("GET", f"/play/{token}"), ("GET", f"/play/{token}/state?key=1"),
                             ("POST", f"/play/{token}/act")):
            reply = stranger.request(method, path, body=body if method == "POST" else None,
                                     headers={"Content-Type": "application/json",
                                              "X-CSRFToken": bots[0].root["csrf"]})
            if not 400 <= reply.status < 500:
                problems.append(f"{method} {path[:40]}: {reply.status}")
            elif reply.status == 404 and "%2f" not in token and "no longer yours" not in sentence(reply):
                problems.append(f"{method} {path[:40]}: 404 without the sentence: {reply.text[:80]!r}")
            stranger.close()
    # A device's own link with a foreign token's act: the cookie does not make it anyone's.
    reply = bots[0].client.request("POST", "/play/nosuchtoken/act", body=body,
                                   headers={"Content-Type": "application/json", "X-CSRFToken": bots[0].root["csrf"]})
    if reply.status != 404 or "no longer yours" not in sentence(reply):
        problems.append(f"own session, unknown token: {reply.status} {reply.text[:80]!r}")
    for bot in bots:
        bot.client.close()
    assert problems == []
    assert snapshot(app, setup.event_id) == before


def test_a_poll_with_an_odd_key_gets_the_whole_state_never_an_error(app, live_server):
    app.config["ONLINE_POLL_LIMIT_PER_LINK"] = "100 per second"  # these polls come faster than a screen's
    with app.app_context():
        setup = setup_online_event(db.session(), FOUR, tables=1)
    bot = joined(live_server.url, setup)[0]
    state = bot.root["state-url"]
    for key in ("", "x" * 5000, "%00", "%E2%80%AE%3Cscript%3E", "1.2.3.4.5", "key=1&key=2"):
        reply = bot.client.get(f"{state}?key={key}")
        assert reply.status == 200, key
        assert json.loads(reply.body)["game"]["deal"] == 1
    assert bot.client.get(state).status == 200  # no key at all


def test_claims_of_odd_or_foreign_player_ids_are_refused_with_a_sentence_and_claim_nothing(app, live_server):
    from benchmarks.bots import form_csrf

    with app.app_context():
        setup = setup_online_event(db.session(), FOUR, tables=1)
        other = setup_online_event(db.session(), ["Zed", "Yan", "Xia", "Wim"], tables=1)
    foreign = other.seats[1][0][0]
    device = Client(live_server.url)
    path = f"/s/{setup.public_token}/play"
    problems = []
    for value in ("", "abc", "-1", "0", "1.5", "99999999999999999999999", str(foreign), "1 OR 1=1", "\x00"):
        token = form_csrf(device.get(path).text)
        reply = device.post(path, {"csrf_token": token, "player_id": value})
        if not 400 <= reply.status < 500:
            problems.append(f"player_id {value!r}: {reply.status}")
        elif "<form" not in reply.text or 'class="error"' not in reply.text:
            problems.append(f"player_id {value!r}: {reply.status} without the form and its message")
    reply = device.post(path, {"player_id": str(setup.seats[1][0][0])})  # no CSRF token
    if not 400 <= reply.status < 500:
        problems.append(f"no CSRF token: {reply.status}")
    for public in ("nosuchevent", other.public_token + "x"):
        if not 400 <= device.get(f"/s/{public}/play").status < 500:
            problems.append(f"unknown public link {public!r} answered with a page")
    device.close()
    assert problems == []
    with app.app_context():
        assert db.session().scalar(select(func.count()).select_from(OnlineClaim)) == 0
