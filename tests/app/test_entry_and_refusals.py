"""Entering results and every organiser form: trick counts decide the winner, more rows never
lose ticks, a refused form comes back filled in with the reason beside the field (inside the
event's menu), and withdrawing, removing and undoing a close say what they do first."""

from __future__ import annotations

import html
import io
import re

import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from tests.app.helpers import page_text, player_ids, seating, winners_form
from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, start_round, tokens
from tournament import db
from tournament.blueprints.game_forms import usual_games
from tournament.games.five_tricks import FIVE_TRICKS
from tournament.models import Game, Player, PlayerStatus, Round, RoundState

NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hannah"]


def _games(app, event_id: int) -> list[Game]:
    with app.app_context():
        return list(db.session().scalars(
            select(Game).join(Round).where(Round.event_id == event_id).order_by(Game.number)
            .options(selectinload(Game.results))))


def _at_table_1(app, event_id: int, round_number: int = 1) -> list[str]:
    return sorted((n for n, t in seating(app, event_id, round_number).items() if t == 1), key=str.casefold)


@pytest.fixture
def running(app):
    """Two tables of four, round 1 running."""
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    return event_id


def _nav(event_id: int) -> str:
    return f'href="/events/{event_id}/players"'


def _field_with_error(page: str, field_id: str) -> str:
    """The markup of the form field `field_id` with its messages (the `field` macro's div)."""
    match = re.search(rf'<div class="field has-error">(?:(?!</div>).)*id="{field_id}"(?:(?!</div>).)*</div>',
                      page, re.S)
    assert match, f"no error shown beside {field_id}"
    return match.group(0)


# Trick counts decide the winner ------------------------------------------------------------

def test_changing_the_tricks_of_a_saved_game_makes_the_new_leader_the_winner(app, organiser, running):
    a, b, *_ = _at_table_1(app, running)
    ids = player_ids(app, running)
    url = f"/events/{running}/rounds/1/tables/1"
    organiser.post(url, data=winners_form(app, running, [""], tricks=[{a: 3, b: 1}]))
    assert _games(app, running)[0].winner_ids == {ids[a]}
    # The page shows the saved game with its winner ticked; only the tricks are changed.
    changed = {"games-0-version": "1", "games-0-winner": str(ids[a]),
               f"games-0-s{ids[a]}": "1", f"games-0-s{ids[b]}": "4"}
    response = organiser.post(url, data=changed)
    assert response.status_code == 302
    assert _games(app, running)[0].winner_ids == {ids[b]}


def test_a_phone_changing_the_tricks_of_a_saved_game_is_saved(app, client, running):
    a, b, *_ = _at_table_1(app, running)
    ids = player_ids(app, running)
    url = f"/t/{tokens(app, running)[1]}"
    client.post(url, data={"round": "1", f"games-0-s{ids[a]}": "2", f"games-0-s{ids[b]}": "1"})
    response = client.post(url, data={"round": "1", "games-0-version": "1", "games-0-winner": str(ids[a]),
                                      f"games-0-s{ids[a]}": "2", f"games-0-s{ids[b]}": "3"})
    assert response.status_code == 302
    assert _games(app, running)[0].winner_ids == {ids[b]}


def test_correcting_the_tricks_of_a_closed_round_is_saved(app, organiser, running):
    a, b, *_ = _at_table_1(app, running)
    ids = player_ids(app, running)
    url = f"/events/{running}/rounds/1/tables/1"
    organiser.post(url, data=winners_form(app, running, [""], tricks=[{a: 3, b: 1}]))
    close_round(app, running)
    response = organiser.post(url, data={"games-0-version": "1", "games-0-winner": str(ids[a]),
                                         f"games-0-s{ids[a]}": "0", f"games-0-s{ids[b]}": "5"})
    assert response.status_code == 302
    assert _games(app, running)[0].winner_ids == {ids[b]}


def test_results_pages_load_the_script_that_ticks_the_winner_the_tricks_imply(app, organiser, client, running):
    names = _at_table_1(app, running)
    ids = player_ids(app, running)
    for page in (organiser.get(f"/events/{running}/rounds/1/tables/1"), client.get(f"/t/{tokens(app, running)[1]}")):
        html = page.get_data(as_text=True)
        assert "/static/results-form.js" in html
        # The script gives ties to the first listed player: the page lists them in the tie rule's order.
        order = [int(m) for m in re.findall(r'data-score-of="(\d+)"', html)[:len(names)]]
        assert order == [ids[n] for n in names]
    script = client.get("/static/results-form.js")
    assert script.status_code == 200 and b"data-score-of" in script.data


# More rows keep what was ticked -------------------------------------------------------------

def test_more_game_rows_keeps_every_ticked_winner_and_saves_nothing(app, organiser, running):
    a, b, *_ = _at_table_1(app, running)
    url = f"/events/{running}/rounds/1/tables/1"
    shown = organiser.get(url).get_data(as_text=True).count("data-game>") - 1  # minus the row template
    data = winners_form(app, running, [a, b, a]) | {"add_rows": "1"}
    response = organiser.post(url, data=data)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    ids = player_ids(app, running)
    for index, name in enumerate([a, b, a]):
        assert re.search(rf'<input checked id="games-{index}-winner-\d+" name="games-{index}-winner" '
                         rf'type="radio" value="{ids[name]}">', page)
    assert page.count("data-game>") - 1 == shown + 2
    assert _games(app, running) == []


def test_rows_open_at_what_a_round_usually_holds_at_that_table_size(app, organiser, running):
    # 40 s to deal, then 5 tricks of one 4-second card per player; a 7-minute round.
    assert [usual_games(FIVE_TRICKS, size, 7) for size in (3, 4, 5, 6)] == [5, 4, 3, 3]
    assert usual_games(FIVE_TRICKS, 4, 1) == 2 and usual_games(FIVE_TRICKS, 3, 120) == 40
    page = organiser.get(f"/events/{running}/rounds/1/tables/1").get_data(as_text=True)
    assert page.count("data-game>") - 1 == 4  # a table of four in a 7-minute round


# Refused forms come back filled in, beside the field, inside the event's menu ---------------

def test_duplicate_latecomer_comes_back_filled_in_with_the_reason_beside_the_name(app, organiser, running):
    response = organiser.post(f"/events/{running}/players/late", data={"name": "chloe", "table": "2"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    beside = _field_with_error(page, "name")
    assert 'value="chloe"' in beside and "Already in this event" in beside
    assert _nav(running) in page and "Cannot do that" not in page


def test_more_tables_than_players_comes_back_beside_the_number(app, organiser):
    event_id = setup_event(app, NAMES[:5], tables=1)
    response = organiser.post(f"/events/{event_id}/tables/plan", data={"tables": "9"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    beside = _field_with_error(page, "tables")
    assert 'value="9"' in beside and "Choose between 1 and 5 tables for 5 players" in beside
    assert _nav(event_id) in page and "Cannot do that" not in page


def test_refused_results_come_back_filled_in_with_the_reason_beside_the_game(app, organiser, running):
    a, b, *_ = _at_table_1(app, running)
    ids = player_ids(app, running)
    data = winners_form(app, running, [a, ""], tricks=[{}, {a: 5, b: 4}])  # 9 of the 7 at four
    response = organiser.post(f"/events/{running}/rounds/1/tables/1", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and _nav(running) in page
    game_2 = page.split("Game <span data-game-number>2</span>")[1].split("</fieldset>")[0]
    assert "more than the cards allow" in game_2 and 'value="5"' in game_2
    assert re.search(rf'<input checked id="games-0-winner-\d+" name="games-0-winner" type="radio" value="{ids[a]}">',
                     page)
    assert _games(app, running) == []


@pytest.fixture
def world(app):
    """Events in every state a form can be refused in."""
    fresh = setup_event(app, NAMES[:5], tables=1, name="Fresh")
    running = setup_event(app, NAMES, tables=2, name="Running")
    start_round(app, running)
    planned = setup_event(app, NAMES, tables=2, name="Planned")  # round 1 closed, round 2 planned
    start_round(app, planned)
    close_round(app, planned)
    played = setup_event(app, NAMES, tables=2, name="Played")  # round 2 running with a result
    start_round(app, played)
    close_round(app, played)
    start_round(app, played)
    record_winner(app, played, 1, [_at_table_1(app, played, 2)[0]])
    return {"fresh": fresh, "running": running, "planned": planned, "played": played}


REFUSED = [  # (event, path after /events/<id>, form, status, text on the page)
    ("fresh", "/players", {"names": "Ana\nana"}, 400, "more than once"),
    ("fresh", "/tables/plan", {"tables": "9"}, 400, "Choose between 1 and 5"),
    ("fresh", "/tables/move", {"player": "999999", "table": "1"}, 400, "Not a valid choice"),
    ("fresh", "/tables/1/rules", {"ace": "sideways", "wins": "highest", "trump": ""}, 400, "Not a valid choice"),
    ("fresh", "/settings", {"name": "", "round_minutes": "7"}, 400, "This field is required"),
    ("running", "/players/late", {"name": "ANA", "table": "1"}, 400, "Already in this event"),
    ("running", "/players/late", {"name": "Zoë", "table": "7"}, 400, "Not a valid choice"),
    ("running", "/players/{Ben}", {"name": "chloe"}, 400, "Already in this event"),
    ("running", "/players/{Ben}/remove", {}, 400, "withdraw the player instead"),
    ("running", "/rounds/start", {}, 409, "still running"),
    ("running", "/rounds/1/tables/1", {"games-0-number": "0", "games-0-winner": "{Ana}"}, 400, "Game numbers run"),
    ("planned", "/rounds/2/seats", {"player": "999999", "table": "1"}, 400, "Not a valid choice"),
    ("planned", "/players/{Ben}/status/observer", {}, 302, ""),
    ("planned", "/players/{Ben}/status/seated", {}, 400, "Choose the table where Ben joins round 2"),
    ("played", "/rounds/1/reopen", {}, 409, "already has results"),
    ("played", "/rounds/1/close", {}, 409, "already closed"),
    ("played", "/rounds/2/tables/1", {"games-0-winner": "{first}", "games-0-version": "7"}, 409,
     "changed by someone else"),
]


def test_every_refused_organiser_form_comes_back_inside_the_event_with_the_reason(app, organiser, world):
    for event, path, form, status, text in REFUSED:
        ids = player_ids(app, world[event])
        url = f"/events/{world[event]}" + path.replace("{Ben}", str(ids["Ben"]))
        first = _at_table_1(app, world[event], 2)[1] if "{first}" in str(form) else None
        data = {k: v.replace("{Ana}", str(ids["Ana"])).replace("{first}", str(ids.get(first))) for k, v in form.items()}
        response = organiser.post(url, data=data)
        page = response.get_data(as_text=True)
        assert response.status_code == status, (url, response.status_code)
        if status == 302:
            continue
        assert text in page, (url, text)
        assert _nav(world[event]) in page, url
        assert "Cannot do that" not in page and "Events list" not in page, url


def test_refused_new_event_and_import_come_back_filled_in(app, organiser):
    response = organiser.post("/events", data={"name": "9B", "round_minutes": "500"})
    assert response.status_code == 400
    assert 'value="9B"' in response.get_data(as_text=True)
    assert "Number must be between" in response.get_data(as_text=True)
    response = organiser.post("/events/import", data={"file": (io.BytesIO(b"{not json"), "event.json")},
                              content_type="multipart/form-data")
    assert response.status_code == 400 and "nothing was changed" in response.get_data(as_text=True)


def test_an_address_naming_nothing_stays_inside_the_event_menu(app, organiser, running):
    response = organiser.get(f"/events/{running}/players/999999")
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "not part of this event" in page
    assert _nav(running) in page and "Go back" in page and "Cannot do that" not in page


# Withdraw, remove and undo the close ask first ----------------------------------------------

def _posts_to(page: str, action: str) -> bool:
    return re.search(rf'<form[^>]*method="post"[^>]*action="{re.escape(action)}"', page) is not None or \
        re.search(rf'<form[^>]*action="{re.escape(action)}"[^>]*method="post"', page) is not None


def test_withdrawing_asks_first_and_says_which_results_stay_and_from_which_round(app, organiser):
    event_id = setup_event(app, [*NAMES[:7], "Zoë"], tables=2)
    for _ in range(2):
        start_round(app, event_id)
        close_round(app, event_id)  # round 3 is planned
    zoe = player_ids(app, event_id)["Zoë"]
    action = f"/events/{event_id}/players/{zoe}/status/withdrawn"
    player_page = organiser.get(f"/events/{event_id}/players/{zoe}").get_data(as_text=True)
    assert not _posts_to(player_page, action)
    confirm = page_text(organiser.get(f"/events/{event_id}/players/{zoe}/withdraw"))
    assert "Zoë will be withdrawn: Zoë keeps the results of rounds 1–2 and will not be seated from round 3." in confirm
    assert _posts_to(confirm, action) and 'name="csrf_token"' in confirm
    with app.app_context():
        assert db.session().get(Player, zoe).status is PlayerStatus.SEATED
    organiser.post(action)
    with app.app_context():
        assert db.session().get(Player, zoe).status is PlayerStatus.WITHDRAWN


def test_removing_a_player_asks_first(app, organiser):
    event_id = setup_event(app, NAMES[:5], tables=1)
    eve = player_ids(app, event_id)["Eve"]
    action = f"/events/{event_id}/players/{eve}/remove"
    assert not _posts_to(organiser.get(f"/events/{event_id}/players").get_data(as_text=True), action)
    confirm = html.unescape(page_text(organiser.get(action)))
    assert "Eve will be deleted from this event's players" in confirm and _posts_to(confirm, action)
    assert "Eve" in player_ids(app, event_id)
    organiser.post(action)
    assert "Eve" not in player_ids(app, event_id)


def test_undoing_a_close_asks_first_and_says_what_will_happen(app, organiser, running):
    close_round(app, running)
    action = f"/events/{running}/rounds/1/reopen"
    results = organiser.get(f"/events/{running}/rounds/1/results").get_data(as_text=True)
    assert not _posts_to(results, action) and f'href="{action}"' in results
    confirm = html.unescape(organiser.get(action).get_data(as_text=True))
    assert "Round 1 will be running again" in confirm and "Round 2 will be removed with its seating" in confirm
    assert _posts_to(confirm, action)
    organiser.post(action)
    with app.app_context():
        states = [r.state for r in db.session().scalars(select(Round).where(Round.event_id == running))]
        assert states == [RoundState.RUNNING]


def test_undo_page_for_a_round_whose_next_round_has_results_says_why_instead_of_asking(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    organiser.post(f"/events/{event_id}/rounds/start")
    organiser.post(f"/events/{event_id}/rounds/1/close")
    organiser.post(f"/events/{event_id}/rounds/start")
    organiser.post(f"/events/{event_id}/rounds/2/tables/1",
                   data=winners_form(app, event_id, [sorted(seating(app, event_id, 2))[0]]))
    response = organiser.get(f"/events/{event_id}/rounds/1/reopen", follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Round 2 already has results" in page
    assert "Undo the close of round 1</button>" not in page


def test_a_results_page_holding_the_most_rows_a_round_allows_offers_no_more_rows(app, organiser, client, running):
    table_link = f"/t/{tokens(app, running)[1]}"
    for url in (f"{table_link}?rows=40", f"/events/{running}/rounds/1/tables/1?rows=40"):
        response = (client if url.startswith("/t/") else organiser).get(url)
        page = response.get_data(as_text=True)
        assert response.status_code == 200, url
        assert page.count("data-game>") == 40 and "data-row-template" not in page and "data-add-rows" not in page
