"""Download for research, on the debrief's class of 22 pupils: no real name anywhere in the ZIP,
the file imports as an ordinary event and replays to the same moves and standings, and the
notes are left out unless asked for (then with the names in them replaced)."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile

import pytest

from tests.conftest import log_in_organiser, make_app
from tests.debrief.class_event import OBSERVER, PUPILS, class_event
from tournament import db
from tournament.core.pseudonyms import pseudonyms
from tournament.models import Event
from tournament.services import csv_export, notes, transfer
from tournament.services.standings import compute_standings

EVERYONE = [*PUPILS, OBSERVER]
NOTE = "Amira explained the trump to Ben; Zoë and Ms Okafor agreed, Okafor wrote it down."
WORDS = sorted({word for name in EVERYONE for word in name.split() if len(word) > 2} | set(EVERYONE))


@pytest.fixture(scope="module")
def played(tmp_path_factory, pg_schema):
    """The debrief's class played to its end, with an observer's note naming pupils."""
    app = make_app(tmp_path_factory.mktemp("research"))
    client = log_in_organiser(app, app.test_client())
    event_id = class_event(app)
    with app.app_context():
        session = db.session()
        notes.send_note(session, session.get(Event, event_id), source="observer", table_number=2,
                        author=OBSERVER, flag=None, text=NOTE, nonce=None)
    yield app, client, event_id
    app.extensions["db_engine"].dispose()


def _members(raw: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        return {info.filename: archive.read(info).decode("utf-8") for info in archive.infolist()}


def _research(played, notes_too: bool = False) -> dict[str, str]:
    _app, client, event_id = played
    response = client.get(f"/events/{event_id}/research.zip" + ("?notes=1" if notes_too else ""))
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].endswith("-research.zip")
    return _members(response.get_data())


def _coded(sentence: str, code: dict[str, str]) -> str:
    """A sentence of the app's (a move's reason) with each real name replaced by its code."""
    for name, pseudonym in code.items():
        sentence = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", pseudonym, sentence)
    return sentence


def _real_names_in(text: str) -> set[str]:
    return {word for word in WORDS if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)}


@pytest.mark.parametrize("notes_too", [False, True], ids=["without notes", "with notes"])
def test_no_real_name_is_anywhere_in_the_research_zip(played, notes_too):
    _app, client, event_id = played
    raw = client.get(f"/events/{event_id}/research.zip" + ("?notes=1" if notes_too else "")).get_data()
    members = _members(raw)
    assert sorted(members) == ["event.json", "games.csv", "moves.csv"]
    for member, text in members.items():
        assert _real_names_in(text) == set(), member
    assert _real_names_in(raw.decode("latin-1")) == set()  # the archive's own bytes: member names too
    # The test can fail: the ordinary export of the same event names them.
    assert _real_names_in(client.get(f"/events/{event_id}/export.json").get_data(as_text=True)) >= set(PUPILS)


def test_the_research_file_imports_as_an_event_and_replays_to_the_same_moves_and_standings(played):
    app, _client, event_id = played
    members = _research(played)
    code = pseudonyms(EVERYONE)
    with app.app_context():
        session = db.session()
        original = session.get(Event, event_id)
        imported = transfer.import_bytes(session, members["event.json"].encode("utf-8"))
        # Every round's plan: who sat where, and every game's winners, under the pseudonyms.
        before = transfer.export_event(session, original)
        after = transfer.export_event(session, imported)
        for old, new in zip(before["rounds"], after["rounds"], strict=True):
            assert [(code[s["player"]], s["table"], s["manual"]) for s in old["seats"]] == \
                [(s["player"], s["table"], s["manual"]) for s in new["seats"]]
            assert [(g["table"], [code[w] for w in g["winners"]]) for g in old["games"]] == \
                [(g["table"], g["winners"]) for g in new["games"]]
        # The moves as the app derives them (ranking, alphabetical ties, movement) are the same.
        moves_before = list(csv.reader(io.StringIO(csv_export.moves_csv(before))))
        moves_after = list(csv.reader(io.StringIO(csv_export.moves_csv(after))))
        assert [[row[0], code.get(row[1], row[1]), *row[2:-1], _coded(row[-1], code)]
                for row in moves_before] == moves_after
        assert csv_export.moves_csv(after) == members["moves.csv"]

        def table(event):
            return [(row.player.name, row.games_won, row.rounds_won, row.current_table, row.highest_table,
                     row.path, row.games_by_round) for row in compute_standings(session, event).rows]
        assert [(code[name], *rest) for name, *rest in table(original)] == table(imported)


def test_the_csvs_carry_the_pseudonyms(played):
    members = _research(played)
    games = list(csv.DictReader(io.StringIO(members["games.csv"].lstrip("\ufeff"))))
    moves = list(csv.DictReader(io.StringIO(members["moves.csv"].lstrip("\ufeff"))))
    seated = {name for row in games for name in row["players"].split("; ")}
    assert seated and all(re.fullmatch(r"P\d\d", name) for name in seated)
    assert {row["player"] for row in moves} <= set(pseudonyms(EVERYONE).values())


def test_notes_and_the_change_log_are_left_out_unless_notes_are_asked_for(played):
    document = json.loads(_research(played)["event.json"])
    assert document["notes"] == [] and document["audit"] == []
    assert document["event"]["names_shown"] == "full"
    assert all("nickname" not in player for player in document["players"])
    assert document["tables"][2]["house_rule"] == "The dealer may not lead."
    assert document["event"]["name"] == "Class 9B"


def test_included_notes_have_every_name_replaced_by_its_pseudonym(played):
    document = json.loads(_research(played, notes_too=True)["event.json"])
    code = pseudonyms(EVERYONE)
    assert len(document["notes"]) == 8
    ours = document["notes"][-1]
    assert ours["author"] == code[OBSERVER]
    assert ours["text"] == (f"{code['Amira']} explained the trump to {code['Ben']}; {code['Zoë']} and "
                            f"{code[OBSERVER]} agreed, {code[OBSERVER]} wrote it down.")


def test_a_note_choice_other_than_ticked_or_not_is_refused_in_words(played):
    _app, client, event_id = played
    response = client.get(f"/events/{event_id}/research.zip?notes=yes-please")
    assert response.status_code == 400
    assert "Include notes" in response.get_data(as_text=True)
