"""Every round of an event with its seats and games, and the outcome of every closed round, read
in a fixed number of statements (three, plus the rounds and players when the caller has not read
them): the debrief's journeys and timeline look at the whole event at once, where the results
pages load one round at a time.

The outcomes are ``RoundData.outcome`` (``services.outcome``), exactly what each round's results
page shows: nothing here decides a move."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...models import Event, Player, Round, RoundState, Seat, Table
from ..outcome import RoundOutcome
from ..round_data import RoundData, load_game_facts


@dataclass(frozen=True)
class History:
    rounds: tuple[Round, ...]  # by number
    tables: tuple[Any, ...]  # rows: id, number (and variant_data, house_rule when asked for)
    players: dict[int, Any]  # id -> a row or Player: id, name, nickname, status, home_table_id
    outcomes: dict[int, RoundOutcome]  # closed round number -> its outcome, moves as they happened

    @property
    def played(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.state is not RoundState.PLANNED)


def load_history(session: Session, event: Event, rounds: Iterable[Round] | None = None,
                 players: Iterable[Any] | None = None, variants: bool = False) -> History:
    """``rounds``/``players``: already read by the caller (the standings read both), else read
    here. ``variants``: also read each table's stored rule variant and house rule (only once revealed)."""
    if rounds is None:
        rounds = session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number))
    ordered = tuple(sorted(rounds, key=lambda r: r.number))
    columns = (Table.id, Table.number) + ((Table.variant_data, Table.house_rule) if variants else ())
    tables = tuple(session.execute(select(*columns).where(Table.event_id == event.id).order_by(Table.number)))
    if players is None:
        players = session.execute(select(Player.id, Player.name, Player.nickname, Player.status, Player.home_table_id)
                                  .where(Player.event_id == event.id))
    by_id = {p.id: p for p in players}
    ids = [r.id for r in ordered]
    seats: dict[int, list[Any]] = defaultdict(list)
    if ids:
        for seat in session.execute(select(Seat.round_id, Seat.table_id, Seat.player_id, Seat.manual, Seat.presence)
                                    .where(Seat.round_id.in_(ids))):
            seats[seat.round_id].append(seat)
    games: dict[int, list[Any]] = defaultdict(list)
    for game in load_game_facts(session, ids):
        games[game.round_id].append(game)
    # Plain rows of the same columns stand in for the models, as in ``load_round_facts``.
    data = [RoundData(event, r, list(tables), by_id, seats[r.id], games[r.id])  # type: ignore[arg-type]
            for r in ordered]
    outcomes = {}
    for index, round_data in enumerate(data):
        if round_data.round.state is RoundState.CLOSED:
            following = data[index + 1] if index + 1 < len(data) else None
            outcomes[round_data.round.number] = round_data.outcome(following)
    return History(ordered, tables, by_id, outcomes)
