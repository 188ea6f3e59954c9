"""Every table's phone opens and sends its page over and over during a round: its SQL statements
stay few and do not grow with the number of tables."""

from __future__ import annotations

from tests.conftest import PG_URL, count_queries, setup_event
from tests.room.conftest import seated, start_round, tokens

PHONE_PAGE_STATEMENTS = 3  # the table with its event and running round; the seats; the games
# The page's reads, the event's lock and the event read again under it, the table's absentees
# read under it, one new game and its result row, winner only, audit line and event revision.
PHONE_SUBMIT_STATEMENTS = 12
# On PostgreSQL a change also reads at READ COMMITTED and takes the app-wide lock shared and its
# event's own lock (tournament/db.py), so phones of other events do not wait for it.
PHONE_SUBMIT_STATEMENTS += 3 if PG_URL else 0


def _statements(app, phone, tables: int) -> tuple[int, int]:
    event_id = setup_event(app, [f"Player {n:03}" for n in range(tables * 4)], tables=tables,
                           name=f"{tables} tables")
    start_round(app, event_id)
    url = f"/t/{tokens(app, event_id)[1]}"
    winner = next(iter(seated(app, event_id, 1).values()))
    phone.get(url)
    with count_queries(app) as page:
        assert phone.get(url).status_code == 200
    with count_queries(app) as submit:
        response = phone.post(url, data={"round": "1", "games-0-number": "1", "games-0-version": "",
                                         "games-0-winner": str(winner)})
        assert response.status_code == 302
    return len(page), len(submit)


def test_phone_page_and_submit_statements_are_few_and_do_not_grow_with_tables(app, phone):
    small, large = _statements(app, phone, 3), _statements(app, phone, 40)
    assert small == large, f"phone (page, submit) statements: {small} at 3 tables, {large} at 40"
    page, submit = large
    assert page <= PHONE_PAGE_STATEMENTS, page
    assert submit <= PHONE_SUBMIT_STATEMENTS, submit
