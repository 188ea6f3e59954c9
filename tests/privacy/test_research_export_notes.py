"""Included notes in the research file: every player's name, a word of it that only one player
has, and a nickname become that player's code where they stand as whole words, in lower or upper
case too; a word two players share becomes "P?"; a longer word that merely starts like a name
stays."""

from __future__ import annotations

from tests.conftest import setup_event
from tournament import db
from tournament.core.pseudonyms import pseudonyms
from tournament.models import Event, Player
from tournament.services import nicknames, notes
from tournament.services.research_export import UNSURE, research_document

NAMES = ["Ana García", "Ana Torres", "Anabel Ruiz", "Kai"]


def test_names_words_of_names_and_nicknames_in_notes_become_codes(app):
    event_id = setup_event(app, NAMES, tables=1)
    code = pseudonyms(NAMES)
    with app.app_context():
        session = db.session()
        kai = session.query(Player).filter_by(event_id=event_id, name="Kai").one()
        nicknames.set_nickname(session, event_id, kai.id, "Otter 3")
        notes.send_note(session, session.get(Event, event_id), source="table", table_number=1, author="",
                        flag=None, text="Ana García helped Anabel; García and Torres argued, Otter 3 and Ana "
                        "laughed at Anabella's joke; kai and GARCÍA did not.", nonce=None)
        document = research_document(session, session.get(Event, event_id), include_notes=True)
        left_out = research_document(session, session.get(Event, event_id))
    assert [note["text"] for note in document["notes"]] == [
        f"{code['Ana García']} helped {code['Anabel Ruiz']}; {code['Ana García']} and {code['Ana Torres']} "
        f"argued, {code['Kai']} and {UNSURE} laughed at Anabella's joke; {code['Kai']} and {code['Ana García']} "
        "did not."]
    assert left_out["notes"] == []
