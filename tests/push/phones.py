"""A table phone sending its games through the real server, as the benchmarks' phones do."""

from __future__ import annotations

from benchmarks.harness import Client
from benchmarks.phones import Phone, Tally
from tests.room.conftest import tokens


def phone_of(app, event_id: int, table_number: int) -> Phone:
    return Phone(table_number, tokens(app, event_id)[table_number])


def send_a_game(base: str, phone: Phone, step: int = 0) -> None:
    """One more game (or a changed winner) from the table's phone; raises unless it was saved."""
    client = Client(base, timeout=30)
    try:
        phone.turn(client, Tally(), step)
    finally:
        client.close()
