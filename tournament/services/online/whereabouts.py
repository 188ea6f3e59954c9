"""Where a player plays now, as one SQL expression: the seat of the event's latest round, else
the home table (before round 1). The online screen follows it; the join page lists only the
players it puts at a table played online."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ...models import Round, Seat


def player_table(player_id: Any, event_id: Any, home_table_id: Any) -> Any:
    """The table id expression for the player whose id, event and home table are these columns."""
    seat = (select(Seat.table_id).join(Round, Round.id == Seat.round_id)
            .where(Round.event_id == event_id, Seat.player_id == player_id)
            .order_by(Round.number.desc()).limit(1).correlate_except(Seat, Round).scalar_subquery())
    return func.coalesce(seat, home_table_id)
