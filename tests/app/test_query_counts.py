"""SQL statements per page must not grow with the number of tables (or players and games), and
pages that show only counts or the event's own settings read no player rows."""

from tests.app.helpers import seating, winners_form
from tests.conftest import count_queries, setup_event


def _event_with_a_closed_and_a_planned_round(app, organiser, tables: int) -> int:
    names = [f"Player {i:03}" for i in range(tables * 4)]
    event_id = setup_event(app, names, tables=tables)
    organiser.post(f"/events/{event_id}/rounds/start")
    for number in range(1, tables + 1):
        at_table = sorted(n for n, t in seating(app, event_id, 1).items() if t == number)
        organiser.post(f"/events/{event_id}/rounds/1/tables/{number}", data=winners_form(app, event_id, at_table[:3]))
    organiser.post(f"/events/{event_id}/rounds/1/close")
    return event_id


# Pages read while round 2 is planned, then while it runs. {p} is the event's first player.
WHILE_PLANNED = ["/events/{e}/rounds/2/seats", "/events/{e}/print/slips?round=2"]
PAGES = [
    "/", "/events/{e}", "/events/{e}/settings", "/events/{e}/delete",
    "/events/{e}/players", "/events/{e}/players/{p}", "/events/{e}/players/{p}/withdraw",
    "/events/{e}/players/{p}/remove", "/events/{e}/tables", "/events/{e}/tables/1/rules",
    "/events/{e}/rounds", "/events/{e}/rounds/1/results", "/events/{e}/rounds/1/reopen", "/events/{e}/rounds/2",
    "/events/{e}/rounds/2/tables/1", "/events/{e}/rounds/2/close", "/events/{e}/standings", "/events/{e}/audit",
    "/events/{e}/backups", "/events/{e}/export.json", "/events/{e}/games.csv", "/events/{e}/moves.csv",
    "/events/{e}/room", "/events/{e}/room/tables", "/events/{e}/rounds/2/live.json",
    "/events/{e}/print", "/events/{e}/print/guide", "/events/{e}/print/sheets", "/events/{e}/print/signs",
    "/events/{e}/print/slips", "/events/{e}/print/all", "/events/{e}/debrief", "/events/{e}/print/debrief",
    "/events/{e}/print/preview?ace=high&wins=highest&trump=&table=1",
    "/events/{e}/online", "/events/{e}/online/live.json?key=", "/events/{e}/print/personal-links",
]


def _statements(app, organiser, url: str) -> list[str]:
    with count_queries(app) as statements:
        response = organiser.get(url)
    assert response.status_code in (200, 302), f"{url}: {response.status_code}"
    return statements


def _first_player(app, event_id: int) -> int:
    from tests.app.helpers import player_ids
    return min(player_ids(app, event_id).values())


def test_statements_per_page_do_not_grow_with_tables(app, organiser):
    small, large = (_event_with_a_closed_and_a_planned_round(app, organiser, tables) for tables in (5, 50))
    counts: dict[str, list[int]] = {}

    def measure(paths):
        for event_id in (small, large):
            for path in paths:
                url = path.format(e=event_id, p=_first_player(app, event_id))
                counts.setdefault(path, []).append(len(_statements(app, organiser, url)))

    measure(WHILE_PLANNED)
    for event_id in (small, large):
        organiser.post(f"/events/{event_id}/rounds/start")
    measure(PAGES)
    growing = {path: pair for path, pair in counts.items() if pair[0] != pair[1]}
    assert not growing, f"statements with 5 tables vs 50: {growing}"


def _reads_player_rows(statements: list[str]) -> bool:
    """A count of players names no player column; reading the rows does."""
    return any("players.name" in statement for statement in statements)


def test_pages_that_show_counts_read_no_player_rows(app, organiser):
    event_id = _event_with_a_closed_and_a_planned_round(app, organiser, 5)
    organiser.get(f"/events/{event_id}/standings")  # builds the cached table once
    for path in ("/events/{e}", "/events/{e}/delete", "/events/{e}/settings", "/events/{e}/standings",
                 "/events/{e}/room", "/events/{e}/print", "/events/{e}/audit"):
        url = path.format(e=event_id)
        assert not _reads_player_rows(_statements(app, organiser, url)), f"{url} read every player row"


def test_event_overview_counts_players_tables_and_rounds(app, organiser):
    event_id = _event_with_a_closed_and_a_planned_round(app, organiser, 3)
    page = organiser.get(f"/events/{event_id}").get_data(as_text=True)
    assert "12 names." in page and "3 tables with their rules" in page
    confirm = organiser.get(f"/events/{event_id}/delete").get_data(as_text=True)
    assert "This removes 12 players, 3 tables, 2 rounds" in confirm


def test_a_missing_event_is_the_same_404_on_event_pages(organiser):
    for url in ("/events/999", "/events/999/standings", "/events/999/room", "/events/999/print",
                "/events/999/delete", "/events/999/rounds/1"):
        response = organiser.get(url)
        assert response.status_code == 404, url
        assert "There is no such event. It may have been deleted." in response.get_data(as_text=True), url
