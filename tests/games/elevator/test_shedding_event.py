"""A whole event of Elevator, and one of Elevator UP, through the organiser's pages with the
plain results form: setup, the tables' own rules, printing, three rounds (games won by the
first player out, unfinished games decided by the cards counted, a tie on cards going to the
alphabetically first name, a ticked winner the counts contradict refused), closes, moves,
standings, the projector, games.csv and the event file out and in again."""

from __future__ import annotations

import csv
import html
import io
import json
import re

import pytest

from tests.app.helpers import page_text, seating
from tests.room.conftest import seated, tokens
from tests.transfer.unmarked import unmarked
from tournament.core import plan_moves
from tournament.core.names import name_key
from tournament.games import get
from tournament.games import settings as declared

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Émile", "Finn", "Gus", "Hana", "Ivo", "Zoë", "Jo"]
ROUNDS = 3
# The first table's rules changed on the rules page: every setting away from the default.
CHANGED = {
    "elevator": ({"jokers": "no", "stuck_penalty": "one", "must_play_after_pass": "no"},
                 {"jokers": False, "stuck_penalty": "one", "must_play_after_pass": False}),
    "elevator-up": ({"stuck_card": "no", "door_closed_card": "no", "four_of_a_kind_clears": "no"},
                    {"stuck_card": False, "door_closed_card": False, "four_of_a_kind_clears": False}),
}
SHEET_WORDS = {"elevator": "Example climb", "elevator-up": "Key to the cards"}


def _event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _results(round_number: int, games: list[tuple[int | None, dict[int, int] | None]]) -> dict[str, str]:
    """Form data for a table's results: per game the ticked winner's id and the cards left."""
    data: dict[str, str] = {"round": str(round_number)}
    for index, (winner, counts) in enumerate(games):
        data[f"games-{index}-number"] = str(index + 1)
        data[f"games-{index}-version"] = ""
        data[f"games-{index}-winner"] = "" if winner is None else str(winner)
        for player, count in (counts or {}).items():
            data[f"games-{index}-s{player}"] = str(count)
    return data


def _games_at(round_number: int, table: int, players: dict[str, int]):
    """The games a table reports: a finished game (the first out ticked, with the counts), and
    an unfinished one whose two fewest counts tie. Returns (form games, winner of each)."""
    names = sorted(players, key=name_key)
    first_out = names[(round_number + table) % len(names)]
    finished = {players[n]: 0 if n == first_out else 5 + i for i, n in enumerate(names)}
    # Two players tie on 2 cards; the alphabetically first of them wins the unfinished game.
    tied = [names[(round_number + table + 1) % len(names)], names[(round_number + table + 2) % len(names)]]
    unfinished = {players[n]: 2 if n in tied else 6 for n in names}
    winners = [first_out, min(tied, key=name_key)]
    return [(players[first_out], finished), (None, unfinished)], winners


@pytest.mark.parametrize("key", ["elevator", "elevator-up"])
def test_a_whole_shedding_game_event_runs_through_the_organiser_s_pages(app, organiser, client, key):
    game = get(key)
    # Setup: the event plays the game, the plan follows its table sizes and default rules.
    event_id = _event_id(organiser.post("/events", data={"name": f"{game.title} night", "round_minutes": "7",
                                                         "game": key}))
    assert game.title in organiser.get(f"/events/{event_id}").get_data(as_text=True)
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    tables_page = html.unescape(page_text(organiser.get(f"/events/{event_id}/tables")))
    variants = list(declared.default_variants(game.settings, 3))  # 11 players at tables of 3 to 6: 4, 4 and 3
    for variant in variants:
        assert str(declared.summary(game.settings, variant)) in tables_page
    assert "trump" not in tables_page.lower()

    # The rules page draws the game's own fields and stores what it reads back.
    rules_page = organiser.get(f"/events/{event_id}/tables/1/rules").get_data(as_text=True)
    form_fields, stored = CHANGED[key]
    assert all(f'name="{name}"' in rules_page for name in form_fields) and 'name="trump"' not in rules_page
    assert organiser.post(f"/events/{event_id}/tables/1/rules", data=form_fields).status_code == 302
    variants[0] = declared.from_json(game.settings, stored)

    # Printing: each table's sheet (two copies), the guide's paragraph, the slips' hint.
    sheets = page_text(organiser.get(f"/events/{event_id}/print/sheets"))
    assert sheets.count(SHEET_WORDS[key]) == 3 * 2
    guide = html.unescape(page_text(organiser.get(f"/events/{event_id}/print/guide")))
    assert str(game.guide_paragraphs()[0].text) in guide
    slips = html.unescape(page_text(organiser.get(f"/events/{event_id}/print/slips")))
    assert str(game.slip_hint) in slips
    for page in (sheets, guide, slips):
        words = re.sub(r"<[^>]*>", " ", page)  # what a reader sees, not the markup's class names
        assert "Five Tricks" not in words and "trick" not in words.lower()

    won = dict.fromkeys(NAMES, 0)
    for round_number in range(1, ROUNDS + 1):
        assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
        at = {number: seated(app, event_id, number) for number in range(1, 4)}
        assert sorted(len(players) for players in at.values()) == [3, 4, 4]
        expected: dict[int, dict[str, int]] = {}
        for number, players in at.items():
            games, winners = _games_at(round_number, number, players)
            if round_number == 1 and number == 1:
                # The phone: the entry hint, the counts; a tick the counts contradict is refused.
                token = tokens(app, event_id)[number]
                phone = app.test_client()
                entry = html.unescape(page_text(phone.get(f"/t/{token}")))
                assert str(game.entry_hint) in entry and "Cards left" in entry
                assert winners[0] != winners[1]
                wrong_tick = [(players[winners[0]], games[1][1])]
                refused = phone.post(f"/t/{token}", data=_results(round_number, wrong_tick))
                assert refused.status_code == 400
                assert f"the cards left make {winners[1]} the winner" in html.unescape(refused.get_data(as_text=True))
                sent = phone.post(f"/t/{token}", data=_results(round_number, games))
            else:
                sent = organiser.post(f"/events/{event_id}/rounds/{round_number}/tables/{number}",
                                      data=_results(round_number, games))
            assert sent.status_code == 302, sent.get_data(as_text=True)
            expected[number] = dict.fromkeys(players, 0)
            for winner in winners:
                expected[number][winner] += 1
                won[winner] += 1
        assert organiser.post(f"/events/{event_id}/rounds/{round_number}/close").status_code == 302
        assert seating(app, event_id, round_number + 1) == plan_moves(expected)

    # Files and screens after the last close: moves.csv, games.csv, standings, the projector.
    moves = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{event_id}/moves.csv").get_data(as_text=True))))
    assert {row["player"] for row in moves} == set(NAMES)
    games_csv = organiser.get(f"/events/{event_id}/games.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(games_csv)))
    assert games_csv.splitlines()[0].split(",")[-1] == "cards_left" and len(rows) == ROUNDS * 3 * 2
    standings = html.unescape(page_text(organiser.get(f"/events/{event_id}/standings")))
    assert all(name in standings for name in NAMES)
    feed = client.get(f"/p/{tokens(app, event_id)['projector']}/feed.json").get_json()
    assert feed["phase"] == "results"
    assert {row["name"]: row["games"] for row in feed["standings"]} == won

    # Event file: the game, the tables' rules and the counts travel; import then export is the same.
    document = _export(organiser, event_id)
    assert document["game"] == key
    assert [t["variant"] for t in document["tables"]] == [declared.to_json(game.settings, v) for v in variants]
    counted = [g for r in document["rounds"] for g in r["games"] if g["scores"]]
    assert len(counted) == ROUNDS * 3 * 2 and all(min(g["scores"].values()) in (0, 2) for g in counted)
    imported = organiser.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
                              content_type="multipart/form-data")
    again = _export(organiser, _event_id(imported))
    assert unmarked(again) == unmarked(document)  # the copy may carry " (imported …)"


@pytest.mark.parametrize(("key", "query", "shown", "gone"), [
    ("elevator", {"jokers": "no", "stuck_penalty": "one", "must_play_after_pass": "no"},
     "This deck has no jokers", "A joker is wild"),
    ("elevator-up", {"stuck_card": "no", "door_closed_card": "yes", "four_of_a_kind_clears": "yes"},
     "between the 6 and the 8", "It is see-through"),
])
def test_the_rules_editor_preview_shows_the_sheet_of_the_settings_being_chosen(app, organiser, key, query, shown,
                                                                                gone):
    event_id = _event_id(organiser.post("/events", data={"name": "Preview", "round_minutes": "7", "game": key}))
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    preview = organiser.get(f"/events/{event_id}/print/preview", query_string={**query, "table": "1"})
    assert preview.status_code == 200
    text = html.unescape(preview.get_data(as_text=True))
    assert shown in text and gone not in text
    saved = html.unescape(organiser.get(f"/events/{event_id}/print/preview", query_string={"table": "1"})
                          .get_data(as_text=True))
    assert gone in saved  # no settings sent: table 1's saved rules, every special card
    refused = organiser.get(f"/events/{event_id}/print/preview", query_string={**query, next(iter(query)): "maybe"})
    assert refused.status_code == 400
