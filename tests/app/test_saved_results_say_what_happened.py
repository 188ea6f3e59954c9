"""A saved result says what happened to each game: recorded, changed or removed."""

from __future__ import annotations

from tests.app.helpers import page_text, player_ids
from tests.conftest import setup_event
from tests.room.conftest import record_winner, seated, start_round, tokens

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
