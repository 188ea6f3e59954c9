"""Renaming a player mid-deal changes a name on the screens, never the deal."""

from __future__ import annotations

from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, play_out, start, state, tokens_at
from tournament import db
from tournament.models import Event, Game, Player
from tournament.services import midevent

NAMES = ["Cleo", "ana", "Ben", "Dan"]


def test_renaming_a_player_mid_deal_keeps_the_deal_and_its_seat_order(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)  # ana, Ben, Cleo, Dan
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    assert act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0]).status_code == 200
    before = state(app, at[0])["game"]
    with app.app_context():
        session = db.session()
        midevent.rename(session, session.get(Event, event_id),
                        session.scalar(select(Player).where(Player.name == "ana")), "Zoe")
    after = state(app, at[0])["game"]
    assert (after["deal"], after["trick"], after["hand"]) == (before["deal"], before["trick"], before["hand"])
    assert play_out(client, app, at)["game"]["recorded_as"] == 1  # same tokens, same seats
    with app.app_context():
        game = db.session().scalar(select(Game))
        assert sum(r.score for r in game.results) == 7 and len(game.results) >= 4
