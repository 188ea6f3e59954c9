"""A card played holds the database's write lock only while it is decided and saved, never while
its answer is drawn."""

from __future__ import annotations

from tests.online.conftest import act, claim_all, online_event, start, state, tokens_at
from tournament import db
from tournament.services.online import view

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def test_drawing_the_answer_to_a_played_card_holds_no_write_lock(app, client, monkeypatch):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    leader = tokens_at(app, event_id, tokens, 1)[1]  # the dealer is seat 0; seat 1 leads
    card = state(app, leader)["game"]["playable"][0]
    seen = []
    build = view.player_view

    def watching(session, claim, now, *kept):
        seen.append(db.is_writing())
        return build(session, claim, now, *kept)

    monkeypatch.setattr(view, "player_view", watching)
    answer = act(client, leader, action="play", card=card)
    assert answer.status_code == 200 and answer.get_json()["game"]["trick"] == [card]
    assert seen == [False]
