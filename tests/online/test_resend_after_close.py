"""A card the round took before it closed, sent again, is answered as taken, not refused."""

from __future__ import annotations

from tests.online.conftest import act, claim_all, online_event, start, state, tokens_at
from tests.room.conftest import close_round

NAMES = ["Cleo", "ana", "Ben", "Dan"]


def test_an_accepted_card_resent_after_the_round_closed_is_answered_with_the_current_state(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    card = state(app, turn)["game"]["playable"][0]
    assert act(client, turn, action="play", card=card, nonce="resend-0001").status_code == 200
    close_round(app, event_id)
    again = act(client, turn, action="play", card=card, nonce="resend-0001")
    assert again.status_code == 200 and again.get_json()["phase"] == "between"
    fresh = act(client, turn, action="play", card=card, nonce="resend-0002")
    assert fresh.status_code == 409
    assert fresh.get_json()["error"] == "The round has closed: no more cards can be played in it."
