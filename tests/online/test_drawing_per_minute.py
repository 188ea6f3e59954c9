"""One device draws at most so many points a minute: a stroke beyond that is refused with a
sentence and a Retry-After, is not drawn, and holds nobody else up."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.online.conftest import act, claim_all, online_event, start, tokens_at
from tournament import db
from tournament.models import OnlineMessage

NAMES = ["Ana", "Ben"]
LINE = [[i, 1000 - i] for i in range(400)]


def strokes(app) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count()).select_from(OnlineMessage)
                                   .where(OnlineMessage.kind == "stroke"))


def test_drawing_beyond_a_devices_points_a_minute_is_refused_with_the_sentence_and_not_drawn(app, client):
    app.config["ONLINE_PAD_POINTS_PER_LINK"] = "1000 per minute"
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    ana, ben = tokens_at(app, event_id, tokens, 1)
    assert act(client, ana, action="stroke", points=LINE, colour="red", nonce="ana-first-line").status_code == 200
    # A resend of the same stroke is drawn once and counted once.
    assert act(client, ana, action="stroke", points=LINE, colour="red", nonce="ana-first-line").status_code == 200
    assert act(client, ana, action="stroke", points=LINE, colour="red").status_code == 200
    refused = act(client, ana, action="stroke", points=LINE, colour="red")
    assert refused.status_code == 429
    assert refused.get_json()["error"] == "You have drawn a lot in the last minute: wait a moment, then draw again."
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert strokes(app) == 2
    # Other devices draw on, and the refused device may still do anything but draw.
    assert act(client, ben, action="stroke", points=LINE, colour="blue").status_code == 200
    assert act(client, ana, action="gesture", gesture="wait").status_code == 200
    assert act(client, ana, action="stroke", points=LINE[:2], colour="red").status_code == 200
    assert strokes(app) == 4
