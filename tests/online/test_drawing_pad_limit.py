"""The drawing pad holds a bounded number of points, so no state answer grows without end."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.online.conftest import act, claim_all, online_event, start, tokens_at
from tournament import db
from tournament.models import OnlineMessage, Player, Table
from tournament.services.online import messages, tables
from tournament.services.unit_of_work import event_change

NAMES = ["ana", "Ben"]
LINE = [[i, i] for i in range(400)]


def test_the_drawing_pad_refuses_a_stroke_beyond_its_points_until_cleared(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    assert act(client, at[0], action="stroke", points=LINE, colour="ink").status_code == 200
    with app.app_context():  # fill the pad to the brim, as 49 more strokes would
        session = db.session()
        first = session.scalar(select(OnlineMessage))
        table_id = session.scalar(select(Table.id))
        player_id = session.scalar(select(Player.id).where(Player.name == "ana"))
        with event_change(session, event_id, record=False):  # as a stroke is written
            for n in range(messages.MAX_PAD_POINTS // len(LINE) - 1):
                session.add(OnlineMessage(event_id=event_id, table_id=table_id, round_id=first.round_id,
                                          player_id=player_id, kind="stroke", body={"points": LINE, "colour": "ink"},
                                          nonce=f"fill-{n:04d}"))
            tables.bump_clock(session, event_id, table_id)  # as every stroke does: the table's screens change
    refused = act(client, at[1], action="stroke", points=[[1, 1], [2, 2]], colour="red")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "The drawing pad is full: clear it to draw again."
    assert act(client, at[1], action="clear").status_code == 200
    assert act(client, at[1], action="stroke", points=[[1, 1], [2, 2]], colour="red").status_code == 200
    with app.app_context():
        strokes = db.session().scalar(select(func.count()).select_from(OnlineMessage)
                                      .where(OnlineMessage.kind == "stroke"))
        assert strokes == messages.MAX_PAD_POINTS // len(LINE) + 1
