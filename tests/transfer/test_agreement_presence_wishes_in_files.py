"""Version 6 of the event file: where a table stands on its results, who is at each seat, which
account made a change, and the seating wishes travel through export and import; older files
import as the database upgrade made stored events."""

from __future__ import annotations

import copy
import io
import json

import pytest
from sqlalchemy import select

from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.models import Event, Player, SeatingWish


def _upload(client, document: dict):
    return client.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "event.json")},
                       content_type="multipart/form-data")


def _imported_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def _export(client, event_id: int) -> dict:
    return client.get(f"/events/{event_id}/export.json").get_json()


@pytest.fixture
def document(played_file) -> dict:
    return json.loads(played_file)


def _with_everything_said(document: dict) -> dict:
    """The played event's file with every new field of version 6 set, as the app writes them:
    the two names of a wish in name order."""
    said = copy.deepcopy(document)
    said["event"]["table_agreement"] = "warn"
    first_round = said["rounds"][0]
    for seat, presence in zip(first_round["seats"], ("here", "missing", "absent"), strict=False):
        seat["presence"] = presence
    for game, agreement in zip(said["rounds"][1]["games"], ("asked", "agreed", "disputed", "settled"), strict=False):
        game["agreement"] = agreement
    said["audit"][0]["account"] = "teacher"
    said["audit"][1]["account"] = "Mr <b>Helper</b>"
    names = [p["name"] for p in said["players"]]  # the file's name order
    said["wishes"] = [{"kind": "apart", "players": [names[0], names[1]]},
                      {"kind": "together", "players": [names[0], names[4]]},
                      {"kind": "apart", "players": [names[2], names[9]]}]
    return said


def test_agreements_presence_accounts_and_wishes_survive_export_import_export(app, organiser, document):
    said = _with_everything_said(document)
    copy_id = _imported_id(_upload(organiser, said))
    again = _export(organiser, copy_id)
    assert again["version"] == 7
    assert unmarked(again) == unmarked(said)
    assert _imported_id(_upload(organiser, again)) != copy_id
    with app.app_context():
        assert db.session().get(Event, copy_id).table_agreement.value == "warn"


def test_nobody_said_is_left_out_of_the_file_rather_than_written_as_null(organiser, document):
    """A game entered by the organiser, a seat nobody reported: no key."""
    assert document["event"]["table_agreement"] == "ask" and document["wishes"] == []
    assert not any("presence" in seat for r in document["rounds"] for seat in r["seats"])
    assert not any("agreement" in game for r in document["rounds"] for game in r["games"])


def test_a_version_5_file_imports_asking_the_tables_with_nobody_said_and_no_wishes(organiser, document):
    old = _with_everything_said(document)
    old["version"] = 5  # version 5 had none of these: they are not read
    del old["event"]["table_agreement"], old["wishes"]
    again = _export(organiser, _imported_id(_upload(organiser, old)))
    assert again["event"]["table_agreement"] == "ask" and again["wishes"] == []
    assert not any("presence" in seat for r in again["rounds"] for seat in r["seats"])
    assert not any("agreement" in game for r in again["rounds"] for game in r["games"])
    assert not any("account" in line for line in again["audit"])
    for line in document["audit"]:
        line.pop("account", None)
    assert unmarked(again, "version") == unmarked(document, "version")


def test_wishes_keep_the_order_listed_which_decides_them_and_each_pair_is_written_in_name_order(
        app, organiser, document):
    names = [p["name"] for p in document["players"]]
    document["wishes"] = [{"kind": "together", "players": [names[3], names[2]]},
                          {"kind": "apart", "players": [names[1], names[0]]}]
    copy_id = _imported_id(_upload(organiser, document))
    assert _export(organiser, copy_id)["wishes"] == [{"kind": "together", "players": [names[2], names[3]]},
                                                     {"kind": "apart", "players": [names[0], names[1]]}]
    with app.app_context():
        session = db.session()
        ids = dict(session.execute(select(Player.name, Player.id).where(Player.event_id == copy_id)).all())
        stored = {(w.kind.value, w.first_player_id, w.second_player_id)
                  for w in session.scalars(select(SeatingWish).where(SeatingWish.event_id == copy_id))}
    assert stored == {("together", *sorted((ids[names[2]], ids[names[3]]))),
                      ("apart", *sorted((ids[names[0]], ids[names[1]])))}


def test_duplicate_copies_the_wishes_of_copied_players_and_the_agreement_setting_not_presence(
        organiser, document):
    said = _with_everything_said(document)
    said["wishes"].append({"kind": "apart", "players": ["Gus", "Jo"]})  # Jo withdrew: not copied
    original_id = _imported_id(_upload(organiser, said))
    response = organiser.post(f"/events/{original_id}/duplicate")
    assert response.status_code == 302
    duplicate = _export(organiser, int(response.headers["Location"].rsplit("/", 1)[1]))
    assert duplicate["event"]["table_agreement"] == "warn"
    assert duplicate["wishes"] == [w for w in said["wishes"] if "Jo" not in w["players"]]
    assert duplicate["rounds"] == [] and duplicate["audit"] == []
