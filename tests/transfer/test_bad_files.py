"""A malformed, truncated, wrong-version or hostile file is refused with a message naming the
problem, and the database is left exactly as it was."""

from __future__ import annotations

import copy
import io
import json

import pytest

from tests.transfer.conftest import row_counts, shown


@pytest.fixture
def document(organiser, imported, played_file) -> dict:
    """A played event's file, with that event in the database the refusals must leave alone."""
    return json.loads(played_file)


def _upload(client, raw: bytes, filename: str = "event.json"):
    return client.post("/events/import", data={"file": (io.BytesIO(raw), filename)},
                       content_type="multipart/form-data")


def _other_table_player(doc, round_index: int, game_index: int) -> str:
    game = doc["rounds"][round_index]["games"][game_index]
    return next(s["player"] for s in doc["rounds"][round_index]["seats"] if s["table"] != game["table"])


def _one_above_the_table(doc) -> dict[str, int]:
    """Game 1 of round 2 with one player taking a trick more than 28 cards make at that table."""
    game = doc["rounds"][1]["games"][0]
    seated = [s["player"] for s in doc["rounds"][1]["seats"] if s["table"] == game["table"]]
    return {player: (28 // len(seated) + 1 if index == 0 else 0) for index, player in enumerate(seated)}


def _set(path, value):
    """Mutator that sets doc[path...] = value (value may be a function of the document)."""
    def mutate(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(doc) if callable(value) else value
    return mutate


def _delete(path):
    def mutate(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


def _append(path, item):
    def mutate(doc):
        target = doc
        for key in path:
            target = target[key]
        target.append(item(doc) if callable(item) else item)
    return mutate


BAD_DOCUMENTS = {
    "wrong format marker": (_set(["format"], "excel"), "format: this is not a Five Tricks event file"),
    "newer version": (_set(["version"], 8), "version: the file has version 8 of the format; this app reads "
                      "versions 1, 2, 3, 4, 5, 6, 7."),
    "game missing": (_delete(["game"]), "is missing 'game'"),
    "game as a number": (_set(["game"], 7), "game: must be text"),
    "variant the game cannot read": (_set(["tables", 0, "variant"], "high-highest"), "tables[0].variant: "),
    "variant with a key too many": (_set(["tables", 0, "variant", "jokers"], True), "tables[0].variant: "),
    "version as text": (_set(["version"], "1"), "version: "),
    "version missing": (_delete(["version"]), "the file has no version"),
    "players missing": (_delete(["players"]), "is missing 'players'"),
    "winners field missing": (_delete(["rounds", 0, "games", 0, "winners"]),
                              "rounds[0].games[0]: is missing 'winners'"),
    "winners not a list": (_set(["rounds", 0, "games", 0, "winners"], "Ana"),
                           "rounds[0].games[0].winners: must be a list"),
    "players not a list": (_set(["players"], {}), "players: must be a list"),
    "minutes as text": (_set(["event", "round_minutes"], "7"), "event.round_minutes: must be a whole number"),
    "minutes as a decimal": (_set(["event", "round_minutes"], 7.5), "event.round_minutes: must be a whole number"),
    "minutes true": (_set(["event", "round_minutes"], True), "event.round_minutes: must be a whole number"),
    "manual as text": (_set(["rounds", 0, "seats", 0, "manual"], "yes"),
        "rounds[0].seats[0].manual: must be true or false"),
    "scores as a list": (_set(["rounds", 1, "games", 0, "scores"], [1, 2]),
        "rounds[1].games[0].scores: must be an object"),
    "negative minutes": (_set(["event", "round_minutes"], -5), "event.round_minutes: -5 is out of range"),
    "absurd minutes": (_set(["event", "round_minutes"], 10**12), "is out of range"),
    "absurd seed": (_set(["event", "shuffle_seed"], 2**40), "event.shuffle_seed: "),
    "negative table number": (_set(["tables", 0, "number"], -1), "tables[0].number: -1 is out of range"),
    "game number zero": (_set(["rounds", 0, "games", 0, "number"], 0), "rounds[0].games[0].number: 0 is out of range"),
    "version zero": (_set(["rounds", 0, "games", 0, "version"], 0), "rounds[0].games[0].version"),
    "negative tricks": (_set(["rounds", 1, "games", 0, "scores"],
                             lambda d: {k: -1 for k in d["rounds"][1]["games"][0]["scores"]}), "out of range"),
    "too many tricks": (_set(["rounds", 1, "games", 0, "scores"],
                             lambda d: {k: 9 for k in d["rounds"][1]["games"][0]["scores"]}),
        "more than the cards allow"),
    "more tricks than the table's game has": (_set(["rounds", 1, "games", 0, "scores"], _one_above_the_table),
        "cards make at most"),
    "unknown paper": (_set(["event", "paper_size"], "a0"), "event.paper_size: must be one of a4, letter"),
    "unknown status": (_set(["players", 0, "status"], "champion"), "players[0].status"),
    "unknown round state": (_set(["rounds", 0, "state"], "paused"), "rounds[0].state"),
    "bad variant": (_set(["tables", 0, "variant", "trump"], "stars"), "tables[0].variant"),
    "bad date": (_set(["rounds", 0, "started_at"], "yesterday"), "rounds[0].started_at: 'yesterday' is not a date"),
    "absurd date": (_set(["rounds", 0, "started_at"], "0001-01-01T00:00:00"), "out of range"),
    "player seated twice": (_append(["rounds", 0, "seats"], lambda d: dict(d["rounds"][0]["seats"][0])),
                            "is seated twice in round 1"),
    "winner not at the table": (_set(["rounds", 1, "games", 2, "winners"],
                                     lambda d: [_other_table_player(d, 1, 2)]),
                                "rounds[1].games[2]: the winner"),
    "winner with fewer tricks": (_set(["rounds", 1, "games", 0, "winners"],
                                      lambda d: [min(d["rounds"][1]["games"][0]["scores"],
                                                     key=d["rounds"][1]["games"][0]["scores"].get)]),
                                 "took fewer tricks than"),
    "two winners in Five Tricks": (_set(["rounds", 1, "games", 0, "winners"],
                                        lambda d: sorted(d["rounds"][1]["games"][0]["scores"])[:2]),
                                   "rounds[1].games[0]: only one winner can be marked"),
    "the same winner twice": (_set(["rounds", 0, "games", 0, "winners"],
                                   lambda d: d["rounds"][0]["games"][0]["winners"] * 2), "is listed twice"),
    "tricks for a player elsewhere": (_set(["rounds", 1, "games", 0, "scores"],
                                           lambda d: {_other_table_player(d, 1, 0): 1}), "is not seated at table"),
    "unknown winner": (_set(["rounds", 0, "games", 0, "winners"], ["Zed"]), "there is no player 'Zed'"),
    "unknown seat table": (_set(["rounds", 0, "seats", 0, "table"], 9),
        "rounds[0].seats[0].table: there is no table 9"),
    "unknown game table": (_set(["rounds", 0, "games", 0, "table"], 7), "there is no table 7"),
    "unknown home table": (_set(["players", 0, "home_table"], 3), "players[0].home_table: there is no table 3"),
    "gap in table numbers": (_set(["tables", 1, "number"], 5), "without gaps; missing 2"),
    "table twice": (_set(["tables", 1, "number"], 1), "table 1 appears twice"),
    "rounds out of order": (_set(["rounds", 0, "number"], 2), "rounds[0].number: is 2, expected 1"),
    "running round before the last": (_set(["rounds", 0, "state"], "running"), "only the last round can be planned"),
    "games in a planned round": (_set(["rounds", 2, "games"], lambda d: d["rounds"][1]["games"]),
                                 "a planned round cannot have games"),
    "game twice": (_append(["rounds", 0, "games"], lambda d: dict(d["rounds"][0]["games"][0])), "appears twice"),
    "name too long": (_set(["players", 0, "name"], "A" * 41), "players[0].name: "),
    "name blank": (_set(["players", 0, "name"], "   "), "players[0].name: cannot be empty"),
    "name with a control character": (_set(["players", 0, "name"], "An\x07a"), "control character"),
    "name with NUL": (_set(["players", 0, "name"], "Ana\x00"), "cannot be stored"),
    "name with a lone surrogate": (_set(["players", 0, "name"], "Ana\ud800"), "cannot be stored"),
    "same name ignoring accents": (_append(["players"], {"name": "ANA", "status": "seated", "home_table": 1}),
                                   "is the same name as 'Ána'"),
    "event name too long": (_set(["event", "name"], "x" * 500), "event.name: "),
    "audit text huge": (_set(["audit", 0, "old"], "x" * 5000), "audit[0].old: "),
    "audit time missing": (_set(["audit", 0, "at"], None), "audit[0].at: must be text"),
    "player is a list": (_set(["players", 0], ["Ana"]), "players[0]: must be an object"),
    "deeply nested junk inside": (_set(["players"], json.loads("[" * 500 + "]" * 500)),
        "players[0]: must be an object"),
    "rounds without tables": (_set(["tables"], []), "there is no table"),
    "table agreement missing": (_delete(["event", "table_agreement"]), "event: is missing 'table_agreement'"),
    "unknown table agreement": (_set(["event", "table_agreement"], "always"),
                                "event.table_agreement: must be one of off, ask, warn, not 'always'"),
    "unknown presence": (_set(["rounds", 0, "seats", 0, "presence"], "asleep"),
                         "rounds[0].seats[0].presence: must be one of here, missing, absent"),
    "unknown agreement": (_set(["rounds", 0, "games", 0, "agreement"], "maybe"),
                          "rounds[0].games[0].agreement: must be one of asked, agreed, disputed, settled"),
    "account as a number": (_set(["audit", 0, "account"], 7), "audit[0].account: must be text"),
    "wishes missing": (_delete(["wishes"]), "is missing 'wishes'"),
    "unknown wish kind": (_append(["wishes"], {"kind": "near", "players": ["Cleo", "Dan"]}),
                          "wishes[0].kind: must be one of apart, together"),
    "wish of one player": (_append(["wishes"], {"kind": "apart", "players": ["Cleo"]}),
                           "wishes[0].players: a wish names two players, not 1"),
    "wish of one player twice": (_append(["wishes"], {"kind": "apart", "players": ["Cleo", "Cleo"]}),
                                 "wishes[0].players: 'Cleo' is named twice"),
    "wish of an unknown player": (_append(["wishes"], {"kind": "together", "players": ["Cleo", "Zed"]}),
                                  "wishes[0].players[1]: there is no player 'Zed'"),
    "pair wished twice": (_set(["wishes"], [{"kind": "apart", "players": ["Cleo", "Dan"]},
                                            {"kind": "together", "players": ["Dan", "Cleo"]}]),
                          "wishes[1]: 'Dan' and 'Cleo' are already paired in wishes[0]"),
    "names shown unknown": (_set(["event", "names_shown"], "surname"),
                            "event.names_shown: must be one of full, initial, nickname"),
    "names shown missing": (_delete(["event", "names_shown"]), "is missing 'names_shown'"),
    "nickname as a number": (_set(["players", 0, "nickname"], 7), "players[0].nickname: must be text"),
    "nickname blank": (_set(["players", 0, "nickname"], "   "), "players[0].nickname: cannot be empty"),
    "nickname with a control character": (_set(["players", 0, "nickname"], "Fox\u0007 1"), "players[0].nickname: "),
    "nickname too long": (_set(["players", 0, "nickname"], "Fox " * 20),
                          "players[0].nickname: 'Fox Fox Fox"),
    "nickname shared": (lambda doc: [doc["players"][0].update(nickname="Otter 3"),
                                     doc["players"][1].update(nickname="OTTER 3")],
                        "players[1].nickname: 'OTTER 3' is the same nickname as 'Otter 3' (players[0])"),
    "nickname of another player's name": (lambda doc: doc["players"][0].update(nickname=doc["players"][1]["name"]),
                                          "is the name of another player (players[1])"),
}


@pytest.mark.parametrize("mutate, message", BAD_DOCUMENTS.values(), ids=BAD_DOCUMENTS.keys())
def test_a_bad_document_is_refused_naming_the_problem_and_nothing_changes(app, organiser, document, mutate,
                                                                           message):
    bad = copy.deepcopy(document)
    mutate(bad)
    before = row_counts(app)
    response = _upload(organiser, json.dumps(bad).encode())
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "nothing was changed" in text
    assert message in shown(text), text[-1500:]
    assert row_counts(app) == before


BAD_BYTES = {
    "not JSON": (b"name,round\nAna,1\n", "not valid JSON"),
    "not text": (bytes(range(256)), "not a text file in UTF-8"),
    "empty": (b"", "The file is empty"),
    "only spaces": (b"   \n", "The file is empty"),
    "not an object": (b"[1, 2, 3]", "expected a JSON object"),
    "a bare number": (b"42", "expected a JSON object"),
    "deeply nested junk": (b"[" * 200_000 + b"]" * 200_000, "nested far too deeply"),
    "an integer with thousands of digits": (b'{"format": ' + b"9" * 5000 + b"}", "not valid JSON"),
    "NaN": (b'{"format": "five-tricks-event", "version": NaN}', "version"),
}


@pytest.mark.parametrize("raw, message", BAD_BYTES.values(), ids=BAD_BYTES.keys())
def test_a_file_that_is_not_an_event_document_is_refused_and_nothing_changes(app, organiser, imported, raw, message):
    before = row_counts(app)
    response = _upload(organiser, raw)
    assert response.status_code == 400
    assert message in shown(response.get_data(as_text=True))
    assert row_counts(app) == before


@pytest.mark.parametrize("keep", [0.1, 0.5, 0.77, 0.999])
def test_a_truncated_file_is_refused_as_cut_off(app, organiser, document, keep):
    raw = json.dumps(document, indent=2, ensure_ascii=False).encode()
    before = row_counts(app)
    response = _upload(organiser, raw[: int(len(raw) * keep)])
    assert response.status_code == 400
    assert "cut off" in response.get_data(as_text=True)
    assert row_counts(app) == before


def test_posting_without_a_file_asks_for_one(app, organiser):
    response = organiser.post("/events/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose the event file" in response.get_data(as_text=True)


def test_a_file_with_another_extension_is_refused(app, organiser, document):
    response = _upload(organiser, json.dumps(document).encode(), filename="event.txt")
    assert response.status_code == 400 and "Choose a .json or .json.gz file" in response.get_data(as_text=True)


def test_a_file_larger_than_the_upload_limit_is_refused_with_413(app, organiser, imported):
    before = row_counts(app)
    response = _upload(organiser, b" " * (app.config["MAX_CONTENT_LENGTH"] + 1))
    assert response.status_code == 413 and "too large" in response.get_data(as_text=True)
    assert row_counts(app) == before


def test_unknown_fields_such_as_ids_are_ignored(app, organiser, document):
    document["id"] = 99
    document["event"]["id"] = 12
    document["players"][0]["id"] = "x"
    response = _upload(organiser, json.dumps(document).encode())
    assert response.status_code == 302


def test_the_upload_form_needs_a_csrf_token(app, organiser, document):
    app.config["WTF_CSRF_ENABLED"] = True
    before = row_counts(app)
    response = _upload(organiser, json.dumps(document).encode())
    assert response.status_code == 400
    assert row_counts(app) == before
