"""Simultaneous taps against the real threaded server (waitress, CSRF on)."""

from __future__ import annotations

import http.client
import json
import threading

from sqlalchemy import select

from benchmarks.harness import Client
from tests.online.conftest import claim_all, online_event, start, state, tokens_at
from tournament import db
from tournament.models import OnlineGame


def _post_json(client: Client, path: str, body: dict, token: str) -> tuple[int, dict]:
    connection = http.client.HTTPConnection(client.host, client.port, timeout=30)
    try:
        headers = {"Content-Type": "application/json", "X-CSRFToken": token,
                   "Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items())}
        connection.request("POST", path, body=json.dumps(body).encode(), headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def test_four_devices_tapping_the_same_card_at_once_play_it_exactly_once(app, live_server):
    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    card = state(app, turn)["game"]["playable"][0]
    devices = []
    for _ in range(4):
        device = Client(live_server.url, timeout=30)
        device.token = device.get("/setup").csrf()
        devices.append(device)
    answers: list[tuple[int, dict]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(4)

    def tap(index: int) -> None:
        barrier.wait()
        for _ in range(5):
            answer = _post_json(devices[index], f"/play/{turn}/act",
                                {"action": "play", "card": card, "nonce": f"device-{index}-tap"}, devices[index].token)
            with lock:
                answers.append(answer)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == 20
    assert all(status < 500 for status, _ in answers), answers
    ok = [body for status, body in answers if status == 200]
    assert ok and all(body["game"]["trick"] == [card] for body in ok)
    assert all(body.get("error") for status, body in answers if status != 200)
    with app.app_context():
        game = db.session().scalar(select(OnlineGame))
        assert [a["card"] for a in game.actions] == [card]


def test_an_action_without_the_pages_csrf_token_is_refused_in_words_a_player_understands(app, live_server):
    event_id = online_event(app, ["Ana", "Ben"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    device = Client(live_server.url, timeout=30)
    device.get("/setup")
    status, body = _post_json(device, f"/play/{tokens['Ana']}/act",
                              {"action": "gesture", "gesture": "yes", "nonce": "abcdefgh1"}, "wrong")
    assert status == 400
    assert body["error"] == "This screen is out of date. Reload the page and play on."
