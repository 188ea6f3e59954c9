"""A stale key costs what a current one does once the screen has been drawn for its key: every
other reader of that link (a second tab, a resend, a device asking again) gets the drawing kept
for the key after the poll's one statement, and every screen at a table shares one reading of its
drawing pad."""

from __future__ import annotations

from tests.conftest import count_queries
from tests.online.conftest import act, allow_fast_polls, claim_all, online_event, start, tokens_at

NAMES = ["Ana", "Ben", "Cleo", "Dan"]
LINE = [[0, 0], [500, 500], [1000, 0]]


def test_two_readers_with_the_same_stale_key_cause_one_build(app, client):
    allow_fast_polls(app)
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    ana, ben = tokens_at(app, event_id, tokens, 1)[:2]
    assert act(client, ben, action="stroke", points=LINE, colour="red").status_code == 200
    with count_queries(app) as first:
        drawn = client.get(f"/play/{ana}/state?key=old")
    second_tab = app.test_client()
    with count_queries(app) as second:
        again = second_tab.get(f"/play/{ana}/state?key=old")
    assert drawn.status_code == again.status_code == 200
    assert again.get_json() == drawn.get_json()
    assert len(first) > 1 and len(second) == 1
    with count_queries(app) as current:
        assert client.get(f"/play/{ana}/state?key={drawn.get_json()['key']}").status_code == 204
    assert len(current) == 1


def test_every_screen_at_a_table_shares_one_reading_of_its_pad_per_change(app, client, monkeypatch):
    from tournament.services.online import pad

    allow_fast_polls(app)
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    here = tokens_at(app, event_id, tokens, 1)
    readings = []
    load = pad.load
    monkeypatch.setattr(pad, "load", lambda *args: readings.append(args[1:]) or load(*args))
    for n in range(2):
        assert act(client, here[n], action="stroke", points=LINE, colour="blue").status_code == 200
        for token in here:
            answer = client.get(f"/play/{token}/state?key=old")
            assert answer.status_code == 200 and len(answer.get_json()["strokes"]) == n + 1
    # The empty pad (read to check the first stroke fits) and one reading per stroke: not one
    # per screen and stroke.
    assert len(readings) == 3
