"""A player's own seat never shows "away" on their screen: the screen asking is their device,
even on its first drawing, before its presence is written; the others' seats do."""

from __future__ import annotations

from tests.online.conftest import claim_all, online_event, start
from tournament import db
from tournament.services.online import claims, view
from tournament.services.timer import now_utc


def test_the_own_seat_is_never_away_on_the_players_screen(app):
    event_id = online_event(app, ["Ana", "Ben", "Cleo", "Dan"], 1)
    tokens = claim_all(app, event_id)  # no device has polled yet: everyone is away
    start(app, event_id)
    with app.test_request_context():
        session = db.session()
        seats = view.player_view(session, claims.claim_by_token(session, tokens["Ana"]), now_utc()).game.seats
    assert [(seat.name, seat.away) for seat in seats] == [("Ana", False), ("Ben", True), ("Cleo", True),
                                                          ("Dan", True)]
