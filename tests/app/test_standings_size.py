"""The standings page of a lecture hall (120 tables, 600 players) is thousands of cells: its
size must grow by a few bytes per player and round, not by a paragraph of markup per cell."""

from __future__ import annotations

import re

from benchmarks.build import record_round
from tournament import db
from tournament.services import events, players, rounds
from tournament.services import tables as table_service
from tournament.services.round_data import load_round

TABLES, SEATS, CLOSED_ROUNDS = 120, 5, 6
# Everything on the page (menu, explanations, headers, the rank, name and totals of each row)
# shared out over the player-round cells; a round's own cell, "<td>74 <small>(2)</small>", is
# 24 bytes. The page took 107 bytes per player and round when each cell carried its classes.
BYTES_PER_PLAYER_ROUND = 45


def _lecture_hall(app) -> int:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Lecture hall", planned_rounds=CLOSED_ROUNDS + 1)
        players.add_players(session, event, "\n".join(f"Student {n:03d}" for n in range(TABLES * SEATS)))
        table_service.set_table_count(session, event, TABLES)
        for number in range(1, CLOSED_ROUNDS + 1):
            rounds.start_round(session, event)
            record_round(session, load_round(session, event, number), games=3)
            rounds.close(session, event, number)
        return event.id


def test_standings_page_stays_small_for_a_lecture_hall(app, organiser):
    event_id = _lecture_hall(app)
    page = organiser.get(f"/events/{event_id}/standings").get_data(as_text=True)
    budget = TABLES * SEATS * CLOSED_ROUNDS * BYTES_PER_PLAYER_ROUND
    assert len(page.encode()) <= budget, f"{len(page.encode())} bytes, budget {budget}"
    print(f"{len(page.encode())} bytes for {TABLES * SEATS} players and {CLOSED_ROUNDS} rounds")
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body)
    assert len(rows) == TABLES * SEATS
    # Nothing is lost: each played round shows the table and, in brackets, the games won there.
    cells = rows[0].split("<td>")[1:]
    assert len(cells) == 6 + CLOSED_ROUNDS
    assert all(re.fullmatch(r"\d+ <small>\(\d+\)</small>", cell) for cell in cells[6:]), cells
    assert f'title="Table in round {CLOSED_ROUNDS} (games won)">R{CLOSED_ROUNDS}</th>' in page
