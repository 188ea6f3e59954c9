"""Sending a note: from a table's phone (its link is the credential) or from an observer's
"where do I sit" page; what is refused, and that a refusal stores nothing."""

from __future__ import annotations

import pytest

from tests.notes.conftest import OBSERVER, form_keys, stored
from tests.room.conftest import close_round
from tournament import db
from tournament.core import limits
from tournament.models import AuditEntry, Event
from tournament.services import events as event_service
from tournament.services import notes as note_service
from tournament.services import room_links


def _send(client, room, table=1, **data):
    page = client.get(f"/t/{room[table]}/note").get_data(as_text=True)
    return client.post(f"/t/{room[table]}/note", data={**form_keys(page), **data})


def _observe(client, room, player=None, **data):
    player = player or room["observer"]
    page = client.get(f"/s/{room['public']}/{room['observer']}").get_data(as_text=True)
    return client.post(f"/s/{room['public']}/{player}/note", data={**form_keys(page), **data})


def test_a_double_tap_is_one_note(app, client, room):
    page = client.get(f"/t/{room[1]}").get_data(as_text=True)  # the compact form on the results page
    keys = form_keys(page)
    for _ in range(3):
        response = client.post(f"/t/{room[1]}/note", data={**keys, "flag": "disagreed"})
        assert response.status_code == 302
    notes = stored(app, room["event"])
    assert [(n.table_number, n.flag, n.source, n.round_number) for n in notes] == [(1, "disagreed", "table", 1)]


def test_the_same_form_sent_to_the_service_twice_returns_the_first_note(app, room):
    with app.app_context():
        session = db.session()
        event = session.get(Event, room["event"])
        first = note_service.send_note(session, event, source="table", table_number=2, author="", flag="fun",
                                       text=None, nonce="k" * 20)
        again = note_service.send_note(session, event, source="table", table_number=2, author="", flag="fun",
                                       text=None, nonce="k" * 20)
        assert first.created and not again.created and again.note.id == first.note.id


def test_a_sent_note_says_sent_and_lists_the_tables_notes_of_this_round(client, room):
    _send(client, room, text="Who leads after a tie?")
    _send(client, room, table=2, text="Another table's note")
    response = _send(client, room, flag="realised")
    page = client.get(response.location).get_data(as_text=True)
    assert "Sent" in page and "This table's notes in round 1" in page
    assert "Who leads after a tie?" in page and "Aha!" in page
    assert "Another table's note" not in page


def test_an_icon_alone_is_a_note_and_an_empty_note_is_refused_beside_the_text(app, client, room):
    response = _send(client, room, text="   ")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "The note was not sent" in page and "Tap an icon or write a few words" in page
    assert 'id="note-text-error"' in page
    assert stored(app, room["event"]) == []
    assert _send(client, room, flag="confused").status_code == 302
    assert [n.flag for n in stored(app, room["event"])] == ["confused"]


def test_a_refused_note_comes_back_filled_in_with_the_message_beside_the_field(app, client, room):
    text = "This is far too long. " * 20
    response = _send(client, room, text=text, flag="frustrated")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "A note holds at most 280 characters; this one has" in page
    assert f'value="{text}"' in page  # as typed
    assert "note-icon chosen" in page  # the icon tapped is marked
    assert stored(app, room["event"]) == []


def test_an_unknown_icon_is_refused_and_changes_nothing(app, client, room):
    response = _send(client, room, flag="<b>boom</b>")
    assert response.status_code == 400 and "Choose one of the icons." in response.get_data(as_text=True)
    assert stored(app, room["event"]) == []


def test_a_note_from_a_revoked_table_link_is_refused_and_changes_nothing(app, client, room):
    page = client.get(f"/t/{room[3]}/note").get_data(as_text=True)
    with app.app_context():
        session = db.session()
        room_links.revoke_table_link(session, session.get(Event, room["event"]), 3)
    response = client.post(f"/t/{room[3]}/note", data={**form_keys(page), "flag": "disagreed"})
    assert response.status_code == 404
    assert stored(app, room["event"]) == []


def test_an_observers_note_for_a_table_the_event_does_not_have_is_refused_and_changes_nothing(app, client, room):
    for table in ("9", "0", "-1", "two", ""):
        response = _observe(client, room, table=table, flag="fun")
        page = response.get_data(as_text=True)
        assert response.status_code == 400, table
        assert "This event has no table" in page or "Choose the table you are watching." in page
        assert 'class="note-field has-error"' in page  # beside the table's choice
    assert stored(app, room["event"]) == []


def test_a_note_through_a_closed_events_old_link_is_refused_and_changes_nothing(app, client, room):
    """Links replaced, or the event deleted: the old pages' forms store nothing."""
    table_page = client.get(f"/t/{room[1]}/note").get_data(as_text=True)
    seat_page = client.get(f"/s/{room['public']}/{room['observer']}").get_data(as_text=True)
    with app.app_context():
        session = db.session()
        event = session.get(Event, room["event"])
        room_links.regenerate_event_links(session, event)
        room_links.regenerate_all_table_links(session, event)
    assert client.post(f"/s/{room['public']}/{room['observer']}/note",
                       data={**form_keys(seat_page), "flag": "fun", "table": "1"}).status_code == 404
    assert client.post(f"/t/{room[1]}/note", data={**form_keys(table_page), "flag": "fun"}).status_code == 404
    assert stored(app, room["event"]) == []
    with app.app_context():
        session = db.session()
        event_service.delete_event(session, session.get(Event, room["event"]))
    assert client.post(f"/t/{room[1]}/note", data={**form_keys(table_page), "flag": "fun"}).status_code == 404


def test_an_observers_note_carries_their_name(app, client, room):
    response = _observe(client, room, table="2", flag="confused", text="Table 2 plays differently")
    assert response.status_code == 302
    assert "Sent" in client.get(response.location).get_data(as_text=True)
    [note] = stored(app, room["event"])
    assert (note.source, note.author, note.table_number, note.flag, note.text, note.round_number) == (
        "observer", OBSERVER, 2, "confused", "Table 2 plays differently", 1)


@pytest.mark.parametrize("status", ["seated", "withdrawn"])
def test_a_non_observer_gets_no_form_and_cannot_post(app, client, room, status):
    player = room["seated"]
    if status == "withdrawn":
        from tournament.models import Player, PlayerStatus
        with app.app_context():
            db.session().get(Player, player).status = PlayerStatus.WITHDRAWN
            db.session().commit()
    page = client.get(f"/s/{room['public']}/{player}").get_data(as_text=True)
    assert "data-note-form" not in page and "notes-phone.css" not in page
    response = _observe(client, room, player=player, table="1", flag="disagreed", text="let me in")
    assert 400 <= response.status_code < 500
    assert "Only observers send notes from this page." in response.get_data(as_text=True)
    assert stored(app, room["event"]) == []


def test_another_events_player_cannot_post_through_this_events_link(app, client, room):
    from tests.conftest import setup_event
    from tests.notes.conftest import make_observer
    other = setup_event(app, ["Xan", "Yul", "Zed", "Wim"], tables=1, name="Other class")
    outsider = make_observer(app, other, "Xan")
    response = _observe(client, room, player=outsider, table="1", flag="fun")
    assert response.status_code == 404
    assert stored(app, room["event"]) == [] and stored(app, other) == []


def test_an_event_holding_the_most_notes_refuses_another(app, client, room, monkeypatch):
    monkeypatch.setattr(note_service, "MAX_NOTES", 2)
    assert _send(client, room, flag="fun").status_code == 302
    assert _observe(client, room, table="3", flag="fun").status_code == 302
    response = _send(client, room, flag="disagreed")
    assert response.status_code == 400
    assert "This event already holds 2 notes, as many as it keeps." in response.get_data(as_text=True)
    assert len(stored(app, room["event"])) == 2
    assert limits.MAX_NOTES == 2000


def test_a_note_belongs_to_the_running_round_else_the_last_one_played(app, client, room):
    _send(client, room, flag="fun")
    close_round(app, room["event"])  # round 2 is planned, not played yet
    response = _send(client, room, flag="disagreed")
    assert response.status_code == 302
    assert [n.round_number for n in stored(app, room["event"])] == [1, 1]
    # Between rounds the phone's waiting page links to the note form.
    assert f"/t/{room[1]}/note" in client.get(f"/t/{room[1]}").get_data(as_text=True)


def test_hiding_a_note_keeps_it_for_the_organiser_and_writes_the_change_log(app, organiser, room):
    _send(organiser, room, flag="disagreed", text="Ben took the trick with a 2")
    [note] = stored(app, room["event"])
    back = f"/events/{room['event']}/room"
    response = organiser.post(f"/events/{room['event']}/debrief/notes/{note.id}/hide", data={"next": back})
    assert response.status_code == 302 and response.location.endswith(back)
    assert stored(app, room["event"])[0].hidden
    room_page = organiser.get(back).get_data(as_text=True)
    assert "hidden from the debrief" in room_page and "Show in the debrief" in room_page
    organiser.post(f"/events/{room['event']}/debrief/notes/{note.id}/show", data={"next": "//evil.example/"})
    assert not stored(app, room["event"])[0].hidden
    with app.app_context():
        actions = [e.action for e in db.session().query(AuditEntry).filter_by(event_id=room["event"])
                   .order_by(AuditEntry.id) if e.action.startswith("note")]
    assert actions == ["note hidden", "note shown"]


def test_another_events_note_cannot_be_hidden_through_this_event(app, organiser, room):
    from tests.conftest import setup_event
    other = setup_event(app, ["Xan", "Yul", "Zed", "Wim"], tables=1, name="Other class")
    _send(organiser, room, flag="fun")
    [note] = stored(app, room["event"])
    assert organiser.post(f"/events/{other}/debrief/notes/{note.id}/hide").status_code == 404
    assert not stored(app, room["event"])[0].hidden


def test_hiding_a_note_needs_the_pages_csrf_token(app, organiser, room):
    _send(organiser, room, flag="fun")
    [note] = stored(app, room["event"])
    app.config["WTF_CSRF_ENABLED"] = True
    response = organiser.post(f"/events/{room['event']}/debrief/notes/{note.id}/hide")
    assert response.status_code == 400
    assert not stored(app, room["event"])[0].hidden


def test_a_form_stored_by_another_request_at_the_same_instant_answers_with_that_note(app, room, monkeypatch):
    """The nonce check passes in both requests; the database's unique key stops the second."""
    from sqlalchemy.orm import Session as OrmSession

    from tournament.models import DebriefNote
    found = note_service._by_nonce
    calls = []

    def raced(session, event_id, nonce):
        calls.append(nonce)
        if len(calls) == 1:  # the other request commits between our check and our insert
            session.commit()  # (SQLite: a snapshot read before that write could not write at all)
            with OrmSession(app.extensions["db_engine"]) as other:
                other.add(DebriefNote(event_id=event_id, table_number=1, round_number=1, source="table",
                                      flag="fun", nonce=nonce))
                other.commit()
            return None
        return found(session, event_id, nonce)

    monkeypatch.setattr(note_service, "_by_nonce", raced)
    with app.app_context():
        session = db.session()
        sent = note_service.send_note(session, session.get(Event, room["event"]), source="table", table_number=1,
                                      author="", flag="fun", text=None, nonce="r" * 16)
        assert not sent.created and sent.note.nonce == "r" * 16
    assert len(stored(app, room["event"])) == 1


def test_another_note_under_a_used_forms_key_is_refused_not_dropped(app, client, room):
    page = client.get(f"/t/{room[1]}/note").get_data(as_text=True)
    keys = form_keys(page)
    assert client.post(f"/t/{room[1]}/note", data={**keys, "text": "first"}).status_code == 302
    again = client.post(f"/t/{room[1]}/note", data={**keys, "text": "second"})
    assert again.status_code == 409
    assert "already sent another note" in again.get_data(as_text=True)
    assert "second" in again.get_data(as_text=True)  # the refused form comes back filled in
    assert [note.text for note in stored(app, room["event"])] == ["first"]


def test_the_note_box_stops_at_the_note_limit_on_every_page_that_shows_it(client, room):
    pages = [f"/t/{room[1]}", f"/t/{room[1]}/note", f"/s/{room['public']}/{room['observer']}"]
    for path in pages:
        page = client.get(path).get_data(as_text=True)
        assert f'id="note-text" name="text" type="text" maxlength="{limits.MAX_NOTE_TEXT}"' in page, path
