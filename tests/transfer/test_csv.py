"""Spreadsheet exports: one row per game, one row per player per closed round."""

from __future__ import annotations

import csv
import io
import json

from tests.app.helpers import seating
from tests.conftest import setup_event
from tests.transfer.conftest import play_round
from tournament.services import csv_export


def _rows(client, url: str) -> list[dict[str, str]]:
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    text = response.get_data().decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_games_csv_has_one_row_per_recorded_game_with_winner_and_tricks(organiser, played):
    document = json.loads(organiser.get(f"/events/{played}/export.json").get_data(as_text=True))
    rows = _rows(organiser, f"/events/{played}/games.csv")
    games = [(r["number"], g) for r in document["rounds"] for g in r["games"]]
    assert len(rows) == len(games) == 12
    for row, (round_number, game) in zip(rows, games, strict=True):
        assert (int(row["round"]), int(row["table"]), int(row["game"])) == (round_number, game["table"], game["number"])
        assert [row["winner"]] == game["winners"]
        expected = "; ".join(f"{name} {count}" for name, count in (game["scores"] or {}).items())
        assert row["tricks"] == expected
        assert game["winners"][0] in row["players"].split("; ")


def test_moves_csv_follows_the_next_rounds_seating(app, organiser, played):
    rows = _rows(organiser, f"/events/{played}/moves.csv")
    assert {r["round"] for r in rows} == {"1", "2"}
    for number in (1, 2):
        now, then = seating(app, played, number), seating(app, played, number + 1)
        mine = [r for r in rows if r["round"] == str(number)]
        assert {r["player"] for r in mine} == set(now)
        for row in mine:
            assert int(row["from_table"]) == now[row["player"]]
            assert int(row["to_table"]) == then[row["player"]]
            direction = (then[row["player"]] > now[row["player"]]) - (then[row["player"]] < now[row["player"]])
            assert row["move"] == {1: "up", 0: "stay", -1: "down"}[direction]
    assert any(r["moved_by_hand"] == "yes" for r in rows if r["round"] == "1")


def test_moves_csv_counts_games_won_in_the_round(organiser, played):
    games = _rows(organiser, f"/events/{played}/games.csv")
    moves = _rows(organiser, f"/events/{played}/moves.csv")
    for row in moves:
        won = sum(1 for g in games if g["round"] == row["round"] and g["winner"] == row["player"])
        assert int(row["games_won"]) == won


def test_names_that_look_like_formulas_cannot_run_in_a_spreadsheet(app, organiser):
    names = ["=HYPERLINK(\"x\")", "+Ben", "-Cleo", "@Dan", "Eve", "Fay"]
    event_id = setup_event(app, names, tables=2)
    play_round(app, organiser, event_id, 1)
    cells = [cell for row in _rows(organiser, f"/events/{event_id}/moves.csv") for cell in row.values()]
    assert "'=HYPERLINK(\"x\")" in cells and "'+Ben" in cells and "'-Cleo" in cells and "'@Dan" in cells
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)


def test_an_event_without_rounds_gives_just_the_headers(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo"], tables=1)
    assert _rows(organiser, f"/events/{event_id}/games.csv") == []
    assert _rows(organiser, f"/events/{event_id}/moves.csv") == []


FIVE_TRICKS_GAMES = {"game": "five-tricks", "rounds": [{"number": 1, "seats": [
    {"table": 1, "player": "Ana"}, {"table": 1, "player": "=Ben"}, {"table": 1, "player": "Cleo"},
    {"table": 2, "player": "Dan"}, {"table": 2, "player": "Émile"}], "games": [
    {"table": 1, "number": 1, "winners": ["=Ben"], "scores": {"Ana": 1, "=Ben": 3, "Cleo": 0}},
    {"table": 1, "number": 2, "winners": ["Ana"], "scores": None},
    {"table": 2, "number": 1, "winners": ["Émile"], "scores": None}]}]}


def test_games_csv_of_five_tricks_keeps_its_columns_byte_for_byte():
    # Exactly what the export wrote when a game had one winner and a "tricks" column.
    assert csv_export.games_csv(FIVE_TRICKS_GAMES) == (
        "\ufeffround,table,game,winner,players,tricks\r\n1,1,1,'=Ben,'=Ben; Ana; Cleo,Ana 1; =Ben 3; Cleo 0\r\n"
        "1,1,2,Ana,'=Ben; Ana; Cleo,\r\n1,2,1,Émile,Dan; Émile,\r\n")


def test_games_csv_names_several_winners_alphabetically_in_one_cell():
    document = {**FIVE_TRICKS_GAMES, "rounds": [{**FIVE_TRICKS_GAMES["rounds"][0], "games": [
        {"table": 2, "number": 1, "winners": ["Émile", "Dan"], "scores": None}]}]}
    rows = list(csv.DictReader(io.StringIO(csv_export.games_csv(document).removeprefix("\ufeff"))))
    assert [row["winner"] for row in rows] == ["Dan; Émile"]
