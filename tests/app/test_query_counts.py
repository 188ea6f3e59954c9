"""SQL statements per page must not grow with the number of tables (or players and games)."""

import pytest

from tests.app.helpers import seating, winners_form
from tests.conftest import count_queries, setup_event


def _event_with_a_closed_and_a_running_round(app, organiser, tables: int) -> int:
    names = [f"Player {i:03}" for i in range(tables * 4)]
    event_id = setup_event(app, names, tables=tables)
    organiser.post(f"/events/{event_id}/rounds/start")
    for number in range(1, tables + 1):
        at_table = sorted(n for n, t in seating(app, event_id, 1).items() if t == number)
        organiser.post(f"/events/{event_id}/rounds/1/tables/{number}", data=winners_form(app, event_id, at_table[:3]))
    organiser.post(f"/events/{event_id}/rounds/1/close")
    organiser.post(f"/events/{event_id}/rounds/start")
    return event_id


PAGES = [
    "/", "/events/{e}", "/events/{e}/players", "/events/{e}/tables", "/events/{e}/tables/1/rules",
    "/events/{e}/rounds/1/results", "/events/{e}/rounds/2", "/events/{e}/rounds/2/tables/1",
    "/events/{e}/rounds/2/close", "/events/{e}/standings",
]


@pytest.mark.parametrize("path", PAGES)
def test_statements_per_page_do_not_grow_with_tables(app, organiser, path):
    counts = []
    for tables in (5, 50):
        event_id = _event_with_a_closed_and_a_running_round(app, organiser, tables)
        url = path.format(e=event_id)
        with count_queries(app) as statements:
            response = organiser.get(url)
        assert response.status_code == 200, url
        counts.append(len(statements))
    assert counts[0] == counts[1], f"{path}: {counts[0]} statements with 5 tables, {counts[1]} with 50"
