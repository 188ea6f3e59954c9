"""Work that must grow in proportion to the players, counted rather than timed
(the timings are in benchmarks/crowd.py)."""

from __future__ import annotations

from types import SimpleNamespace

from sqlalchemy.orm import Session

from tests.conftest import setup_event
from tournament.models import RoundState
from tournament.services.round_data import RoundData


class CountingSeat:
    reads = 0

    def __init__(self, player_id: int, table_id: int, manual: bool):
        self._player_id, self.table_id, self._manual = player_id, table_id, manual

    @property
    def player_id(self) -> int:
        CountingSeat.reads += 1
        return self._player_id

    @property
    def manual(self) -> bool:
        CountingSeat.reads += 1
        return self._manual


def test_seating_page_reads_each_seat_once_to_mark_seats_moved_by_hand():
    count = 2000
    players = {n: SimpleNamespace(id=n, name=f"Player {n:04}") for n in range(count)}
    seats = [CountingSeat(n, n % 500, n % 7 == 0) for n in range(count)]
    # Round 2, everyone seated in round 1 too: a seat set by hand is a move, not a latecomer's.
    data = RoundData(None, SimpleNamespace(number=2, state=RoundState.PLANNED), [], players, seats, [],
                     frozenset(players))
    marked = [p.id for p in players.values() if data.moved_by_hand(p)]
    assert marked == [n for n in range(count) if n % 7 == 0]
    assert CountingSeat.reads <= 3 * count  # it was count * count


def test_table_plan_reads_the_changed_rows_once_per_flush(app, monkeypatch):
    reads = []
    original = Session.dirty
    monkeypatch.setattr(Session, "dirty", property(lambda self: reads.append(1) or original.fget(self)))
    setup_event(app, [f"Player {n:03}" for n in range(400)])
    assert len(reads) < 20  # once per flush; it was once per row flushed
