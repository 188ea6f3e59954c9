"""A device names the pad state it holds and receives only the strokes drawn since; the whole
pad when the server does not know that state (the first look, a clear, a made-up name). What a
device adds up is the pad the server holds."""

from __future__ import annotations

import pytest

from tests.online.conftest import act, allow_fast_polls, claim_all, online_event, start, tokens_at
from tournament.services.online import messages

NAMES = ["Ana", "Ben", "Cleo"]


def line(n: int) -> list[list[int]]:
    return [[n, n], [n + 10, n + 20], [n + 30, n]]


def poll(client, token: str, pad: str = "") -> dict:
    answer = client.get(f"/play/{token}/state", query_string={"key": "stale", "pad": pad})
    assert answer.status_code == 200
    return answer.get_json()


def added(held: list, answer: dict, shown: int = messages.SHOWN_STROKES) -> list:
    """What the page's script does with an answer's strokes."""
    strokes = answer["strokes"] if answer["strokes_since"] is None else held + answer["strokes"]
    return strokes[-shown:]


@pytest.fixture
def table(app):
    allow_fast_polls(app)
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    return tokens_at(app, event_id, tokens, 1)


def test_a_poll_after_a_known_pad_state_brings_only_the_new_strokes_and_adds_up_to_the_whole_pad(client, table):
    ana, ben, _cleo = table
    assert act(client, ben, action="stroke", points=line(1), colour="red").status_code == 200
    first = poll(client, ana)
    assert first["strokes_since"] is None and len(first["strokes"]) == 1
    held = added([], first)
    for n in (2, 3):
        assert act(client, ben, action="stroke", points=line(n), colour="blue").status_code == 200
    assert act(client, ana, action="stroke", points=line(4), colour="ink").status_code == 200
    later = poll(client, ana, first["pad"])
    assert later["strokes_since"] == first["pad"] and later["pad"] != first["pad"]
    assert [s["points"] for s in later["strokes"]] == [line(2), line(3), line(4)]
    assert [s["mine"] for s in later["strokes"]] == [False, False, True]
    held = added(held, later)
    assert held == poll(client, ana)["strokes"]
    nothing_new = poll(client, ana, later["pad"])
    assert nothing_new["strokes_since"] == later["pad"] and nothing_new["strokes"] == []


def test_a_clear_or_a_pad_state_the_server_never_gave_brings_the_whole_pad(client, table):
    ana, ben, cleo = table
    assert act(client, ben, action="stroke", points=line(1), colour="red").status_code == 200
    before = poll(client, ana)
    assert act(client, cleo, action="clear").status_code == 200
    assert act(client, cleo, action="stroke", points=line(5), colour="green").status_code == 200
    after_clear = poll(client, ana, before["pad"])
    assert after_clear["strokes_since"] is None and [s["points"] for s in after_clear["strokes"]] == [line(5)]
    for made_up in ("", "x", before["pad"] + "0", "1.1.0:99999", after_clear["pad"].replace(":", ":9")):
        whole = poll(client, ana, made_up)
        assert whole["strokes_since"] is None and whole["strokes"] == after_clear["strokes"], made_up


def test_the_answer_to_a_stroke_brings_the_drawer_only_the_strokes_since_its_pad_state(client, table):
    ana, ben, _cleo = table
    assert act(client, ben, action="stroke", points=line(1), colour="red").status_code == 200
    held = poll(client, ana)
    answer = client.post(f"/play/{ana}/act", query_string={"pad": held["pad"]},
                         json={"action": "stroke", "points": line(2), "colour": "ink", "nonce": "ana-line-0002"})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["strokes_since"] == held["pad"] and [s["points"] for s in body["strokes"]] == [line(2)]
    assert added(held["strokes"], body) == poll(client, ana)["strokes"]


def test_a_device_adds_up_the_pad_the_server_shows_past_the_strokes_a_screen_keeps(client, table, monkeypatch):
    from tournament.services.online import pad

    monkeypatch.setattr(pad, "SHOWN_STROKES", 3)
    ana, ben, _cleo = table
    held, at = [], ""
    for n in range(1, 9):
        assert act(client, ben, action="stroke", points=line(n), colour="red").status_code == 200
        if n % 3 == 0:
            answer = poll(client, ana, at)
            held, at = added(held, answer, 3), answer["pad"]
    answer = poll(client, ana, at)
    assert answer["strokes_since"] == at
    assert added(held, answer, 3) == poll(client, ana)["strokes"]
    assert [s["points"] for s in added(held, answer, 3)] == [line(6), line(7), line(8)]
