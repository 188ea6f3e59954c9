"""Each game's rhythm (several short games a round, or one long game) sets a new event's round
length, the score slip's game columns and the guide's sentence about a round."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from tournament import db
from tournament.games import all_games, get
from tournament.games.rhythm import SEVERAL_GAMES, SLIP_GAMES, round_text, slip_games
from tournament.models import Event
from tournament.services import players
from tournament.services import tables as table_service

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
GAME_COLUMN = re.compile(r'<th scope="col">Game \d+</th>')


def _untouched_form(organiser) -> dict[str, str]:
    """What the new-event form sends when the organiser only types a name and picks a game."""
    page = organiser.get("/").get_data(as_text=True)
    minutes = re.search(r'<input[^>]*name="round_minutes"[^>]*>', page)
    assert minutes, "the new-event form asks for the round length"
    value = re.search(r'value="([^"]*)"', minutes.group(0))
    return {"round_minutes": value.group(1) if value else ""}


def _new_event(app, organiser, game: str) -> int:
    created = organiser.post("/events", data={**_untouched_form(organiser), "name": "Card night", "game": game,
                                              "time_zone": "UTC"})
    assert created.status_code == 302, created.get_data(as_text=True)
    event_id = int(created.headers["Location"].split("/events/")[1].split("/")[0])
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        players.add_players(session, event, "\n".join(NAMES))
        table_service.set_table_count(session, event, 2)
    return event_id


def _round_minutes(app, event_id: int) -> int:
    with app.app_context():
        return db.session().get(Event, event_id).round_minutes


@pytest.mark.parametrize("key", [game.key for game in all_games()])
def test_a_new_event_s_rounds_slips_and_guide_follow_its_game_s_rhythm(app, organiser, key):
    game = get(key)
    event_id = _new_event(app, organiser, key)
    minutes = _round_minutes(app, event_id)
    assert minutes == game.rhythm.round_minutes

    slips = organiser.get(f"/events/{event_id}/print/slips").get_data(as_text=True)
    tables = slips.count('<table class="slip-grid')
    assert tables == 2
    assert len(GAME_COLUMN.findall(slips)) == tables * slip_games(game, minutes)

    guide = organiser.get(f"/events/{event_id}/print/guide").get_data(as_text=True)
    assert str(escape(str(round_text(game, minutes)))) in guide


def test_an_elbows_up_event_plays_one_game_a_round_of_the_game_s_length_on_one_column_slips(app, organiser):
    # A game of ten deals takes about 45 minutes: not 7-minute rounds of eight games.
    event_id = _new_event(app, organiser, "elbows-up")
    assert _round_minutes(app, event_id) == 45
    slips = organiser.get(f"/events/{event_id}/print/slips").get_data(as_text=True)
    assert len(GAME_COLUMN.findall(slips)) == 2
    assert "Won</th>" not in slips  # the one game's tick is the round's count
    guide = organiser.get(f"/events/{event_id}/print/guide").get_data(as_text=True)
    assert "several games" not in guide
    assert "holds one game: it ends after deal 10 or when time is up" in guide


def test_games_of_several_a_round_keep_the_slip_s_full_width_whatever_the_round():
    for game in (get("five-tricks"), get("elevator"), get("elevator-up")):
        assert {slip_games(game, minutes) for minutes in (1, 7, 60, 120)} == {SLIP_GAMES}
        assert str(round_text(game, 7)) == str(SEVERAL_GAMES.filled(n=7))


def test_a_one_game_round_made_long_enough_for_more_gets_their_columns_and_the_several_games_sentence():
    euchre = get("euchre")
    assert slip_games(euchre, 25) == 1 and "holds one game" in str(round_text(euchre, 25))
    assert slip_games(euchre, 60) == euchre.usual_games(4, 60) == 3
    assert str(round_text(euchre, 60)) == str(SEVERAL_GAMES.filled(n=60))


def test_the_new_event_form_names_each_game_s_usual_round(organiser):
    page = organiser.get("/").get_data(as_text=True)
    for game in all_games():
        assert f"{escape(game.title)}: {game.rhythm.round_minutes} minutes" in page
