"""A whole Euchre event through the organiser's pages and a table's phone, with the plain results
form (a winning team ticked per game): setup, printing, three rounds, moves, standings and the
event file."""

from __future__ import annotations

import csv
import html
import io
import json

from sqlalchemy import select

from tests.app.helpers import page_text, seating, shown_text
from tests.room.conftest import seated, tokens
from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.core import plan_moves
from tournament.games import settings as declared
from tournament.games.euchre import EUCHRE, EuchreVariant
from tournament.models import Event, Player, PlayerStatus
from tournament.services import transfer_schema

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea",
         "Mo", "Nell", "Oli", "Pia", "Quin", "Rui"]  # 18: four tables of four and two observers


def _event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _results(round_number: int, games: list[list[int]]) -> dict[str, str]:
    """A table's results form: per game the ticked winning team's ids (empty: no game)."""
    data: dict[str, str] = {"round": str(round_number)}
    for index, winners in enumerate(games):
        data[f"games-{index}-number"] = str(index + 1)
        data[f"games-{index}-version"] = ""
        data[f"games-{index}-winner"] = ",".join(str(i) for i in sorted(winners))
    return data


def _teams(players: dict[str, int]) -> tuple[list[int], list[int]]:
    """The two teams of a table whose players sit in this (seat) order: opposite seats."""
    ids = list(players.values())
    return [ids[0], ids[2]], [ids[1], ids[3]]


def _play_round(app, organiser, event_id: int, number: int, won: dict[str, int],
                phone_token: str | None = None) -> dict[int, dict[str, int]]:
    """Every table reports (table 1 from its phone when given): the opposite-seat team of the
    first player wins a game, the other team a second one, and a level third game counts for
    nobody; table 2 plays only one game."""
    tables = {}
    for table in (1, 2, 3, 4):
        players = seated(app, event_id, table)
        assert len(players) == 4
        first, second = _teams(players)
        games = [first] if table == 2 else [first, second, []]
        data = _results(number, games)
        if table == 1 and phone_token:
            response = app.test_client().post(f"/t/{phone_token}", data=data)
        else:
            response = organiser.post(f"/events/{event_id}/rounds/{number}/tables/{table}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        names = {pid: name for name, pid in players.items()}
        tables[table] = {name: 0 for name in players}
        for winners in games:
            for pid in winners:
                tables[table][names[pid]] += 1
                won[names[pid]] += 1
    return tables


def test_a_whole_euchre_event_runs_with_teams_winning_games(app, organiser, client):
    # Setup: a Euchre event; 18 names fit tables of four only with two observers.
    event_id = _event_id(organiser.post("/events", data={"name": "Euchre night", "round_minutes": "20",
                                                         "game": "euchre"}))
    assert "Euchre" in organiser.get(f"/events/{event_id}").get_data(as_text=True)
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    # Euchre is played in fours only: the plan is always equal tables, the rest observe.
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    with app.app_context():
        observers = db.session().scalars(select(Player).where(
            Player.event_id == event_id, Player.status == PlayerStatus.OBSERVER)).all()
        assert len(observers) == 2
    tables_page = page_text(organiser.get(f"/events/{event_id}/tables"))
    variants = declared.default_variants(EUCHRE.settings, 4)
    for variant in variants:
        assert str(declared.summary(EUCHRE.settings, variant)) in tables_page

    # The rules page draws Euchre's settings and stores what it reads back.
    rules = organiser.get(f"/events/{event_id}/tables/1/rules").get_data(as_text=True)
    assert 'name="no_trump"' in rules and 'name="stick_the_dealer"' in rules and 'name="trump"' not in rules
    changed = organiser.post(f"/events/{event_id}/tables/1/rules", data={"stick_the_dealer": "y"})
    assert changed.status_code == 302, changed.get_data(as_text=True)
    variants = (EuchreVariant(no_trump=False, stick_the_dealer=True), *variants[1:])
    preview = organiser.get(f"/events/{event_id}/print/preview?no_trump=y&table=1").get_data(as_text=True)
    assert "no-trump hand" in preview and "misdeal" in preview and 'class="marker"' in preview

    # Printing: Euchre's rule sheets (two copies a table), its guide paragraphs, its slip hint.
    sheets = shown_text(organiser.get(f"/events/{event_id}/print/sheets"))
    copies = 2
    assert sheets.count("<h1>Euchre</h1>") == 4 * copies
    assert sheets.count("no-trump hand") == copies * sum(v.no_trump for v in variants)
    assert sheets.count("it is a misdeal") == copies * sum(not v.stick_the_dealer for v in variants)
    guide = html.unescape(page_text(organiser.get(f"/events/{event_id}/print/guide")))
    for paragraph in EUCHRE.guide_paragraphs():
        assert str(paragraph.text) in guide
    slips = html.unescape(page_text(organiser.get(f"/events/{event_id}/print/slips")))
    assert str(EUCHRE.slip_hint) in slips
    for page in (sheets, guide, slips):
        assert "Five Tricks" not in page

    # Round 1: a 20-minute round opens with one game row; a phone reports table 1.
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    entry = organiser.get(f"/events/{event_id}/rounds/1/tables/2").get_data(as_text=True)
    shown = entry.split("<template data-row-template>")[0]  # the row the page's script copies
    assert 'name="games-0-winner"' in shown and 'name="games-1-winner"' not in shown
    first, second = _teams(seated(app, event_id, 1))
    phone = app.test_client()
    token = tokens(app, event_id)[1]
    assert str(EUCHRE.entry_hint) in html.unescape(page_text(phone.get(f"/t/{token}")))
    alone = phone.post(f"/t/{token}", data=_results(1, [first[:1]]))
    assert alone.status_code == 400 and "a game is won by a team of two" in alone.get_data(as_text=True)
    three = phone.post(f"/t/{token}", data=_results(1, [[*first, second[0]]]))
    assert three.status_code == 400 and "only one team can win a game" in three.get_data(as_text=True)

    won = dict.fromkeys(NAMES, 0)
    for name in (observer.name for observer in observers):
        del won[name]
    expected = _play_round(app, organiser, event_id, 1, won, phone_token=token)
    assert organiser.post(f"/events/{event_id}/rounds/1/close").status_code == 302
    assert seating(app, event_id, 2) == plan_moves(expected, EUCHRE.movers)

    # Rounds 2 and 3, each closed; the seating always follows the core's movement.
    for number in (2, 3):
        assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
        expected = _play_round(app, organiser, event_id, number, won)
        assert organiser.post(f"/events/{event_id}/rounds/{number}/close").status_code == 302
        assert seating(app, event_id, number + 1) == plan_moves(expected, EUCHRE.movers)

    # Files and screens: both partners of a winning team are its winners.
    moves = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{event_id}/moves.csv").get_data(as_text=True))))
    assert {row["player"] for row in moves} == set(won)
    games = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{event_id}/games.csv").get_data(as_text=True))))
    assert games and all(row["winner"] == "" or row["winner"].count("; ") == 1 for row in games)
    assert sum(1 for row in games if row["winner"]) == 3 * (3 * 2 + 1)
    standings = page_text(organiser.get(f"/events/{event_id}/standings"))
    assert all(name in standings for name in won)
    feed = client.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()
    assert feed["phase"] == "results"
    assert {row["name"]: row["games"] for row in feed["standings"] if row["name"] in won} == won

    # Event file v2: the game and its variants travel; import then export gives the same file.
    document = _export(organiser, event_id)
    assert document["version"] == transfer_schema.VERSION and document["game"] == "euchre"
    assert [t["variant"] for t in document["tables"]] == [declared.to_json(EUCHRE.settings, v) for v in variants]
    assert all(len(g["winners"]) in (0, 2) for r in document["rounds"] for g in r["games"])
    imported = organiser.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
                              content_type="multipart/form-data")
    copy_id = _event_id(imported)
    again = _export(organiser, copy_id)
    assert unmarked(again) == unmarked(document)  # the copy may carry " (imported …)"

    # Duplicating the event for the next class keeps the game and the tables' rules.
    duplicate_id = _event_id(organiser.post(f"/events/{event_id}/duplicate"))
    with app.app_context():
        duplicate = db.session().scalars(select(Event).where(Event.id == duplicate_id)).one()
        assert duplicate.game == "euchre"
        assert [t.variant for t in sorted(duplicate.tables, key=lambda t: t.number)] == list(variants)
