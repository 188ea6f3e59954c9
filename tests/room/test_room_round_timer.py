"""The Room page offers to restart the round timer only while a round runs."""

from __future__ import annotations

from tests.conftest import setup_event
from tests.room.conftest import NAMES, close_round, start_round

RESTART = "Restart round timer"


def test_round_timer_restart_is_offered_only_while_a_round_runs(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    assert RESTART not in organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    start_round(app, event_id)
    assert RESTART in organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
    close_round(app, event_id)  # round 2 is planned, not running
    assert RESTART not in organiser.get(f"/events/{event_id}/room").get_data(as_text=True)
