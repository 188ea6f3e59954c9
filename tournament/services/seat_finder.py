"""'Where do I sit': a player's current table, for the public page. Shows names and table
numbers only — nothing about results — because anyone in the room can open it."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.names import name_key
from ..models import Event, Player, PlayerStatus, Round, RoundState, Seat, Table
from .errors import NotFound


def names(session: Session, event: Event) -> list[tuple[int, str]]:
    """Everyone still taking part, alphabetically (as the tie rule sorts names)."""
    players = session.scalars(
        select(Player).where(Player.event_id == event.id, Player.status != PlayerStatus.WITHDRAWN)
    )
    return sorted(((p.id, p.name) for p in players), key=lambda item: name_key(item[1]))


def where(session: Session, event: Event, player_id: int) -> dict:
    """The latest round's seat (the planned next round as soon as a round closes), or the
    home table before round 1. Three statements."""
    player = session.scalar(select(Player).where(Player.id == player_id, Player.event_id == event.id))
    if player is None or player.status is PlayerStatus.WITHDRAWN:
        raise NotFound("That name is not on this event's list. Go back and pick your name again.")
    latest = session.scalar(
        select(Round).where(Round.event_id == event.id).order_by(Round.number.desc()).limit(1)
    )
    if latest is None:
        table = session.scalar(select(Table.number).where(Table.id == player.home_table_id)) \
            if player.home_table_id else None
        return {"name": player.name, "table": table, "round": None, "label": "Your home table"}
    table = session.scalar(
        select(Table.number).join(Seat, Seat.table_id == Table.id)
        .where(Seat.round_id == latest.id, Seat.player_id == player.id)
    )
    verb = {RoundState.PLANNED: "Next", RoundState.RUNNING: "Now", RoundState.CLOSED: "Last"}[latest.state]
    return {"name": player.name, "table": table, "round": latest.number,
            "label": f"{verb}: round {latest.number}"}
