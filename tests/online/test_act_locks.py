"""A card played holds the database's write lock only while it is decided and saved, never while
its answer is drawn; on PostgreSQL an online player's post waits only for its own event."""

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
        seen.append(db._changing())
        return build(session, claim, now, *kept)

    monkeypatch.setattr(view, "player_view", watching)
    answer = act(client, leader, action="play", card=card)
    assert answer.status_code == 200 and answer.get_json()["game"]["trick"] == [card]
    assert seen == [False]


def test_an_online_players_post_is_serialised_with_its_own_events_changes_only(app):
    event_id = online_event(app, NAMES, 1)
    token = claim_all(app, event_id)["Ana"]
    with app.test_request_context(f"/play/{token}/act", method="POST"):
        connection = db.session().connection()
        assert db._phone_event(connection) == event_id
    with app.test_request_context("/play/not-a-claim/act", method="POST"):
        assert db._phone_event(db.session().connection()) is None


def test_a_device_post_with_a_token_no_link_has_never_reaches_the_database(app):
    for path in ("/play/%00/act", "/t/%00", "/play/" + "x" * 65 + "/act"):
        with app.test_request_context(path, method="POST"):
            assert db._phone_event(db.session().connection()) is None
