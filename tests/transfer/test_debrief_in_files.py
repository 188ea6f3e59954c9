"""The debrief travels with the event: export, import, backups and restores carry whether the
rules were revealed, the step on the wall, the event's own steps, the replayed trick and every
note; Duplicate copies only the steps (a new class starts its debrief fresh)."""

from __future__ import annotations

import copy
import html
import io
import json
import re
from datetime import UTC, datetime

import pytest

from tests.corpus.names import CORPUS, Accepted
from tests.transfer.conftest import row_counts
from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.blueprints.service_config import backup_store
from tournament.core import limits
from tournament.models import DebriefNote, Event

STEPS = [{"title": "How did it <b>feel</b>?", "prompt": "One word each.", "view": ""},
         {"title": "Who moved?", "prompt": "", "view": "journeys"}]


def _upload(client, document: dict | bytes):
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                       content_type="multipart/form-data")


def _said(response) -> str:
    """The page's words, names' isolating marks taken away."""
    return html.unescape(re.sub(r"</?bdi>", "", response.get_data(as_text=True)))


def _new_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)[-800:]
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def _export(client, event_id: int) -> dict:
    return client.get(f"/events/{event_id}/export.json").get_json()


def _without_time(document: dict) -> dict:
    return unmarked(document)


def _note(event_id: int, **fields) -> DebriefNote:
    base = {"event_id": event_id, "at": datetime(2024, 5, 2, 9, 30, tzinfo=UTC), "round_number": 1,
            "table_number": 1, "source": "table", "author": "", "flag": None, "text": None, "hidden": False,
            "nonce": None}
    return DebriefNote(**{**base, **fields})


@pytest.fixture
def debriefed(app, played) -> int:
    """The played event, revealed, on step 2 of its own steps, with a trick and four notes."""
    with app.app_context():
        session = db.session()
        event = session.get(Event, played)
        event.debrief_revealed_at = datetime(2024, 5, 2, 10, 15, tzinfo=UTC)
        event.debrief_step = 1
        event.debrief_steps = copy.deepcopy(STEPS)
        event.debrief_trick = "7h Ac 2h 3s"
        session.add_all([
            _note(played, flag="disagreed", nonce="form-0001"),
            _note(played, at=datetime(2024, 5, 2, 9, 31, tzinfo=UTC), text="We played <i>hearts</i> low?",
                  nonce="form-0002"),
            _note(played, at=datetime(2024, 5, 2, 9, 32, tzinfo=UTC), source="observer", author="Ivo",
                  table_number=2, round_number=2, flag="confused", text="Ben kept winning", hidden=True),
            _note(played, at=datetime(2024, 5, 2, 9, 33, tzinfo=UTC), round_number=None, table_number=None,
                  text="Before the first round"),
        ])
        session.commit()
    return played


def test_the_debrief_and_every_note_survive_export_import_export(app, organiser, debriefed):
    first = _export(organiser, debriefed)
    assert first["version"] == 7
    assert first["debrief"] == {"revealed_at": "2024-05-02T10:15:00.000000Z", "step": 1, "steps": STEPS,
                                "trick": "7h Ac 2h 3s"}
    assert [n["nonce"] for n in first["notes"]] == ["form-0001", "form-0002", None, None]
    assert first["notes"][2] == {"at": "2024-05-02T09:32:00.000000Z", "round": 2, "table": 2, "source": "observer",
                                 "author": "Ivo", "flag": "confused", "text": "Ben kept winning", "hidden": True,
                                 "nonce": None}
    copy_id = _new_id(_upload(organiser, first))
    assert json.dumps(_without_time(_export(organiser, copy_id))) == json.dumps(_without_time(first))
    with app.app_context():
        event = db.session().get(Event, copy_id)
        assert (event.debrief_step, event.debrief_trick, event.debrief_steps) == (1, "7h Ac 2h 3s", STEPS)
        assert db.session().query(DebriefNote).filter_by(event_id=copy_id).count() == 4


def test_a_restored_backup_carries_the_debrief_and_the_notes(app, organiser, debriefed):
    with app.app_context():
        store = backup_store(app)
        event = db.session().get(Event, debriefed)
        name = store.write(db.session(), event).name
    new_id = _new_id(organiser.post(f"/events/{debriefed}/backups/{name}/restore"))
    restored, original = _export(organiser, new_id), _export(organiser, debriefed)
    assert restored["debrief"] == original["debrief"] and restored["notes"] == original["notes"]


def test_an_event_without_a_debrief_exports_nulls_and_no_notes(organiser, played):
    document = _export(organiser, played)
    assert document["debrief"] == {"revealed_at": None, "step": None, "steps": None, "trick": None}
    assert document["notes"] == []


def test_files_of_version_2_still_import_with_no_debrief_yet(app, organiser, debriefed):
    old = _export(organiser, debriefed)
    old["version"] = 2
    del old["debrief"]
    old["notes"] = "not read in a version 2 file"  # a key version 2 does not define is ignored
    copy_id = _new_id(_upload(organiser, old))
    again = _export(organiser, copy_id)
    assert again["debrief"] == {"revealed_at": None, "step": None, "steps": None, "trick": None}
    assert again["notes"] == [] and again["rounds"] == old["rounds"]


def test_duplicate_copies_the_debrief_steps_but_not_notes_reveal_step_or_trick(app, organiser, debriefed):
    response = organiser.post(f"/events/{debriefed}/duplicate")
    copy_id = int(response.headers["Location"].rsplit("/", 1)[1])
    document = _export(organiser, copy_id)
    assert document["debrief"] == {"revealed_at": None, "step": None, "steps": STEPS, "trick": None}
    assert document["notes"] == []
    with app.app_context():  # the copy's steps are its own: editing them leaves the original's
        event = db.session().get(Event, copy_id)
        event.debrief_steps[0]["title"] = "Changed"
        db.session().commit()
    assert _export(organiser, debriefed)["debrief"]["steps"] == STEPS


def _set(path, value):
    def mutate(document):
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _delete(path):
    def mutate(document):
        target = document
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


def _many_notes(count):
    def mutate(document):
        note = document["notes"][1]
        document["notes"] = [{**note, "nonce": f"nonce-{n:05d}"} for n in range(count)]
    return mutate


BAD_DEBRIEFS = {
    "debrief missing in version 3": (_delete(["debrief"]), "is missing 'debrief'"),
    "notes missing in version 3": (_delete(["notes"]), "is missing 'notes'"),
    "debrief not an object": (_set(["debrief"], []), "debrief: must be an object"),
    "revealed_at not a date": (_set(["debrief", "revealed_at"], "yesterday"),
                               "debrief.revealed_at: 'yesterday' is not a date"),
    "step past the last": (_set(["debrief", "step"], limits.MAX_DEBRIEF_STEPS),
                           "debrief.step: 20 is out of range (0 to 19)"),
    "step as text": (_set(["debrief", "step"], "2"), "debrief.step: must be a whole number"),
    "too many steps": (_set(["debrief", "steps"], [STEPS[1]] * (limits.MAX_DEBRIEF_STEPS + 1)),
                       "debrief.steps: has 21 entries; at most 20 are allowed"),
    "no steps at all": (_set(["debrief", "steps"], []), "debrief.steps: an event's own steps hold at least one step"),
    "blank step title": (_set(["debrief", "steps", 0, "title"], " \u200b "), "debrief.steps[0].title: cannot be empty"),
    "step title too long": (_set(["debrief", "steps", 0, "title"], "x" * (limits.MAX_STEP_TITLE + 1)),
                            "debrief.steps[0].title: is 81 characters long; at most 80 are allowed"),
    "step prompt too long": (_set(["debrief", "steps", 1, "prompt"], "y" * (limits.MAX_STEP_PROMPT + 1)),
                             "debrief.steps[1].prompt: is 401 characters long; at most 400 are allowed"),
    "step without a view": (_delete(["debrief", "steps", 0, "view"]), "debrief.steps[0]: is missing 'view'"),
    "view with markup": (_set(["debrief", "steps", 0, "view"], "<script>"),
                         "debrief.steps[0].view: '<script>' is not a view"),
    "trick with a card twice": (_set(["debrief", "trick"], "7h Ac 7h"), "debrief.trick: a card appears twice"),
    "trick not card codes": (_set(["debrief", "trick"], "7h,Ac"), "debrief.trick: '7h,Ac' is not a trick"),
    "trick with two spaces": (_set(["debrief", "trick"], "7h  Ac"), "debrief.trick: '7h  Ac' is not a trick"),
    "trick of one card": (_set(["debrief", "trick"], "7h"), "debrief.trick: '7h' is not a trick"),
    "trick with a card the deck lacks": (_set(["debrief", "trick"], "9h Ac"),
                                         "debrief.trick: “9h” is not a card of this game"),
    "trick longer than a typed one": (_set(["debrief", "trick"], "2h 3h 4h 5h 6h 7h"),
                                      "debrief.trick: Type 2 to 5 cards"),
    "notes not a list": (_set(["notes"], {}), "notes: must be a list"),
    "too many notes": (_many_notes(limits.MAX_NOTES + 1), "notes: has 2001 entries; at most 2000 are allowed"),
    "note text too long": (_set(["notes", 1, "text"], "z" * (limits.MAX_NOTE_TEXT + 1)),
                           "notes[1].text: is 281 characters long; at most 280 are allowed"),
    "note with neither flag nor text": (_set(["notes", 0, "flag"], None),
                                        "notes[0]: a note has an icon flag, a text, or both"),
    "note from an unknown source": (_set(["notes", 0, "source"], "teacher"),
                                    "notes[0].source: must be one of table, observer"),
    "table note with an author": (_set(["notes", 0, "author"], "Ben"),
                                  "notes[0].author: a table's phone sends notes without an author"),
    "observer note without an author": (_set(["notes", 2, "author"], ""), "notes[2].author: cannot be empty"),
    "flag not a key": (_set(["notes", 0, "flag"], "Disagreed!"), "notes[0].flag: 'Disagreed!' is not a key"),
    "flag the notes do not know": (_set(["notes", 0, "flag"], "angry"),
                                   "notes[0].flag: 'angry' is not one of the notes' icons"),
    "same form twice": (_set(["notes", 1, "nonce"], "form-0001"), "notes[1].nonce: is the same as notes[0]'s"),
    "nonce with spaces": (_set(["notes", 0, "nonce"], "a b"), "notes[0].nonce: 'a b' is not a key"),
    "hidden as text": (_set(["notes", 0, "hidden"], "no"), "notes[0].hidden: must be true or false"),
    "round zero": (_set(["notes", 0, "round"], 0), "notes[0].round: 0 is out of range"),
    "table past the limit": (_set(["notes", 0, "table"], limits.MAX_TABLES + 1), "notes[0].table: 201 is out of range"),
    "note without a time": (_delete(["notes", 0, "at"]), "notes[0]: is missing 'at'"),
}


@pytest.mark.parametrize("mutate, message", BAD_DEBRIEFS.values(), ids=BAD_DEBRIEFS.keys())
def test_a_bad_debrief_or_note_is_refused_naming_its_place_and_nothing_changes(app, organiser, debriefed, mutate,
                                                                               message):
    document = _export(organiser, debriefed)
    mutate(document)
    before = row_counts(app)
    with app.app_context():
        notes_before = db.session().query(DebriefNote).count()
    response = _upload(organiser, document)
    assert response.status_code == 400
    assert message in _said(response)
    assert row_counts(app) == before
    with app.app_context():
        assert db.session().query(DebriefNote).count() == notes_before


def _expected(raw: str, outcome) -> Accepted | str:
    """What a note's or a step's text must become: as for a name, except that the longer
    limits of notes take the one name refused for its length, and NUL is named by the file check."""
    if isinstance(outcome, Accepted):
        return outcome
    if "longer than" in outcome.fragment:
        return Accepted(raw)
    return "cannot be stored" if outcome.fragment == "U+0000" else outcome.fragment


@pytest.mark.parametrize("where", ["notes", "steps"])
def test_hostile_texts_in_notes_and_steps_are_stored_clean_or_refused_naming_their_place(app, organiser, debriefed,
                                                                                         where):
    template = _export(organiser, debriefed)
    accepted, wrong = [], []
    for label, (raw, outcome) in CORPUS.items():
        expected = _expected(raw, outcome)
        if isinstance(expected, Accepted):
            accepted.append((label, raw, expected.stored))
            continue
        document = copy.deepcopy(template)
        if where == "notes":
            document["notes"][1]["text"] = raw
            place = "notes[1].text"
        else:
            document["debrief"]["steps"][0]["title"] = raw
            place = "debrief.steps[0].title"
        response = _upload(organiser, document)
        page = _said(response)
        if response.status_code != 400 or place not in page or expected not in page:
            wrong.append(f"{label}: {response.status_code}, {expected!r} at {place} not said")
    for start in range(0, len(accepted), limits.MAX_DEBRIEF_STEPS):
        chunk = accepted[start:start + limits.MAX_DEBRIEF_STEPS]
        document = copy.deepcopy(template)
        if where == "notes":
            document["notes"] = [{**template["notes"][1], "text": raw, "nonce": f"nonce-{n:04d}"}
                                 for n, (_, raw, _) in enumerate(chunk)]
        else:
            document["debrief"]["steps"] = [{"title": raw, "prompt": raw, "view": ""} for _, raw, _ in chunk]
        again = _export(organiser, _new_id(_upload(organiser, document)))
        stored = ([n["text"] for n in again["notes"]] if where == "notes"
                  else [s["title"] for s in again["debrief"]["steps"]])
        wrong += [f"{label}: stored {got!r}"
                  for (label, _, want), got in zip(chunk, stored, strict=True) if got != want]
        if where == "steps":
            assert [s["prompt"] for s in again["debrief"]["steps"]] == [want for _, _, want in chunk]
    assert wrong == []


def test_notes_and_steps_with_markup_are_shown_escaped_on_the_import_refusal(app, organiser, debriefed):
    document = _export(organiser, debriefed)
    document["notes"][1]["text"] = "<script>alert(1)</script>\u202e"
    document["notes"][1]["hidden"] = "<img src=x onerror=alert(1)>"
    page = _upload(organiser, document).get_data(as_text=True)
    assert "<img src=x" not in page and "<script>alert" not in page
