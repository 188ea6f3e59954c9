"""An event played for a few rounds through the services, for the debrief's views."""

from __future__ import annotations

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, start_round

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lea"]


def play_round(app, event_id: int, tables: int, close: bool = True) -> None:
    """Start the planned round; at every table the alphabetically first player wins two games
    and the second one game (so nobody ties for the top), then close it."""
    start_round(app, event_id)
    for table in range(1, tables + 1):
        names = sorted(seated(app, event_id, table))
        if names:
            record_winner(app, event_id, table, [names[0], names[1], names[0]] if len(names) > 1 else [names[0]])
    if close:
        close_round(app, event_id)


def played_event(app, names=NAMES, tables: int = 3, rounds: int = 3, close_last: bool = True) -> int:
    event_id = setup_event(app, names, tables=tables)
    for number in range(rounds):
        play_round(app, event_id, tables, close=close_last or number < rounds - 1)
    return event_id
