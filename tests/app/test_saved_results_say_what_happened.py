"""A saved result says what happened to each game: recorded, changed or removed; "No game" ticked
on a recorded game removes it, tricks or not."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.app.helpers import page_text, player_ids
from tests.conftest import setup_event
from tests.room.conftest import record_winner, seated, start_round, tokens
from tournament import db
from tournament.models import Event, Game
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hana"]


def _running(app) -> tuple[int, list[str]]:
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    return event_id, sorted(seated(app, event_id, 1))


def test_a_phone_removing_a_game_reads_that_it_was_removed(app, client):
    event_id, (a, b, *_rest) = _running(app)
    record_winner(app, event_id, 1, [a, b])
    ids = player_ids(app, event_id)
    url = f"/t/{tokens(app, event_id)[1]}"
    sent = {"round": "1", "games-0-number": "1", "games-0-version": "1", "games-0-winner": str(ids[a]),
            "games-1-number": "2", "games-1-version": "1", "games-1-winner": ""}
    response = client.post(url, data=sent, follow_redirects=True)
    text = page_text(response)
    assert "Sent! Game 2 removed. Thank you." in text and "recorded. Thank you" not in text


def test_the_organiser_changing_one_game_and_removing_another_reads_both(app, organiser):
    event_id, (a, b, *_rest) = _running(app)
    record_winner(app, event_id, 1, [a, b])
    ids = player_ids(app, event_id)
    sent = {"games-0-number": "1", "games-0-version": "1", "games-0-winner": str(ids[b]),
            "games-1-number": "2", "games-1-version": "1", "games-1-winner": "",
            "games-2-number": "3", "games-2-version": "", "games-2-winner": str(ids[a])}
    response = organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=sent, follow_redirects=True)
    text = page_text(response)
    assert "Table 1: Game 3 recorded. Game 1 changed. Game 2 removed." in text
    assert "games saved" not in text


def _recorded_with_tricks(app, event_id: int, a: str, b: str) -> dict[str, str]:
    """Game 1 recorded with tricks, then its row as the page shows it with "No game" ticked."""
    ids = player_ids(app, event_id)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        record_games(session, data, data.table(1), [GameEntry(1, None, frozenset(), {ids[a]: 3, ids[b]: 1})])
    return {"round": "1", "games-0-number": "1", "games-0-version": "1", "games-0-winner": "",
            f"games-0-s{ids[a]}": "3", f"games-0-s{ids[b]}": "1"}


def _games(app, event_id: int) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count(Game.id)))


@pytest.mark.parametrize("on_the_phone", [False, True], ids=["organiser", "phone"])
def test_no_game_ticked_on_a_game_entered_with_tricks_removes_it(app, organiser, client, on_the_phone):
    event_id, (a, b, *_rest) = _running(app)
    sent = _recorded_with_tricks(app, event_id, a, b)
    if on_the_phone:
        url, said, sender = f"/t/{tokens(app, event_id)[1]}", "Sent! Game 1 removed. Thank you.", client
    else:
        url, said, sender = f"/events/{event_id}/rounds/1/tables/1", "Table 1: Game 1 removed.", organiser
    response = sender.post(url, data=sent, follow_redirects=True)
    assert said in page_text(response)
    assert _games(app, event_id) == 0
