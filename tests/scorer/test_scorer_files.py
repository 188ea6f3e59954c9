"""Event files carry each scored game's sheet (players by name) and each table's house rule:
export -> import -> export gives the same document, the imported sheet names the new players'
ids, and a file whose sheet contradicts its result is refused, naming the table and game."""

from __future__ import annotations

import copy
import io
import json

import pytest

from tests.scorer.conftest import card_event, stored
from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.models import Event, Game, Player, Table


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _upload(client, document: dict):
    raw = json.dumps(document).encode()
    return client.post("/events/import", data={"file": (io.BytesIO(raw), "event.json")},
                       content_type="multipart/form-data")


def _new_event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def _without_time(document: dict) -> dict:
    return unmarked(document)


@pytest.fixture
def scored(app, client, organiser, highest_card):
    """Table 1 scored game 1 to its end and game 2 half-way; table 2 has a house rule."""
    card = card_event(app)
    names = sorted(card.seated[1])
    for seen, who in enumerate([names[0], names[1], names[0], names[0]]):
        assert client.post(f"/t/{card.tokens[1]}/games/1/score",
                           data={"seen": str(seen), "top": str(card.seated[1][who])}).status_code == 302
    client.post(f"/t/{card.tokens[1]}/games/2/score", data={"seen": "0", "top": str(card.seated[1][names[1]])})
    with app.app_context():
        session = db.session()
        session.query(Table).filter_by(event_id=card.event_id, number=2).one().house_rule = "Jokers are wild — <b>!"
        session.commit()
    return card


def _game(document: dict, table: int, number: int) -> dict:
    return next(g for g in document["rounds"][0]["games"] if (g["table"], g["number"]) == (table, number))


def test_a_scored_games_sheet_travels_with_player_names_and_round_trips(app, organiser, scored):
    first = _export(organiser, scored.event_id)
    names = sorted(scored.seated[1])
    assert _game(first, 1, 1)["sheet"] == [{"top": names[0]}, {"top": names[1]}, {"top": names[0]}, {"top": names[0]}]
    assert _game(first, 1, 1)["winners"] == [names[0]]
    assert first["tables"][1]["house_rule"] == "Jokers are wild — <b>!" and "house_rule" not in first["tables"][0]
    copy_id = _new_event_id(_upload(organiser, first))
    assert json.dumps(_without_time(_export(organiser, copy_id))) == json.dumps(_without_time(first))
    # The imported sheet names the new event's players by their new ids.
    with app.app_context():
        new_ids = {p.name: p.id for p in db.session().query(Player).filter_by(event_id=copy_id)}
    assert set(new_ids.values()).isdisjoint(scored.seated[1].values())
    sheet, _winners, _version = stored(app, copy_id, 1, 1)
    assert sheet[0] == {"top": str(new_ids[names[0]])}


def test_an_imported_sheet_can_be_scored_on(app, organiser, client, scored):
    copy_id = _new_event_id(_upload(organiser, _export(organiser, scored.event_id)))
    with app.app_context():
        token = db.session().query(Table).filter_by(event_id=copy_id, number=1).one().token
        who = db.session().query(Player).filter_by(event_id=copy_id, name=sorted(scored.seated[1])[1]).one().id
    response = client.post(f"/t/{token}/games/2/score", data={"seen": "1", "top": str(who)})
    assert response.status_code == 302
    assert len(stored(app, copy_id, 1, 2)[0]) == 2


def test_a_file_whose_sheet_contradicts_its_result_is_refused_naming_table_and_game(app, organiser, scored):
    document = _export(organiser, scored.event_id)
    game = _game(document, 1, 2)
    other = next(name for name in sorted(scored.seated[1]) if [name] != game["winners"])
    game["winners"] = [other]
    before = _counts(app)
    response = _upload(organiser, document)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "table 1, game 2: the sheet adds up to" in text and "as the winner" in text
    assert _counts(app) == before


@pytest.mark.parametrize(("change", "fragment"), [
    (lambda g: g["sheet"].append({"top": g["sheet"][0]["top"]}), "table 1, game 1, draw 5: the match is already over"),
    (lambda g: g["sheet"].__setitem__(0, {"top": "Nobody"}), "table 1, game 1, draw 1: the highest card"),
    (lambda g: g["sheet"].__setitem__(0, {"who": 1}), "table 1, game 1, draw 1: a draw names"),
    (lambda g: g.__setitem__("sheet", "three draws"), "must be a list"),
    (lambda g: g.__setitem__("sheet", []), "an empty sheet"),
    (lambda g: g.__setitem__("sheet", [{"top": "x"}] * 50), "at most 5 are allowed"),
])
def test_a_sheet_with_an_entry_the_scorer_refuses_is_refused_and_nothing_is_imported(
        app, organiser, scored, change, fragment):
    document = _export(organiser, scored.event_id)
    change(_game(document, 1, 1))
    before = _counts(app)
    response = _upload(organiser, document)
    assert response.status_code == 400, fragment
    assert fragment in response.get_data(as_text=True)
    assert _counts(app) == before


@pytest.mark.parametrize(("rule", "fragment"), [("x" * 121, "at most 120"), ("Wild\u202ejokers", "U+202E"),
                                                ("   ", "cannot be")])
def test_a_house_rule_in_a_file_passes_the_gate_of_typed_text(app, organiser, scored, rule, fragment):
    document = _export(organiser, scored.event_id)
    document["tables"][0]["house_rule"] = rule
    response = _upload(organiser, document)
    assert response.status_code == 400 and fragment in response.get_data(as_text=True), response.get_data(as_text=True)


def test_a_file_without_sheets_or_house_rules_imports_as_before(app, organiser, scored):
    document = _export(organiser, scored.event_id)
    older = copy.deepcopy(document)
    for table in older["tables"]:
        table.pop("house_rule", None)
    for game in older["rounds"][0]["games"]:
        game.pop("sheet", None)
    copy_id = _new_event_id(_upload(organiser, older))
    again = _export(organiser, copy_id)
    assert json.dumps(_without_time(again)) == json.dumps(_without_time(older))
    assert stored(app, copy_id, 1, 1)[0] is None


def test_a_sheet_on_a_game_without_a_scorer_is_refused(app, organiser):
    from tests.conftest import setup_event
    from tournament.services import rounds

    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan"], tables=1)
    with app.app_context():
        event = db.session().get(Event, event_id)
        rounds.start_round(db.session(), event)
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data={
        "games-0-number": "1", "games-0-version": "", "games-0-winner": _id(app, event_id, "Ana")})
    document = _export(organiser, event_id)
    assert document["rounds"][0]["games"], document
    document["rounds"][0]["games"][0]["sheet"] = [{"top": "Ana"}]
    response = _upload(organiser, document)
    assert response.status_code == 400 and "a game has no sheet" in response.get_data(as_text=True)


def _id(app, event_id: int, name: str) -> str:
    with app.app_context():
        return str(db.session().query(Player).filter_by(event_id=event_id, name=name).one().id)


def _counts(app) -> tuple[int, int]:
    with app.app_context():
        session = db.session()
        return session.query(Event).count(), session.query(Game).count()
