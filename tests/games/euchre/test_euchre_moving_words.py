"""The printed guide and score slips say who moves as the event's game moves them: in Euchre the
two players with the most games move up and the two with the fewest move down, at every table."""

from __future__ import annotations

from tests.app.helpers import page_text
from tests.conftest import setup_event
from tests.games.euchre.test_euchre_seat_warnings import _euchre_event

SLIP_TWO = "two each way at this table of 4"


def test_a_euchre_guide_says_partners_move_together_and_has_no_big_table_paragraph(app, organiser):
    event_id = _euchre_event(app)
    guide = page_text(organiser.get(f"/events/{event_id}/print/guide"))
    assert "the two players with the most games won move up" in guide and "partners move together" in guide
    assert "At a table with more than four players" not in guide


def test_a_euchre_slip_says_two_move_each_way_at_a_table_of_four(app, organiser):
    event_id = _euchre_event(app)
    assert SLIP_TWO in page_text(organiser.get(f"/events/{event_id}/print/slips"))


def test_a_five_tricks_table_of_four_moves_one_each_way_on_slip_and_guide(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    assert SLIP_TWO not in page_text(organiser.get(f"/events/{event_id}/print/slips"))
    guide = page_text(organiser.get(f"/events/{event_id}/print/guide"))
    assert "the player with the most games won moves up" in guide and "At a table with more than four players" in guide
