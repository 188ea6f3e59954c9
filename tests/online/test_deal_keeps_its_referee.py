"""A deal keeps the rules it was dealt under, whatever the table's settings become."""

from __future__ import annotations

from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, play_out, start, state, tokens_at
from tournament import db
from tournament.models import Event, OnlineGame
from tournament.services.online import settings

NAMES = ["Cleo", "ana", "Ben", "Dan"]


def _referee(app, event_id: int, on: bool) -> None:
    with app.app_context():
        session = db.session()
        settings.set_tables(session, session.get(Event, event_id), {1: settings.Wanted(True, on)})


def _stored(app) -> list[tuple[int, bool]]:
    with app.app_context():
        return [(g.number, g.referee is not None)
                for g in db.session().scalars(select(OnlineGame).order_by(OnlineGame.number))]


def test_a_finished_deal_is_replayed_under_the_referee_it_was_played_by(app, client, organiser):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    assert play_out(client, app, at)["game"]["stage"] == "over"
    _referee(app, event_id, True)
    response = client.get(f"/play/{at[0]}/state?key=x")
    assert response.status_code == 200 and response.get_json()["game"]["stage"] == "over"
    assert organiser.get(f"/events/{event_id}/online").status_code == 200
    assert act(client, at[0], action="deal", after=1).status_code == 200
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    assert act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0]).status_code == 200
    assert _stored(app) == [(1, False), (2, True)]  # the next deal follows the new setting


def test_the_referee_may_change_mid_deal_and_the_deal_keeps_its_own(app, client, organiser):
    event_id = online_event(app, NAMES, 1, referee=True)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    assert act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0]).status_code == 200
    _referee(app, event_id, False)  # accepted although a deal is under way
    game = state(app, at[0])["game"]
    assert game["deal"] == 1 and len(game["trick"]) == 1
    assert organiser.get(f"/events/{event_id}/online").status_code == 200
    last = play_out(client, app, at)
    assert last["game"]["deal"] == 1 and last["game"]["recorded_as"] == 1
    assert _stored(app) == [(1, True)]


def test_a_stored_deal_that_cannot_be_replayed_is_abandoned_never_a_server_error(app, client, organiser):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    assert act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0]).status_code == 200
    with app.app_context():
        session = db.session()
        game = session.scalar(select(OnlineGame))
        game.actions = [*game.actions, {"type": "point", "seat": 0, "index": 0, "nonce": "x" * 8, "by": 1}]
        session.commit()
    response = client.get(f"/play/{at[0]}/state?key=x")
    assert response.status_code == 200 and response.get_json()["game"]["deal"] == 2
    assert organiser.get(f"/events/{event_id}/online").status_code == 200
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    assert act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0]).status_code == 200
