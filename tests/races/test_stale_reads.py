"""Exact interleavings the race tests hit only by chance: a request reads, another request
commits, then the first one changes something. Services must decide on what is committed."""

from __future__ import annotations

from tests.races.conftest import EIGHT, log_ids, planned_event, player_id, seating
from tournament import db
from tournament.services import events, rounds
from tournament.services.corrections import correct_games
from tournament.services.games import GameEntry
from tournament.services.round_data import load_round


def test_a_correction_leaves_the_seating_of_a_round_started_meanwhile_as_played(app):
    event_id = planned_event(app, 2, tables=2, names=EIGHT)
    # At the bottom table the winner moves up: a new winner there changes the next seating.
    second = sorted(n for n, (t, _m) in seating(app, event_id, 1).items() if t == 1)[1]
    new_winner = player_id(app, event_id, second)
    before = seating(app, event_id, 2)
    with app.app_context():
        organiser = db.session()
        data = load_round(organiser, events.event_row(organiser, event_id), 1)  # the page was opened
        organiser.commit()
        with app.app_context():
            other = db.session()
            rounds.start_round(other, events.event_row(other, event_id))
        correction = correct_games(organiser, data, data.table(1), [GameEntry(1, 1, frozenset({new_winner}), None)])
    assert correction.reseated == [] and correction.notice
    assert seating(app, event_id, 2) == before
    assert log_ids(app, event_id, "seat re-derived", 2) == []
