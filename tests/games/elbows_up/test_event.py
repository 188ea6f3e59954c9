"""A whole Elbows Up! event through the organiser's pages, results entered on the plain results
form (a ticked winner, or everyone's points): setup, printing, three rounds with a tie on points,
closes and moves, standings, the event file out and back in."""

from __future__ import annotations

import csv
import io
import json

from tests.app.helpers import page_text, seating, shown_text
from tests.room.conftest import seated, tokens
from tests.transfer.unmarked import unmarked
from tournament.core import plan_moves
from tournament.core.ranking import game_winner
from tournament.games import settings as declared
from tournament.games.elbows_up import ELBOWS_UP, ElbowsUpVariant

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lou"]


def _event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _results(round_number: int, games: list[tuple[list[int], dict[int, int] | None]]) -> dict[str, str]:
    """Form data for a table's results: per game the ticked winner's id and everyone's points."""
    data: dict[str, str] = {"round": str(round_number)}
    for index, (winners, points) in enumerate(games):
        data[f"games-{index}-number"] = str(index + 1)
        data[f"games-{index}-version"] = ""
        data[f"games-{index}-winner"] = ",".join(str(i) for i in sorted(winners))
        for player, value in (points or {}).items():
            data[f"games-{index}-s{player}"] = str(value)
    return data


def _play_round(app, organiser, event_id: int, number: int) -> dict[int, dict[str, int]]:
    """Every table reports two games: one by points with a tie for the most (the alphabetically
    first of the tied wins), one by a ticked winner. Returns games won per table and name."""
    won: dict[int, dict[str, int]] = {}
    for table in (1, 2, 3):
        at = seated(app, event_id, table)
        names = sorted(at)  # the app's names are plain ASCII here: sorted() is alphabetical
        last, first = names[-1], names[0]
        # The last name ticked and the first two tied on points: the points decide, by name.
        points = {at[name]: value for name, value in zip(names, [131, 131, 40, 0], strict=False)}
        sent = organiser.post(f"/events/{event_id}/rounds/{number}/tables/{table}",
                              data=_results(number, [([at[last]], points), ([at[last]], None)]))
        assert sent.status_code == 302, sent.get_data(as_text=True)
        by_points = game_winner({name: points[at[name]] for name in names})
        assert by_points == first
        won[table] = {name: 0 for name in names}
        won[table][by_points] += 1
        won[table][last] += 1
    return won


def test_a_whole_elbows_up_event_runs_through_the_organiser_s_pages(app, organiser, client):
    # Setup: the game is chosen on the event form; 12 players make three tables of four.
    event_id = _event_id(organiser.post("/events", data={"name": "Elbows night", "round_minutes": "10",
                                                         "game": "elbows-up"}))
    assert "Elbows Up!" in organiser.get(f"/events/{event_id}").get_data(as_text=True)
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    variants = list(declared.default_variants(ELBOWS_UP.settings, 3))
    tables_page = page_text(organiser.get(f"/events/{event_id}/tables"))
    for rules in variants:
        assert str(declared.summary(ELBOWS_UP.settings, rules)) in tables_page

    # The rules page draws the game's own settings and stores what it reads back.
    rules_page = organiser.get(f"/events/{event_id}/tables/3/rules").get_data(as_text=True)
    assert 'name="tea_cards"' in rules_page and 'name="joker_may_lead"' in rules_page
    assert 'name="trump"' not in rules_page
    changed = organiser.post(f"/events/{event_id}/tables/3/rules", data={"tea_cards": "out", "joker_may_lead": "any"})
    assert changed.status_code == 302
    variants[2] = ElbowsUpVariant(tea_cards=False, joker_may_lead=True)

    # Printing: the game's sheets (each table's own rules), guide and slips; nothing of Five Tricks.
    sheets = shown_text(organiser.get(f"/events/{event_id}/print/sheets"))
    assert sheets.count("Scoring chart") == 3 * 2  # two copies of each table's sheet
    assert sheets.count("Whoever is dealt one lays it face up") == 2 and sheets.count("stay in the box") == 4
    assert sheets.count("never lead it unless it is your last card") == 2
    guide = page_text(organiser.get(f"/events/{event_id}/print/guide"))
    assert "most points after the 10th deal" in guide and "phone adds up the points" in guide
    slips = page_text(organiser.get(f"/events/{event_id}/print/slips"))
    assert str(ELBOWS_UP.slip_hint) in slips
    for page in (sheets, guide, slips):
        assert "Five Tricks" not in page

    # Three rounds: each closes, and the moves follow the games won.
    total: dict[str, int] = dict.fromkeys(NAMES, 0)
    for number in (1, 2, 3):
        assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
        entry = page_text(organiser.get(f"/events/{event_id}/rounds/{number}/tables/1"))
        assert "Points" in entry and "10 deals" in entry
        won = _play_round(app, organiser, event_id, number)
        assert organiser.post(f"/events/{event_id}/rounds/{number}/close").status_code == 302
        assert seating(app, event_id, number + 1) == plan_moves(won)
        for table in won.values():
            for name, games in table.items():
                total[name] += games

    # A refused result (points above a game's possible total) changes nothing.
    at = seated(app, event_id, 1)
    refused = organiser.post(f"/events/{event_id}/rounds/3/tables/1",
                             data=_results(3, [([], {pid: 351 for pid in at.values()})]))
    assert refused.status_code == 400 and "350" in refused.get_data(as_text=True)

    # Standings and files.
    standings = page_text(organiser.get(f"/events/{event_id}/standings"))
    assert all(name in standings for name in NAMES)
    feed = client.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()
    assert {row["name"]: row["games"] for row in feed["standings"]} == total
    games = organiser.get(f"/events/{event_id}/games.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(games)))
    assert games.splitlines()[0].split(",")[-1] == "points" and len(rows) == 3 * 3 * 2
    moves = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{event_id}/moves.csv").get_data(as_text=True))))
    assert {row["player"] for row in moves} == set(NAMES)

    document = _export(organiser, event_id)
    assert document["game"] == "elbows-up"
    assert [t["variant"] for t in document["tables"]] == [declared.to_json(ELBOWS_UP.settings, v) for v in variants]
    tied = [g for r in document["rounds"] for g in r["games"] if g.get("scores")]
    assert len(tied) == 9 and all(sorted(g["scores"].values())[-2:] == [131, 131] for g in tied)
    imported = organiser.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
                              content_type="multipart/form-data")
    again = _export(organiser, _event_id(imported))
    assert unmarked(again) == unmarked(document)  # the copy may carry " (imported …)"


def test_the_rules_editor_preview_draws_the_chosen_elbows_up_rules(app, organiser):
    from .conftest import elbows_event

    event_id = elbows_event(app, names=NAMES[:8], tables=2)
    url = f"/events/{event_id}/print/preview?table=1"
    leads = page_text(organiser.get(url + "&tea_cards=in&joker_may_lead=any"))
    follows = page_text(organiser.get(url + "&tea_cards=out&joker_may_lead=follow"))
    assert "you may also lead it" in leads and "Both Tea cards, 4+5 and 1+5, are dealt" in leads
    assert "never lead it unless it is your last card" in follows and "stay in the box" in follows
    assert organiser.get(url + "&tea_cards=maybe&joker_may_lead=any").status_code == 400
