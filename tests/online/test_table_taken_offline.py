"""A table taken off line mid-round: its results are the room's, never its old online deal's."""

from __future__ import annotations

from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, start, state, tokens_at
from tests.room.conftest import close_round
from tournament import db
from tournament.models import Game, Table

NAMES = ["Cleo", "ana", "Ben", "Dan"]


def test_a_close_records_no_deal_of_a_table_no_longer_played_online(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    for _ in at:
        now = [state(app, t) for t in at]
        i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
        assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200
    for token in at:
        assert act(client, token, action="point", index=0).status_code == 200
    with app.app_context():
        session = db.session()
        session.scalar(select(Table)).online = False
        session.commit()
    refused = act(client, at[0], action="play", card="7h")
    assert refused.status_code == 409 and "Your table is not played online" in refused.get_json()["error"]
    close_round(app, event_id)
    with app.app_context():
        assert list(db.session().scalars(select(Game))) == []
