"""A player who stops playing during a round is never waited for at an online table."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, play_out, start, state, tokens_at
from tournament import db
from tournament.models import Event, Game, OnlineGame, Player, PlayerStatus
from tournament.services import midevent

NAMES = ["Cleo", "ana", "Ben", "Dan"]


@pytest.mark.parametrize("status", [PlayerStatus.WITHDRAWN, PlayerStatus.OBSERVER])
def test_a_player_who_stops_playing_mid_round_sits_out_the_deal_and_is_dealt_no_more(app, client, status):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)  # ana deals: Ben leads, ana plays last
    for token in at[1:]:
        assert act(client, token, action="play", card=state(app, token)["game"]["playable"][0]).status_code == 200
    assert state(app, at[1])["game"]["waiting_for"] == ["ana"]
    with app.app_context():
        session = db.session()
        midevent.change_status(session, session.get(Event, event_id),
                               session.scalar(select(Player).where(Player.name == "ana")), status)
    others = at[1:]
    game = state(app, others[0])["game"]
    assert game["deal"] == 1 and "ana" not in game["waiting_for"]
    last = play_out(client, app, others)
    assert last["game"]["deal"] == 1 and last["game"]["recorded_as"] == 1
    assert act(client, others[0], action="deal", after=1).status_code == 200
    turn = next(t for t in others if state(app, t)["game"]["my_turn"])
    assert act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0]).status_code == 200
    assert play_out(client, app, others)["game"]["recorded_as"] == 2
    with app.app_context():
        session = db.session()
        ana = session.scalar(select(Player.id).where(Player.name == "ana"))
        deals = list(session.scalars(select(OnlineGame).order_by(OnlineGame.number)))
        assert ana in deals[0].seats and ana not in deals[1].seats
        second = session.scalar(select(Game).where(Game.number == 2))
        assert ana not in {r.player_id for r in second.results}  # scores nothing
        assert sum(r.score for r in second.results) == 7
