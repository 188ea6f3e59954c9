"""Refused Room forms come back filled in, with the message beside the field, and change nothing."""

from __future__ import annotations

import html

from tests.app.helpers import event_row


def test_refused_durations_come_back_as_typed_with_the_reason_and_change_nothing(app, organiser, event_id):
    before = event_row(app, event_id).round_minutes
    response = organiser.post(f"/events/{event_id}/room/durations",
                              data={"study_minutes": "5", "practice_minutes": "3", "round_minutes": "999"})
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 400
    assert 'value="999"' in page  # as typed
    assert '<small class="error">Choose between 1 and' in page  # beside the field
    assert event_row(app, event_id).round_minutes == before


def test_a_refused_projector_look_comes_back_with_the_reason_and_changes_nothing(app, organiser, event_id):
    before = event_row(app, event_id).projector_theme
    response = organiser.post(f"/events/{event_id}/room/display", data={"projector_theme": "neon"})
    assert response.status_code == 400
    assert '<small class="error">Not a valid choice' in html.unescape(response.get_data(as_text=True))
    assert event_row(app, event_id).projector_theme == before
