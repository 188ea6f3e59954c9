"""A whole Euchre event whose games are kept hand by hand on the scorer pages, as a teacher and
the tables run it: setup, printing, three rounds scored on the tables' phones (and on the
organiser's scorer page), each closed on the organiser's pages, then the standings, the
spreadsheets and the event file through export and import.

Every round holds a game won by reaching 10 points, a game unfinished at the close (the team
ahead wins it) and a level game (nobody wins it: it counts as no game). What the pages show is
checked against the tournament's rules worked out here from the hands entered: the scoring
chart below, the core's movement for the moves (partners move together: the two first up, the
two last down), and the alphabetical rule for the round winner between partners, who always win
the same games."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections import Counter
from dataclasses import dataclass
from html.parser import HTMLParser

from sqlalchemy import select

from tests.app.helpers import page_text, seating
from tests.corpus.names import ACCEPTED
from tests.room.conftest import seated, tokens
from tests.transfer.unmarked import unmarked
from tournament import db
from tournament.core.movement import Direction, plan_round
from tournament.core.names import name_key
from tournament.core.public_names import NamesShown
from tournament.games.euchre import EUCHRE
from tournament.models import Event, Game, Player, PlayerStatus, Round
from tournament.services.nicknames import set_names_shown
from tournament.services.round_data import load_round

# Eighteen names, twelve of them from the hostile-but-ordinary corpus (pasted raw, stored cleaned):
# four tables of four, two observers.
CORPUS_LABELS = ["slashed o", "stroked l", "ae ligature", "sharp s", "combining accent becomes precomposed",
                 "apostrophe, ampersand and quotes", "emoji", "script tag", "zero width spaces around",
                 "cyrillic word", "chinese", "arabic"]
PLAIN_NAMES = ["Ana", "Ben", "Gus", "Ivo", "Mo", "Pia"]
PASTED = [ACCEPTED[label][0] for label in CORPUS_LABELS] + PLAIN_NAMES
STORED = [ACCEPTED[label][1] for label in CORPUS_LABELS] + PLAIN_NAMES

GAME_POINTS = 10


@dataclass(frozen=True)
class Hand:
    makers: tuple[int, int]  # seat indexes (0-3, the table's seat order) of the two who named trump
    alone: bool
    tricks: int


def hand_points(alone: bool, tricks: int) -> tuple[bool, int]:
    """The rule sheet's chart: (do the makers score, points). 3 or 4 tricks: makers 1; all 5:
    makers 2, alone 4; fewer than 3: the defenders 2."""
    if tricks < 3:
        return False, 2
    if tricks < 5:
        return True, 1
    return True, 4 if alone else 2


@dataclass(frozen=True)
class Added:
    teams: tuple[frozenset[int], frozenset[int]]
    totals: tuple[int, int]

    @property
    def finished(self) -> bool:
        return max(self.totals) >= GAME_POINTS

    @property
    def winners(self) -> frozenset[int]:
        """The team with 10 points or, unfinished at the close, the team ahead; level: nobody."""
        if self.totals[0] == self.totals[1]:
            return frozenset()
        return self.teams[0] if self.totals[0] > self.totals[1] else self.teams[1]


def add_up(hands: list[Hand]) -> Added:
    """The first hand's makers and the other two are the teams; each hand scores for one team."""
    first = frozenset(hands[0].makers)
    teams = (first, frozenset(range(4)) - first)
    totals = [0, 0]
    for number, hand in enumerate(hands):
        assert max(totals) < GAME_POINTS, "the test enters no hand after the game is over"
        makers = teams.index(frozenset(hand.makers))
        makers_score, points = hand_points(hand.alone, hand.tricks)
        totals[makers if makers_score else 1 - makers] += points
        assert number == 0 or frozenset(hand.makers) in teams
    return Added(teams, (totals[0], totals[1]))


AC, BD, AB, CD = (0, 2), (1, 3), (0, 1), (2, 3)


def sweep(team: tuple[int, int], other: tuple[int, int]) -> list[list[Hand]]:
    """One team wins the round's games: the first to 12 to 1, the second 3 to 2 when the round
    closes (unfinished: the team ahead wins)."""
    return [
        [Hand(team, True, 5), Hand(other, False, 2), Hand(other, False, 3), Hand(team, False, 5), Hand(team, True, 5)],
        [Hand(team, False, 4), Hand(other, False, 5), Hand(team, False, 5)],
    ]


# Each team wins a finished game, then a third stands 2 to 2 at the close: all four players have
# one game, so the round winner and who moves down follow alphabetical order alone.
SPLIT = [
    [Hand(BD, True, 5), Hand(BD, True, 5), Hand(BD, False, 5)],
    [Hand(AC, True, 5), Hand(AC, True, 5), Hand(AC, False, 3), Hand(BD, False, 1)],
    [Hand(AC, False, 2), Hand(BD, False, 0)],
]
# Neighbours named trump on the first hand, so they are the team (the form offers every pair
# before the first hand); unfinished at the close, 3 to 1, then a game left level at 1 to 1.
SIDE = [
    [Hand(AB, False, 3), Hand(CD, False, 4), Hand(CD, False, 1)],
    [Hand(AC, False, 3), Hand(BD, False, 4)],
]
LEVEL_ONLY = [[Hand(BD, False, 4), Hand(AC, True, 3)]]  # 1 to 1: the table reports no game

PHONE, ORGANISER = "phone", "organiser"
# round -> table -> (where the table scores, its games)
ROUNDS: dict[int, dict[int, tuple[str, list[list[Hand]]]]] = {
    1: {1: (PHONE, sweep(AC, BD)), 2: (PHONE, SPLIT), 3: (ORGANISER, SIDE), 4: (PHONE, sweep(BD, AC))},
    2: {1: (PHONE, SPLIT), 2: (ORGANISER, SIDE), 3: (PHONE, sweep(BD, AC)), 4: (PHONE, SPLIT)},
    3: {1: (ORGANISER, SIDE), 2: (PHONE, sweep(AC, BD)), 3: (ORGANISER, LEVEL_ONLY), 4: (PHONE, SPLIT)},
}


class Cards(HTMLParser):
    """Each ``<section>`` of a page: its ``h2``, the cells of its body rows, its paragraphs."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.sections: list[dict] = []
        self._where: str | None = None
        self._in_body = False
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.sections.append({"h2": "", "rows": [], "notes": []})
        elif not self.sections:
            return
        elif tag == "h2":
            self._where = "h2"
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self.sections[-1]["rows"].append([])
        elif tag == "td" and self._in_body:
            self.sections[-1]["rows"][-1].append("")
            self._where = "td"
        elif tag == "p":
            self.sections[-1]["notes"].append("")
            self._where = "p"

    def handle_endtag(self, tag):
        if tag == "tbody":
            self._in_body = False
        if tag in ("h2", "p", "tr", "tbody", "section"):
            self._where = None

    def handle_data(self, data):
        if self._where == "h2":
            self.sections[-1]["h2"] += data
        elif self._where == "td":
            self.sections[-1]["rows"][-1][-1] += data
        elif self._where == "p":
            self.sections[-1]["notes"][-1] += data


@dataclass(frozen=True)
class ShownTable:
    number: int
    games: dict[str, int]
    winner: str | None
    next_table: dict[str, int | None]
    notes: tuple[str, ...]


def shown_outcome(markup: str) -> dict[int, ShownTable]:
    """The tables of a round's results page, as a reader sees them."""
    shown = {}
    for section in Cards(markup).sections:
        heading = re.fullmatch(r"Table (\d+)", section["h2"].strip())
        if heading is None:
            continue
        games, next_table, winner = {}, {}, None
        for _place, who, won, move in section["rows"]:
            name = who.strip().removesuffix("round winner").strip()
            if "round winner" in who:
                winner = name
            games[name] = int(won)
            found = re.search(r"(\d+)\s*$", move.strip())
            next_table[name] = int(found.group(1)) if found else None
        number = int(heading.group(1))
        shown[number] = ShownTable(number, games, winner, next_table, tuple(n.strip() for n in section["notes"]))
    return shown


def _text(response) -> str:
    return html.unescape(page_text(response))


def _event_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])


def _export(client, event_id: int) -> dict:
    response = client.get(f"/events/{event_id}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _hand_form(seen: int, hand: Hand, ids: list[int]) -> dict[str, str]:
    """The scorer page's hand form: the makers' ids in seat order, joined by commas."""
    data = {"seen": str(seen), "makers": ",".join(str(ids[seat]) for seat in sorted(hand.makers)),
            "tricks": str(hand.tricks)}
    if hand.alone:
        data["alone"] = "y"
    return data


def _stored_game(app, event_id: int, round_number: int, table: int, number: int):
    """(sheet, winner ids, version) of a game as committed, or None."""
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), round_number)
        game = session.scalars(select(Game).where(Game.round_id == data.round.id,
                                                  Game.table_id == data.table(table).id,
                                                  Game.number == number)).one_or_none()
        return None if game is None else (list(game.sheet or []), set(game.winner_ids), game.version)


def _team_words(names: list[str], team: frozenset[int]) -> str:
    """"Ann & Cy": a team's names in seat order, as the scorer words it."""
    return " & ".join(names[seat] for seat in sorted(team))


def _alphabetical(names) -> list[str]:
    return sorted(names, key=name_key)


def test_a_euchre_event_scored_hand_by_hand_on_the_pages_moves_players_by_the_tournament_rules(app, organiser):
    # Setup as a teacher does it: the event with its game, the pasted names, the table plan.
    event_id = _event_id(organiser.post("/events", data={"name": "Euchre night", "round_minutes": "25",
                                                         "game": "euchre"}))
    pasted = organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(PASTED)})
    assert pasted.status_code == 302, pasted.get_data(as_text=True)
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    with app.app_context():  # full names in the room: the phone's sentences below are checked word for word
        set_names_shown(db.session(), event_id, NamesShown.FULL)
        players = db.session().scalars(select(Player).where(Player.event_id == event_id)).all()
        assert sorted(p.name for p in players) == sorted(STORED)
        observers = {p.name for p in players if p.status is PlayerStatus.OBSERVER}
    assert len(observers) == 2  # 18 players: four equal tables of four, two observe
    playing = set(STORED) - observers

    # Printing the evening before: the rule sheets name the game.
    sheets = organiser.get(f"/events/{event_id}/print/sheets")
    assert sheets.status_code == 200 and page_text(sheets).count("<h1>Euchre</h1>") == 4 * 2

    phone = app.test_client()  # a table's phone holds only its link
    links = tokens(app, event_id)
    won_total: Counter[str] = Counter()
    rounds_won: Counter[str] = Counter()
    expected_games: dict[tuple[int, int, int], set[str]] = {}  # (round, table, game) -> winners' names
    hands_entered = 0

    for round_number, tables in ROUNDS.items():
        assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
        games_won: dict[int, dict[str, int]] = {}
        reported: set[int] = set()
        for table, (where, games) in tables.items():
            seats = seated(app, event_id, table)  # name -> id, in seat order
            names, ids = list(seats), list(seats.values())
            assert len(names) == 4
            games_won[table] = dict.fromkeys(names, 0)
            for number, hands in enumerate(games, start=1):
                if where == PHONE:
                    url = f"/t/{links[table]}/games/{number}/score"
                    sender = phone
                else:
                    url = f"/events/{event_id}/rounds/{round_number}/tables/{table}/games/{number}/score"
                    sender = organiser
                for seen, hand in enumerate(hands):
                    response = sender.post(url, data=_hand_form(seen, hand, ids))
                    assert response.status_code == 302, _text(response)[-2000:]
                    hands_entered += 1
                    if round_number == 1 and table == 1 and number == 1 and seen == 0:
                        _resent_and_stale_entries_change_nothing(app, phone, url, event_id, hand, ids)
                        _an_undone_hand_leaves_no_trace(app, phone, url, event_id, ids)
                added = add_up(hands)
                winners = {names[seat] for seat in added.winners}
                expected_games[(round_number, table, number)] = winners
                for name in winners:
                    games_won[table][name] += 1
                    reported.add(table)
                stored = _stored_game(app, event_id, round_number, table, number)
                assert stored is not None and len(stored[0]) == len(hands)
                assert stored[1] == {seats[name] for name in winners}
                page = _text(sender.get(url))
                high, low = max(added.totals), min(added.totals)
                if added.finished:
                    assert f"Game {number} is over: {_team_words(names, added.winners)} win {high} to {low}." in page
                elif winners:
                    assert f"{_team_words(names, added.winners)} lead {high} to {low} after" in page
                else:  # the tie: level points, nobody wins if the round ends now
                    assert f"{high} to {low} after {len(hands)} hands: if the round ends now, nobody wins" in page

        # Close through the organiser's pages; the preview warns about a table with no game.
        preview = _text(organiser.get(f"/events/{event_id}/rounds/{round_number}/close"))
        unreported = sorted(set(tables) - reported)
        if unreported:
            assert f"reported no games: table {', table '.join(map(str, unreported))}." in preview
        else:
            assert "reported no games" not in preview
        assert organiser.post(f"/events/{event_id}/rounds/{round_number}/close").status_code == 302

        plan = plan_round(games_won, reported=reported, movers=EUCHRE.movers)
        results = organiser.get(f"/events/{event_id}/rounds/{round_number}/results")
        shown = shown_outcome(page_text(results))
        _the_page_shows_the_plan(shown, plan, games_won, reported)
        assert seating(app, event_id, round_number + 1) == plan.destinations()
        won_total.update({name: n for table in games_won.values() for name, n in table.items()})
        rounds_won.update(result.winner for result in plan.tables if result.winner)
        # The phone that scored table 1 is told the round is over, and nothing is stored.
        after = phone.post(f"/t/{links[1]}/games/9/score",
                           data=_hand_form(0, Hand(AC, False, 3), list(seated(app, event_id, 1).values())))
        assert after.status_code == 409
        assert "No round is running now, so nothing was recorded." in _text(after)
        assert _stored_game(app, event_id, round_number, 1, 9) is None

    # Standings: games won are the games each player's team won; rounds won follow the plans.
    standings = Cards(page_text(organiser.get(f"/events/{event_id}/standings")))
    rows = {row[1].strip(): (int(row[2]), int(row[3])) for section in standings.sections for row in section["rows"]}
    assert rows == {name: (won_total[name], rounds_won[name]) for name in playing}

    # The spreadsheets say the same: every scored game (a level one with no winner), every move.
    games_csv = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{event_id}/games.csv")
                                                .get_data(as_text=True).lstrip("\ufeff"))))
    assert {(int(r["round"]), int(r["table"]), int(r["game"])): r["winner"] for r in games_csv} == {
        key: "; ".join(_alphabetical(winners)) for key, winners in expected_games.items()}
    moves_csv = list(csv.DictReader(io.StringIO(organiser.get(f"/events/{event_id}/moves.csv")
                                                .get_data(as_text=True).lstrip("\ufeff"))))
    for round_number in ROUNDS:
        rows_of_round = {r["player"]: int(r["to_table"]) for r in moves_csv if int(r["round"]) == round_number}
        assert rows_of_round == seating(app, event_id, round_number + 1)

    # The event file keeps every sheet; an imported copy exports the same file and has its sheets.
    document = _export(organiser, event_id)
    assert document["game"] == "euchre"
    kept = [game for round_ in document["rounds"] for game in round_["games"]]
    assert len(kept) == len(expected_games) and all(game.get("sheet") for game in kept)
    assert sum(len(game["sheet"]) for game in kept) == hands_entered
    imported = organiser.post("/events/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "e.json")},
                              content_type="multipart/form-data")
    copy_id = _event_id(imported)
    again = _export(organiser, copy_id)
    assert unmarked(again) == unmarked(document)  # the copy may carry " (imported …)"
    with app.app_context():
        sheets_kept = db.session().scalars(select(Game.sheet).join(Round).where(Round.event_id == copy_id)).all()
    assert len(sheets_kept) == len(expected_games) and all(sheets_kept)
    copy_page = _text(organiser.get(f"/events/{copy_id}/rounds/1/tables/1/games/1/score"))
    assert "Game 1 is over" in copy_page  # the copy's sheet adds up on its own scorer page


def _the_page_shows_the_plan(shown: dict[int, ShownTable], plan, games_won: dict[int, dict[str, int]],
                             reported: set[int]) -> None:
    """The round's results page shows the core's plan for the games expected, and the partners
    rule: both partners of a team win the same games and move together — the two first of the
    table's ranking up, the two last down — while alphabetical order decides which partner is
    named the round winner."""
    assert set(shown) == set(games_won)
    bottom, top = min(games_won), max(games_won)
    for result in plan.tables:
        table = shown[result.table]
        assert table.games == games_won[result.table]
        assert table.next_table == {move.player: move.to_table for move in result.moves}
        assert table.winner == result.winner
        for tie in result.ties:
            assert f"⚖ {tie.text}" in table.notes
        assert result.ties or result.table not in reported  # partners tie, and the page says how it was settled
        if result.table not in reported:  # only a level game: no game reported, nobody moves
            assert table.winner is None and all(to == result.table for to in table.next_table.values())
            assert any("reported no game" in note for note in table.notes)
            continue
        won = games_won[result.table]
        ranking = sorted(won, key=lambda name: (-won[name], name_key(name)))
        assert len(ranking) == 4 and table.winner == ranking[0]
        for name in ranking[:2]:
            assert table.next_table[name] == min(result.table + 1, top)
        for name in ranking[2:]:
            assert table.next_table[name] == max(result.table - 1, bottom)
        ranked = {move.player: move.outcome for move in result.moves}
        assert [ranked[name] for name in ranking] == [Direction.UP, Direction.UP, Direction.DOWN, Direction.DOWN]


def _resent_and_stale_entries_change_nothing(app, phone, url: str, event_id: int, hand: Hand, ids: list[int]) -> None:
    """A double tap sends the same hand with the same ``seen``: stored once. A page that missed
    that hand sends another with a stale ``seen``: refused with 409, nothing changes."""
    before = _stored_game(app, event_id, 1, 1, 1)
    again = phone.post(url, data=_hand_form(0, hand, ids), follow_redirects=True)
    assert again.status_code == 200 and "Hand 1 was already added — nothing changed." in _text(again)
    assert _stored_game(app, event_id, 1, 1, 1) == before and len(before[0]) == 1
    stale = phone.post(url, data=_hand_form(0, Hand(hand.makers, False, 0), ids))
    assert stale.status_code == 409
    assert "Someone else changed game 1 meanwhile: its sheet now holds 1 hand." in _text(stale)
    assert _stored_game(app, event_id, 1, 1, 1) == before


def _an_undone_hand_leaves_no_trace(app, phone, url: str, event_id: int, ids: list[int]) -> None:
    """A wrong hand entered and undone on the phone: the sheet and the result are as before."""
    before = _stored_game(app, event_id, 1, 1, 1)
    sheet = before[0]
    wrong = {"seen": "1", "makers": ",".join(str(ids[seat]) for seat in BD), "tricks": "5", "alone": "y"}
    assert phone.post(url, data=wrong).status_code == 302
    undone = phone.post(url, data={"seen": "2", "undo": "1"}, follow_redirects=True)
    assert "Hand 2 undone." in _text(undone)
    after = _stored_game(app, event_id, 1, 1, 1)
    assert after[0] == sheet and after[1] == before[1]
