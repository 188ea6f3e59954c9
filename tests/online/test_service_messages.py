"""Gestures, chat and the drawing pad at an online table."""

from __future__ import annotations

from tests.online.conftest import act, claim_all, online_event, start, state
from tournament import db
from tournament.services.online import claims, messages, view
from tournament.services.timer import now_utc


def _view(app, token):
    with app.app_context():
        session = db.session()
        return view.player_view(session, claims.claim_by_token(session, token), now_utc())


def test_the_pad_keeps_strokes_until_cleared_and_a_screen_shows_only_the_last_lines(app, client, monkeypatch):
    monkeypatch.setattr(messages, "SHOWN_LINES", 5)
    event_id = online_event(app, ["Ana", "Ben"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    ana, ben = tokens["Ana"], tokens["Ben"]
    assert act(client, ana, action="stroke", points=[[0, 0], [1000, 1000]], colour="red").status_code == 200
    shown = state(app, ben)["strokes"]
    assert shown == [{"points": [[0, 0], [1000, 1000]], "colour": "red", "mine": False}]
    assert act(client, ben, action="clear").status_code == 200
    assert state(app, ana)["strokes"] == []
    for gesture in ("yes", "no", "wait", "oops", "happy", "clap", "mine"):
        assert act(client, ana, action="gesture", gesture=gesture).status_code == 200
    lines = _view(app, ben).messages
    assert [line.text for line in lines] == ["✋", "😮", "🙂", "👏", "☝"]
    assert lines[-1].name == "Ana" and not lines[-1].me
