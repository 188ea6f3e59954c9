"""The projector's feed names a running round "Round 1 of 4" and, once the tournament is over,
shows the final standings under "The tournament is over" (in the event's language)."""

from __future__ import annotations

from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.models import Event


def _feed(client, app, event_id):
    return client.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()


def test_a_running_round_is_called_round_n_of_the_planned_rounds(client, app, event_id):
    start_round(app, event_id)
    assert _feed(client, app, event_id)["round_label"] == "Round 1 of 4"


def test_after_the_last_round_the_wall_shows_the_final_standings_and_the_end(client, app, event_id):
    with app.app_context():
        event = db.session().get(Event, event_id)
        event.planned_rounds, event.language = 1, "de"
        db.session().commit()
    start_round(app, event_id)
    for table in (1, 2, 3):
        record_winner(app, event_id, table, [sorted(seated(app, event_id, table))[0]])
    close_round(app, event_id)
    feed = _feed(client, app, event_id)
    assert (feed["phase"], feed["over"], feed["final"]) == ("ended", "Das Turnier ist vorbei", "Endrangliste")
    assert len(feed["standings"]) == 9 and "seating" not in feed
