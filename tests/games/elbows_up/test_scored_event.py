"""A whole Elbows Up! event played through the scorer pages, as a teacher and the tables would:
the event is set up on the organiser's pages, every game is scored deal by deal on the table's
phone (and now and then on the organiser's scorer page), each round holds a finished game, games
the round's close cuts short and ties on points, and the moves, standings, CSV files and the
event file follow from the games as the rules of Elbows Up! decide them.

The expected results are worked out here from the printed rules (a deal's points, the most
points wins, a tie goes to the alphabetically first name in the app's collation), never by
asking the game's scorer."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from dataclasses import dataclass
from itertools import combinations

from tests.app.helpers import page_text, player_ids, seating
from tests.corpus.names import ACCEPTED
from tests.room.conftest import seated, tokens
from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.core.movement import plan_round
from tournament.core.names import name_key
from tournament.core.public_names import NamesShown
from tournament.games import settings as declared
from tournament.games.elbows_up import ELBOWS_UP
from tournament.services.nicknames import set_names_shown

# Pasted as a class list arrives: hostile-but-ordinary names from the corpus (a combining accent,
# invisible isolates around a name, markup, a right-to-left name, an emoji, Ł and Ø), stored as
# the corpus says, among plain ones chosen for their alphabetical order (Élodie before Eric,
# adam before Bea: a naive sort puts them the other way round).
CORPUS_NAMES = ["combining accent becomes precomposed", "isolates around", "slashed o", "script tag",
                "apostrophe, ampersand and quotes", "arabic", "stroked l", "emoji"]
PLAIN = ["Élodie", "Eric", "Iris", "adam", "Paul"]
PASTED = PLAIN + [ACCEPTED[label][0] for label in CORPUS_NAMES]
STORED = PLAIN + [ACCEPTED[label][1] for label in CORPUS_NAMES]
# Home tables set by hand on the tables page, so the event is the same on every run.
HOME = {1: ["Élodie", "Eric", "adam", "Bea", "محمد"], 2: ["Irène", "Iris", "Paul", "<script>alert(1)</script>"],
        3: ["Øystein", "O'Brien & \"Bo\"", "Łukasz", "Zoë 🦊"]}

# A leader's deals: (bid, tricks). Exact bids, a big bid, a bid of nothing made.
LEAD = [(4, 4), (6, 7), (0, 0), (2, 2), (1, 1)]
# Two leaders tied: the same small exact bids each deal, so both can be made in one deal.
TIED = [(2, 2), (0, 0), (1, 1), (3, 3)]
TEA_FOR_BID = {4: "4+5", 1: "1+5"}
DEALS = 10


def deal_points(bid: int, tricks: int, tea: str | None) -> int:
    """The printed scoring chart, read again here: the test's own arithmetic."""
    if bid >= 6 and tricks >= 6:
        points = 30
    elif bid == 0 and tricks == 0:
        points = 10
    elif tricks == bid:
        points = 10 + bid
    elif tricks < bid:
        points = 0
    else:
        points = tricks
    if (tea == "4+5" and bid == tricks == 4) or (tea == "1+5" and bid == tricks == 1):
        points += 5
    return points


def alphabetical_first(names) -> str:
    return min(names, key=name_key)


def by_code_points_disagrees(a: str, b: str) -> bool:
    """A tie where the app's alphabetical order is not the order of the characters' numbers
    (accents, case, other letters): a naive sort would pick the other player."""
    return min(a, b) != alphabetical_first([a, b])


@dataclass
class PlannedGame:
    deals: list[dict[str, tuple[int, int, str | None]]]  # per deal: name -> bid, tricks, Tea card
    points: dict[str, int]
    winner: str
    finished: bool
    tie: tuple[str, ...]  # the players tied on the most points, when a tie decides the winner


def plan_game(at: list[str], leaders: tuple[str, ...], deals: int, tea_table: bool) -> PlannedGame:
    """A game where ``leaders`` take the most points (tied when two), everyone else next to
    nothing; at a Tea table the cards go where they earn (or, in a tie, where they do not)."""
    others = [name for name in at if name not in leaders]
    alone = len(leaders) == 1
    cycle = LEAD if alone else TIED
    sheet = []
    for number in range(deals):
        entry: dict[str, tuple[int, int, str | None]] = {}
        bid, tricks = cycle[number % len(cycle)]
        for name in leaders:
            entry[name] = (bid, tricks, TEA_FOR_BID.get(bid) if tea_table and alone else None)
        for index, name in enumerate(others):
            # The first took one trick more than bid (1 point); the rest fell short (0). In a
            # tie the 1+5 card sits with someone who missed a bid of 1: it earns nothing.
            held = "1+5" if tea_table and not alone and index == 1 else None
            entry[name] = (0, 1, None) if index == 0 else (1, 0, held)
        sheet.append(entry)
    points = {name: sum(deal_points(*deal[name]) for deal in sheet) for name in at}
    best = max(points.values())
    top = tuple(sorted((name for name in at if points[name] == best), key=name_key))
    assert set(top) == set(leaders)  # the plan does what it says
    return PlannedGame(sheet, points, alphabetical_first(top), deals >= DEALS, top if len(top) > 1 else ())


def tie_pair(at: list[str]) -> tuple[str, str]:
    """Élodie and Eric when they sit together, else the first pair whose alphabetical order a
    naive sort gets wrong, else the two alphabetically last."""
    if {"Élodie", "Eric"} <= set(at):
        return ("Élodie", "Eric")
    ordered = sorted(at, key=name_key)
    return next((pair for pair in combinations(ordered, 2) if by_code_points_disagrees(*pair)),
                (ordered[-2], ordered[-1]))


def round_plan(round_number: int, tables: dict[int, list[str]], tea: dict[int, bool]) -> dict[int, list[PlannedGame]]:
    """Per table two games. Table ``round_number`` plays game 1 to the end (in round 3 it ends in
    a tie); elsewhere game 1 is cut short after 3 deals. Game 2 is cut short: two players tied."""
    plans = {}
    for table, at in tables.items():
        pair = tie_pair(at)
        lead = max((name for name in at if name not in pair), key=name_key)  # the alphabetically last
        finishing = table == round_number
        if finishing and round_number == 3:
            games = [plan_game(at, pair, DEALS, tea[table]), plan_game(at, (lead,), 2, tea[table])]
        else:
            games = [plan_game(at, (lead,), DEALS if finishing else 3, tea[table]), plan_game(at, pair, 1, tea[table])]
        plans[table] = games
    return plans


# Pages -----------------------------------------------------------------------------------------

def _text(response) -> str:
    return html.unescape(page_text(response))


def _event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _without_time(document: dict) -> dict:
    """The file without its export time, and its name without an import's " (imported …)" mark."""
    return unmarked(document)


SEAT_ROW = re.compile(r'<th scope="row">(?:<bdi>)?([^<]*)(?:</bdi>)?</th>\s*<td><select[^>]*name="(p\d+)_bid"', re.S)


def seat_fields(page_html: str) -> dict[str, str]:
    """Name -> the field prefix the deal form gives that player's row (its seat)."""
    return {html.unescape(name): prefix for name, prefix in SEAT_ROW.findall(page_html)}


def deal_form(seen: int, fields: dict[str, str], deal: dict[str, tuple[int, int, str | None]]) -> dict[str, str]:
    data = {"seen": str(seen)}
    for name, (bid, tricks, tea) in deal.items():
        data[f"{fields[name]}_bid"] = str(bid)
        data[f"{fields[name]}_tricks"] = str(tricks)
        data[f"{fields[name]}_tea"] = tea or ""
    return data


MOVE_ROW = re.compile(r'<td><bdi>(.*?)</bdi>.*?</td>\s*<td class="num">(\d+)</td>\s*'
                      r'<td><span class="move-(\w+)">[^<]*?(\d+)</span>', re.S)


def shown_moves(page_html: str) -> dict[str, tuple[int, str, int]]:
    """Name -> (games won, direction, next table) as a closed round's results page shows them."""
    return {html.unescape(name): (int(games), direction, int(to))
            for name, games, direction, to in MOVE_ROW.findall(page_html)}


STANDING_ROW = re.compile(r"<tr><td>\d+<td><bdi>(.*?)</bdi>[^<]*(?:<span[^>]*>[^<]*</span>)?<td>(\d+)<td>(\d+)<td>")


def shown_standings(page_html: str) -> list[tuple[str, int, int]]:
    return [(html.unescape(name), int(games), int(rounds)) for name, games, rounds in STANDING_ROW.findall(page_html)]


# The event -------------------------------------------------------------------------------------

def test_a_whole_elbows_up_event_scored_deal_by_deal_on_the_phones_follows_the_rules(app, organiser):
    phone = app.test_client()  # the tables' phones: no organiser login, only the table's link

    # Setup on the organiser's pages: the game on the event form, the pasted list, three tables.
    event_id = _event_id(organiser.post("/events", data={"name": "Elbows night", "round_minutes": "10",
                                                         "game": "elbows-up"}))
    pasted = organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(PASTED)})
    assert pasted.status_code == 302, pasted.get_data(as_text=True)
    ids = player_ids(app, event_id)
    assert set(ids) == set(STORED)
    with app.app_context():  # full names in the room: the phone's rows below are matched by name
        set_names_shown(db.session(), event_id, NamesShown.FULL)
    assert organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "3"}).status_code == 302
    for table, names in HOME.items():
        for name in names:
            moved = organiser.post(f"/events/{event_id}/tables/move", data={"player": ids[name], "table": table})
            assert moved.status_code == 302, name
    tea = {number: rules.tea_cards for number, rules in enumerate(declared.default_variants(ELBOWS_UP.settings, 3),
                                                                  start=1)}
    assert tea == {1: True, 2: False, 3: True}

    # Printing: the sheets page names the game.
    sheets = organiser.get(f"/events/{event_id}/print/sheets")
    assert sheets.status_code == 200 and "Elbows Up!" in _text(sheets) and "Five Tricks" not in _text(sheets)

    table_tokens = tokens(app, event_id)
    games_won = dict.fromkeys(STORED, 0)
    rounds_won = dict.fromkeys(STORED, 0)
    expected_rows: list[tuple[int, int, int, PlannedGame]] = []
    accent_ties = []
    for number in (1, 2, 3):
        assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
        tables = {table: sorted(seated(app, event_id, table), key=name_key) for table in (1, 2, 3)}
        if number == 1:
            assert {t: set(n) for t, n in tables.items()} == {t: set(n) for t, n in HOME.items()}
        plans = round_plan(number, tables, tea)
        seats_of: dict[int, dict[str, str]] = {}
        won = {table: dict.fromkeys(at, 0) for table, at in tables.items()}
        for table, games in plans.items():
            for game_number, game in enumerate(games, start=1):
                url = f"/t/{table_tokens[table]}/games/{game_number}/score"
                form_page = phone.get(url)
                assert form_page.status_code == 200 and "<script>alert" not in form_page.get_data(as_text=True)
                fields = seats_of[table] = seat_fields(form_page.get_data(as_text=True))
                assert set(fields) == set(tables[table]) and len(fields) == len(tables[table])
                for seen, deal in enumerate(game.deals):
                    # Table 2's first deal of each game goes in on the organiser's scorer page.
                    on_laptop = table == 2 and seen == 0
                    sender, target = (organiser, f"/events/{event_id}/rounds/{number}/tables/{table}/games/"
                                      f"{game_number}/score") if on_laptop else (phone, url)
                    sent = sender.post(target, data=deal_form(seen, fields, deal))
                    assert sent.status_code == 302, _text(sent)[-2000:]
                    if number == 1 and table == 1 and game_number == 1 and seen == 1:
                        _double_tap_and_stale_page(organiser, phone, event_id, url, fields, deal, game.deals[0])
                shown = _text(phone.get(url))
                in_seats = sorted(fields, key=lambda name: int(fields[name][1:]))
                totals = "Total " + " ".join(str(game.points[name]) for name in in_seats)
                assert totals in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown)), totals
                if game.finished:
                    # Over after the tenth deal: no eleventh is offered, the next game is.
                    assert f"Game {game_number} is over: " in shown and "Add deal" not in shown
                    assert f"Start game {game_number + 1}" in shown
                    if game.tie:
                        assert (f"{' and '.join(game.tie)} have {game.points[game.winner]} each after 10 deals: "
                                f"{game.winner} wins, first in alphabetical order.") in shown
                    else:
                        assert f"{game.winner} wins with {game.points[game.winner]} after 10 deals." in shown
                else:
                    assert f"Add deal {len(game.deals) + 1}" in shown  # cut short by the round's close
                    if game.tie:
                        assert f"{game.winner} is ahead, first in alphabetical order." in shown
                won[table][game.winner] += 1
                expected_rows.append((number, table, game_number, game))
                if game.tie and by_code_points_disagrees(*game.tie):
                    accent_ties.append((number, game.tie, game.winner))

        close_url = f"/events/{event_id}/rounds/{number}/close"
        confirm = _text(organiser.get(close_url))
        assert f"Close round {number}" in confirm and "reported no games" not in confirm
        closed = organiser.post(close_url)
        assert closed.status_code == 302, _text(closed)[-2000:]
        plan = plan_round(won)
        expected_moves = plan.destinations()
        assert seating(app, event_id, number + 1) == expected_moves
        results = organiser.get(f"/events/{event_id}/rounds/{number}/results")
        assert shown_moves(results.get_data(as_text=True)) == {
            move.player: (won[move.from_table][move.player], str(move.direction), move.to_table)
            for move in plan.moves}
        for result in plan.tables:
            rounds_won[result.winner] += 1
        for at in won.values():
            for name, count in at.items():
                games_won[name] += count

        # A phone's entry after the close is refused in words and changes nothing.
        before = _export(organiser, event_id)
        cut_short = plans[1][1]
        late = phone.post(f"/t/{table_tokens[1]}/games/2/score",
                          data=deal_form(len(cut_short.deals), seats_of[1], cut_short.deals[0]))
        assert late.status_code == 409
        assert "No round is running now, so nothing was recorded." in _text(late)
        assert _without_time(_export(organiser, event_id)) == _without_time(before)

    # Each round held a tie that a naive sort would settle the other way, Élodie before Eric once.
    assert {number for number, _tie, _winner in accent_ties} == {1, 2, 3}, accent_ties
    assert (1, ("Élodie", "Eric"), "Élodie") in accent_ties

    # Standings page: games won, rounds won, in the tournament's order.
    standings = shown_standings(organiser.get(f"/events/{event_id}/standings").get_data(as_text=True))
    assert standings == sorted(((name, games_won[name], rounds_won[name]) for name in STORED),
                               key=lambda row: (-row[1], -row[2], name_key(row[0])))

    # games.csv: one row per game, its winner, and the Points column holding everyone's totals.
    raw = organiser.get(f"/events/{event_id}/games.csv").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(raw)))
    assert raw.splitlines()[0] == "round,table,game,winner,players,points"
    assert len(rows) == len(expected_rows)
    by_key = {(int(r["round"]), int(r["table"]), int(r["game"])): r for r in rows}
    for number, table, game_number, game in expected_rows:
        row = by_key[(number, table, game_number)]
        assert row["winner"] == game.winner
        totals = dict(part.rsplit(" ", 1) for part in row["points"].split("; "))
        assert {name: int(points) for name, points in totals.items()} == game.points
    moves = list(csv.DictReader(io.StringIO(
        organiser.get(f"/events/{event_id}/moves.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert {row["player"] for row in moves} == set(STORED) and len(moves) == 3 * len(STORED)

    # The event file: every scored game carries its sheet; imported, it exports the same.
    document = _export(organiser, event_id)
    assert document["game"] == "elbows-up"
    kept = {(r["number"], g["table"], g["number"]): g for r in document["rounds"] for g in r["games"]}
    for number, table, game_number, game in expected_rows:
        sheet = kept[(number, table, game_number)]["sheet"]
        assert sheet == [{name: {"bid": bid, "tricks": tricks, "tea": tea_card}
                          for name, (bid, tricks, tea_card) in deal.items()} for deal in game.deals]
    imported = organiser.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
                              content_type="multipart/form-data")
    copy_id = _event_id(imported)
    assert _without_time(_export(organiser, copy_id)) == _without_time(document)
    finished = next(game for n, _table, _number, game in expected_rows if n == 3 and game.finished)
    assert finished.tie  # round 3's finished game ended level: the copy shows who won it, and why
    copy_sheet = _text(organiser.get(f"/events/{copy_id}/rounds/3/tables/3/games/1/score"))
    assert "Game 1 is over: " in copy_sheet and f"{finished.winner} wins, first in alphabetical order." in copy_sheet


def _double_tap_and_stale_page(organiser, phone, event_id, url, fields, last_deal, other_deal) -> None:
    """The deal just added, sent again from the same page (a double tap), is stored once; a page
    that missed it (stale ``seen``) is refused with 409 and changes nothing."""
    before = _without_time(_export(organiser, event_id))
    again = phone.post(url, data=deal_form(1, fields, last_deal), follow_redirects=True)
    assert again.status_code == 200 and "Deal 2 was already added — nothing changed." in _text(again)
    stale = phone.post(url, data=deal_form(1, fields, other_deal))
    assert stale.status_code == 409 and "Someone else changed game 1 meanwhile" in _text(stale)
    assert "Add deal 3" in _text(stale)  # the page now shows the sheet as it is
    assert _without_time(_export(organiser, event_id)) == before
