"""A game at a table of n players has at most ⌊28 / n⌋ tricks: the organiser's form and the
phone refuse more, the form comes back filled in with the limit beside the field, nothing saved."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.app.helpers import page_text, player_ids
from tests.conftest import setup_event
from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.models import Game

SIX = ["Ana", "Ben", "Çelik", "Dan", "Eve", "Fay"]
TRICKS = dict(zip(SIX, (1, 11, 0, 1, 1, 0), strict=True))


def _running_table_of_six(app) -> int:
    event_id = setup_event(app, SIX, tables=1)
    start_round(app, event_id)
    return event_id


def _form(app, event_id: int, tricks: dict[str, int]) -> dict[str, str]:
    ids = player_ids(app, event_id)
    data = {"round": "1", "games-0-winner": "", "games-0-version": ""}
    data.update({f"games-0-s{ids[name]}": str(count) for name, count in tricks.items()})
    return data


def _games(app) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count(Game.id)))


def test_the_organiser_cannot_save_more_tricks_than_a_game_at_the_table_has(app, organiser):
    event_id = _running_table_of_six(app)
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=_form(app, event_id, TRICKS))
    page = page_text(response)
    assert response.status_code == 400
    assert "28 cards make at most 4 tricks a game at a table of 6" in page
    assert 'value="11"' in page and 'max="4"' in page
    assert _games(app) == 0


def test_a_phone_cannot_send_more_tricks_than_a_game_at_its_table_has(app, client):
    event_id = _running_table_of_six(app)
    response = client.post(f"/t/{tokens(app, event_id)[1]}", data=_form(app, event_id, TRICKS))
    page = page_text(response)
    assert response.status_code == 400
    assert "28 cards make at most 4 tricks a game at a table of 6" in page and 'value="11"' in page
    assert _games(app) == 0


def test_a_table_cannot_send_more_tricks_in_all_than_a_game_there_has(app, client):
    event_id = _running_table_of_six(app)
    five = dict(zip(SIX, (1, 1, 1, 1, 1, 0), strict=True))
    response = client.post(f"/t/{tokens(app, event_id)[1]}", data=_form(app, event_id, five))
    page = page_text(response)
    assert response.status_code == 400
    game_1 = page.split("</fieldset>")[0]
    assert ("5 tricks in one game is more than the cards allow: 28 cards make at most 4 tricks a game at a "
            "table of 6.") in game_1
    assert _games(app) == 0
