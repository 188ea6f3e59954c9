"""A closed round's outcome is frozen to its seats and games, and every screen reads it from one
function: the results page, the projector, moves.csv and the standings agree."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from sqlalchemy import select

from tests.app.helpers import player_ids, seating, winners_form
from tests.conftest import setup_event
from tournament import db
from tournament.models import Event, Game, Player, Round, Table

# Seven tables of four. Table 7 (the top table) holds Wanda, Zoë, Abel and Bea in round 1.
TOP = ["Abel", "Bea", "Wanda", "Zoë"]
OTHERS = [f"Player {n:02}" for n in range(24)]


def _homes(app, event_id: int) -> None:
    """Home tables in name order, table 7 holding TOP (the table plan itself is random)."""
    with app.app_context():
        session = db.session()
        tables = {t.number: t for t in session.scalars(select(Table).where(Table.event_id == event_id))}
        players = {p.name: p for p in session.scalars(select(Player).where(Player.event_id == event_id))}
        for index, name in enumerate(OTHERS):
            players[name].home_table = tables[index // 4 + 1]
        for name in TOP:
            players[name].home_table = tables[7]
        session.commit()


def _play(organiser, app, event_id: int, number: int, top_winners: list[str]) -> None:
    """Every table reports: tables 1-6 the alphabetically first player wins one game; table 7
    gets `top_winners`."""
    at = seating(app, event_id, number)
    for table in range(1, 8):
        names = sorted(n for n, t in at.items() if t == table)
        winners = top_winners if table == 7 else names[:1]
        response = organiser.post(f"/events/{event_id}/rounds/{number}/tables/{table}",
                                  data=winners_form(app, event_id, winners))
        assert response.status_code == 302, response.get_data(as_text=True)[:400]


def _card(page: str, table: int) -> str:
    page = page.replace("<bdi>", "").replace("</bdi>", "")  # names sit in isolates
    start = page.index(f"<h2>Table {table}</h2>")
    return page[start:page.index("</section>", start)]


def _rows(card: str) -> dict[str, tuple[int, bool, str]]:
    """name -> (games, round winner, text of the move cell)."""
    found = {}
    card = card.replace("<bdi>", "").replace("</bdi>", "")  # names sit in isolates
    for name, badge, games, move in re.findall(
            r"<td>([^<]+?)( <span class=\"badge ok\">round winner</span>)?</td>\s*"
            r"<td class=\"num\">(\d+)</td>\s*<td>(.*?)</td>", card, re.S):
        found[html.unescape(name)] = (int(games), bool(badge), re.sub(r"<[^>]+>", "", move).strip())
    return found


def _csv(client, url: str) -> list[dict[str, str]]:
    response = client.get(url)
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.get_data().decode("utf-8-sig"))))


def _feed(app, client, event_id: int) -> dict:
    with app.app_context():
        token = db.session().get(Event, event_id).projector_token
    return client.get(f"/p/{token}/feed.json").get_json()


def _game_versions(app, event_id: int, round_number: int, table: int) -> dict[int, int]:
    with app.app_context():
        rows = db.session().execute(
            select(Game.number, Game.version).join(Round).join(Table, Game.table_id == Table.id)
            .where(Round.event_id == event_id, Round.number == round_number, Table.number == table))
        return dict(rows.all())


@pytest.fixture
def event(app):
    event_id = setup_event(app, OTHERS + TOP, tables=7)
    _homes(app, event_id)
    return event_id


def test_withdrawn_player_stays_in_past_round_results_on_every_screen(app, organiser, client, event):
    organiser.post(f"/events/{event}/rounds/start")
    # Table 7, four games: Wanda 2, Abel 1, Zoë 1, Bea 0.
    _play(organiser, app, event, 1, ["Wanda", "Wanda", "Zoë", "Abel"])
    organiser.post(f"/events/{event}/rounds/1/close")
    wanda = player_ids(app, event)["Wanda"]
    assert organiser.post(f"/events/{event}/players/{wanda}/status/withdrawn").status_code == 302

    rows = _rows(_card(organiser.get(f"/events/{event}/rounds/1/results").get_data(as_text=True), 7))
    assert {name: games for name, (games, _w, _m) in rows.items()} == {"Wanda": 2, "Abel": 1, "Zoë": 1, "Bea": 0}
    assert sum(games for games, _w, _m in rows.values()) == 4  # all four games, all four winners
    assert [name for name, (_g, winner, _m) in rows.items() if winner] == ["Wanda"]
    assert rows["Wanda"][2] == "○ not seated next round"
    assert rows["Abel"][2] == "● stays at 7" and rows["Zoë"][2] == "● stays at 7"

    feed = _feed(app, client, event)
    assert feed["phase"] == "results" and feed["round"] == 1
    top = next(t for t in feed["results"] if t["number"] == 7)
    assert [(r["name"], r["games"], r["winner"], r["direction"]) for r in top["rows"]] == [
        ("Wanda", 2, True, "out"), ("Abel", 1, False, "stay"), ("Zoë", 1, False, "stay"), ("Bea", 0, False, "down")]

    moves = {r["player"]: r for r in _csv(organiser, f"/events/{event}/moves.csv") if r["round"] == "1"}
    assert (moves["Wanda"]["games_won"], moves["Wanda"]["round_winner"], moves["Wanda"]["move"]) == ("2", "yes", "out")
    assert sum(int(r["games_won"]) for r in moves.values() if r["from_table"] == "7") == 4
    games = [r for r in _csv(organiser, f"/events/{event}/games.csv") if r["round"] == "1" and r["table"] == "7"]
    assert [g["winner"] for g in games] == ["Wanda", "Wanda", "Zoë", "Abel"]

    standings = organiser.get(f"/events/{event}/standings").get_data(as_text=True)
    assert "Wanda" in standings
    from tournament.services.standings import compute_standings
    with app.app_context():
        session = db.session()
        by_name = {r.player.name: r for r in compute_standings(session, session.get(Event, event)).rows}
    assert (by_name["Wanda"].games_won, by_name["Wanda"].rounds_won) == (2, 1)
    assert sum(r.rounds_won for r in by_name.values()) == 7  # one winner per table


def test_correcting_an_old_round_shows_the_move_that_happened_and_says_why(app, organiser, client, event):
    organiser.post(f"/events/{event}/rounds/start")
    _play(organiser, app, event, 1, ["Wanda", "Wanda", "Zoë", "Abel"])
    organiser.post(f"/events/{event}/rounds/1/close")
    organiser.post(f"/events/{event}/rounds/start")
    # Round 2 at table 7: Wanda 2, Zoë 1, Abel 0 and one up-mover from table 6 with 0.
    at_top = sorted(n for n, t in seating(app, event, 2).items() if t == 7)
    assert {"Wanda", "Zoë", "Abel"} <= set(at_top) and len(at_top) == 4
    _play(organiser, app, event, 2, ["Wanda", "Wanda", "Zoë"])
    organiser.post(f"/events/{event}/rounds/2/close")
    assert seating(app, event, 3)["Zoë"] == 7  # second of four at the top table: stays
    organiser.post(f"/events/{event}/rounds/start")
    _play(organiser, app, event, 3, ["Wanda"])

    # Zoë's game in round 2 was in fact won by Abel: the ranking now sends Zoë down...
    versions = _game_versions(app, event, 2, 7)
    form = winners_form(app, event, ["Wanda", "Wanda", "Abel"])
    for index, number in enumerate(sorted(versions)):
        form[f"games-{index}-version"] = str(versions[number])
    organiser.post(f"/events/{event}/rounds/2/tables/7", data=form)
    assert seating(app, event, 3)["Zoë"] == 7  # ...but she had already played round 3 there.

    page = organiser.get(f"/events/{event}/rounds/2/results").get_data(as_text=True)
    card = _card(page, 7)
    rows = _rows(card)
    assert rows["Zoë"][:2] == (0, False)
    assert rows["Zoë"][2] == "● stays at 7"
    assert "▼ down to table 6" not in rows["Zoë"][2]
    sentence = ("After the correction the ranking would have sent Zoë down to table 6; "
                "Zoë had already played round 3 at table 7.")
    assert sentence in html.unescape(card)

    moves = {r["player"]: r for r in _csv(organiser, f"/events/{event}/moves.csv") if r["round"] == "2"}
    assert (moves["Zoë"]["to_table"], moves["Zoë"]["move"], moves["Zoë"]["note"]) == ("7", "stay", sentence)
    # The player who now ranks third moved as the ranking called for when round 2 closed.
    assert moves["Abel"]["games_won"] == "1"


def test_table_that_reported_no_game_has_no_round_winner_on_any_screen(app, organiser, client, event):
    organiser.post(f"/events/{event}/rounds/start")
    at = seating(app, event, 1)
    for table in range(1, 7):  # table 7 reports nothing
        names = sorted(n for n, t in at.items() if t == table)
        organiser.post(f"/events/{event}/rounds/1/tables/{table}", data=winners_form(app, event, names[:1]))
    preview = html.unescape(organiser.get(f"/events/{event}/rounds/1/close").get_data(as_text=True))
    assert "no round winner and nobody there moves" in preview
    organiser.post(f"/events/{event}/rounds/1/close")

    page = html.unescape(organiser.get(f"/events/{event}/rounds/1/results").get_data(as_text=True))
    card = _card(page, 7)
    assert "round winner</span>" not in card
    assert "Table 7 reported no game, so it has no round winner and nobody there moves" in card
    assert {move for _g, _w, move in _rows(card).values()} == {"● stays at 7"}
    assert all(seating(app, event, 2)[name] == 7 for name in TOP)

    top = next(t for t in _feed(app, client, event)["results"] if t["number"] == 7)
    assert not any(r["winner"] for r in top["rows"]) and top["reported"] is False
    assert any("No game reported" in note for note in top["notes"])
    moves = [r for r in _csv(organiser, f"/events/{event}/moves.csv") if r["from_table"] == "7"]
    assert {(r["round_winner"], r["move"]) for r in moves} == {("no", "stay")}
    from tournament.services.standings import compute_standings
    with app.app_context():
        session = db.session()
        rows = compute_standings(session, session.get(Event, event)).rows
    assert sum(r.rounds_won for r in rows) == 6
    assert all(r.rounds_won == 0 for r in rows if r.player.name in TOP)
