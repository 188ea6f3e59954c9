"""An online player's screen follows its own table's clock: a card played by another seat
reaches it through the stream, and no other table's screen hears of it."""

from __future__ import annotations

import http.client
import json

from sqlalchemy import select

from benchmarks.harness import Client
from tests.online.conftest import claim_all, online_event, start, state, tokens_at
from tests.push.streams import Stream, path_of
from tournament import db
from tournament.models import OnlineClock, Table


def table_ids(app, event_id: int) -> dict[int, int]:
    with app.app_context():
        return {t.number: t.id for t in db.session().scalars(select(Table).where(Table.event_id == event_id))}


def clock(app, table_id: int) -> int | None:
    with app.app_context():
        return db.session().scalar(select(OnlineClock.version).where(OnlineClock.table_id == table_id))


def play_a_card(base: str, token: str, card: str) -> int:
    device = Client(base, timeout=30)
    csrf = device.get("/setup").csrf()
    connection = http.client.HTTPConnection(device.host, device.port, timeout=30)
    try:
        connection.request("POST", f"/play/{token}/act",
                           body=json.dumps({"action": "play", "card": card, "nonce": "stream-test-1"}).encode(),
                           headers={"Content-Type": "application/json", "X-CSRFToken": csrf,
                                    "Cookie": "; ".join(f"{k}={v}" for k, v in device.cookies.items())})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()
        device.close()


def test_a_card_played_by_another_seat_reaches_the_tables_stream_and_no_other_table(app, live_server):
    event_id = online_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"], 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    ids = table_ids(app, event_id)
    at_one = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at_one if state(app, t)["game"]["my_turn"])
    port = int(live_server.effective_port)
    mine = Stream(port, path_of(app, event_id, ids[1]))
    other = Stream(port, path_of(app, event_id, ids[2]))
    try:
        assert mine.opened() and other.opened()
        mine.quiet_for(0.3)
        other.quiet_for(0.3)
        told_other = list(other.messages)
        before = clock(app, ids[1])
        assert play_a_card(live_server.url, turn, state(app, turn)["game"]["playable"][0]) == 200
        after = clock(app, ids[1])
        assert after is not None and after != before
        # "revision.clock": the card moved the table's clock, not the event's revision.
        assert mine.wait_for(lambda s: s.last is not None and s.last.endswith(f".{after}"))
        assert other.quiet_for(0.5) == [] and other.messages == told_other
    finally:
        mine.close()
        other.close()
