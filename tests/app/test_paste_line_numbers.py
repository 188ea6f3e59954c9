"""A pasted list refused for a repeated name, or a name the event has, says on which lines."""

from __future__ import annotations

import html

from sqlalchemy import func, select

from tests.conftest import setup_event
from tournament import db
from tournament.models import Player


def _said(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def _empty_event(app) -> int:
    from tournament.services import events
    with app.app_context():
        return events.create_event(db.session(), "9B").id


def _count(app, event_id: int) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count()).select_from(Player).where(Player.event_id == event_id))


def test_a_name_pasted_twice_is_refused_naming_both_lines(app, organiser):
    event_id = _empty_event(app)
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Ben\nCleo\nAna\n\nDan\nEve\nANA"})
    assert response.status_code == 400
    assert "Lines 3 and 7 both say “Ana”." in _said(response)
    assert _count(app, event_id) == 0


def test_a_name_pasted_three_times_names_every_line(app, organiser):
    event_id = _empty_event(app)
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Zoë\nAna\nZOE\nBen\nzoe"})
    assert response.status_code == 400 and "Lines 1, 3 and 5 all say “Zoë”." in _said(response)


def test_a_name_the_event_already_has_is_refused_naming_its_line(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo"])
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Dan\nEve\nána"})
    assert response.status_code == 400
    assert "Already in this event: ána (line 3, as Ana)." in _said(response)
    assert _count(app, event_id) == 3


def test_the_line_numbers_are_said_in_the_pages_language(app, organiser):
    app.config["FORCE_PAGE_LANG"] = "de"
    event_id = _empty_event(app)
    response = organiser.post(f"/events/{event_id}/players", data={"names": "Ana\nBen\nana"})
    assert response.status_code == 400 and "Zeilen 1 und 3 lauten beide „Ana“." in _said(response)
