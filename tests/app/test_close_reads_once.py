"""A round close reads the round's rows once, after the event's lock, and its statements do
not grow with the number of tables (the next round's seats go in as one multi-row INSERT)."""

from __future__ import annotations

import re

from tests.app.helpers import seating, winners_form
from tests.conftest import count_queries, setup_event


def _running_round_two(app, organiser, tables: int) -> int:
    """Round 1 closed, round 2 running with three games reported at every table."""
    event_id = setup_event(app, [f"Player {i:03}" for i in range(tables * 4)], tables=tables)
    for number in (1, 2):
        assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
        for table in range(1, tables + 1):
            seated = sorted(n for n, t in seating(app, event_id, number).items() if t == table)
            organiser.post(f"/events/{event_id}/rounds/{number}/tables/{table}",
                           data=winners_form(app, event_id, seated[:3]))
        if number == 1:
            assert organiser.post(f"/events/{event_id}/rounds/1/close").status_code == 302
    return event_id


def _close_statements(app, organiser, event_id: int) -> list[str]:
    with count_queries(app) as statements:
        response = organiser.post(f"/events/{event_id}/rounds/2/close")
    assert response.status_code == 302, response.get_data(as_text=True)
    return [" ".join(s.split()) for s in statements]


def _reads_of_the_round(statements: list[str], table: str) -> list[int]:
    """Positions of the statements reading one round's rows of `table` (seats or games)."""
    return [i for i, s in enumerate(statements)
            if s.startswith("SELECT") and re.search(rf"FROM {table}\b.* WHERE {table}\.round_id = ", s)]


def test_a_close_reads_the_rounds_seats_and_games_once_after_taking_the_lock(app, organiser):
    statements = _close_statements(app, organiser, _running_round_two(app, organiser, 3))
    lock = next(i for i, s in enumerate(statements) if s.startswith("UPDATE events SET name=events.name"))
    seats, games = _reads_of_the_round(statements, "seats"), _reads_of_the_round(statements, "games")
    assert len(seats) == 1 and len(games) == 1, statements
    assert lock < seats[0] and lock < games[0], "the round was read before the lock"


def test_statements_of_a_close_do_not_grow_with_tables(app, organiser):
    counts = {tables: len(_close_statements(app, organiser, _running_round_two(app, organiser, tables)))
              for tables in (3, 30)}
    assert counts[3] == counts[30], f"a close sends {counts[3]} statements at 3 tables, {counts[30]} at 30"


def test_a_game_saved_after_the_close_page_was_loaded_is_counted_by_the_close(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"], tables=2)
    organiser.post(f"/events/{event_id}/rounds/start")
    bottom = sorted(n for n, t in seating(app, event_id, 1).items() if t == 1)
    assert organiser.get(f"/events/{event_id}/rounds/1/close").status_code == 200  # the page the click comes from
    organiser.post(f"/events/{event_id}/rounds/1/tables/1", data=winners_form(app, event_id, [bottom[-1]]))
    assert organiser.post(f"/events/{event_id}/rounds/1/close").status_code == 302
    assert seating(app, event_id, 2)[bottom[-1]] == 2  # the bottom table's winner moved up
