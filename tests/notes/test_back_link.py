"""The notes' hide and show buttons lead back only to a page of this site."""

from __future__ import annotations

import pytest

from tests.notes.conftest import stored
from tests.notes.test_sending import _send


@pytest.mark.parametrize("target", ["/\\evil.example", "//evil.example/"])
def test_hiding_a_note_with_an_offsite_next_goes_back_to_the_room_page(app, organiser, room, target):
    _send(organiser, room, flag="disagreed")
    [note] = stored(app, room["event"])
    answer = organiser.post(f"/events/{room['event']}/debrief/notes/{note.id}/hide", data={"next": target})
    assert answer.status_code == 302 and answer.location.endswith(f"/events/{room['event']}/room")
