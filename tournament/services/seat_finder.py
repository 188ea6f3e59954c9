"""'Where do I sit': a player's current table, for the public page. Shows public names
(``services.public_names``) and table numbers only — nothing about results — because anyone in
the room can open it; a pupil finds their name by typing part of it (``core.name_search``), the
page never lists the class. Its words are ``Text`` messages: the page and its JSON feed
translate them into the phone's language."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.i18n import Name, T, Text
from ..core.name_search import Found, search
from ..core.rounds import round_total
from ..models import Event, Player, PlayerStatus, RoundState, Seat, Table
from .errors import NotFound
from .latest_round import latest_round
from .public_names import room_names


def find(session: Session, event: Event, typed: str | None) -> Found:
    """The public names of everyone still taking part that match what was typed."""
    taking_part = set(session.scalars(
        select(Player.id).where(Player.event_id == event.id, Player.status != PlayerStatus.WITHDRAWN)
    ))
    return search({pid: name for pid, name in room_names(event).items() if pid in taking_part}, typed)


SEATED_NOTE = T("This page updates by itself after each round.")
UNSEATED_NOTE = T("You are not seated at a table right now.")


# One whole sentence per round state: the words around the numbers differ by language.
ROUND_LABELS = {
    RoundState.PLANNED: lambda number, total: T("Next: round {number} of {total}", number=number, total=total),
    RoundState.RUNNING: lambda number, total: T("Now: round {number} of {total}", number=number, total=total),
    RoundState.CLOSED: lambda number, total: T("Last: round {number} of {total}", number=number, total=total),
}
OVER = T("The tournament is over")
OVER_NOTE = T("Thank you for playing! The final standings are on the projector.")


def _not_playing(player: Player, name: str) -> Text | None:
    """Why a player who is on the event's list has no table to go to, or None if they play.
    A page opened before a withdrawal keeps working and says so, rather than "not found"."""
    if player.status is PlayerStatus.WITHDRAWN:
        return T("{name} is not playing in the next round.", name=Name(name))
    if player.status is PlayerStatus.OBSERVER:
        return T("{name} is watching, not playing, this round.", name=Name(name))
    return None


def where(session: Session, event: Event, player_id: int) -> dict[str, Any]:
    """The latest round's seat (the planned next round as soon as a round closes), or the
    home table before round 1; `note` is the sentence shown under the table number, and
    `playing` is false for withdrawn players and observers, and `over` true once the tournament
    ended. At most four statements (the public names read the event's players)."""
    player = session.scalar(select(Player).where(Player.id == player_id, Player.event_id == event.id))
    if player is None:
        raise NotFound(T("That name is not on this event's list. Go back and pick your name again."))
    name = room_names(event)[player.id]
    reason = _not_playing(player, name)
    if reason is not None:
        return {"name": name, "table": None, "round": None, "label": T("Not playing"),
                "note": reason, "playing": False}
    latest = latest_round(session, event)
    if event.ended_at is not None and latest is not None:  # no table to go to any more
        return {"name": name, "table": None, "round": latest.number, "label": OVER,
                "note": OVER_NOTE, "playing": True, "over": True}
    if latest is None:
        table = session.scalar(select(Table.number).where(Table.id == player.home_table_id)) \
            if player.home_table_id else None
        return _seat(name, table, None, T("Your home table"))
    table = session.scalar(
        select(Table.number).join(Seat, Seat.table_id == Table.id)
        .where(Seat.round_id == latest.id, Seat.player_id == player.id)
    )
    total = round_total(latest.number, event.planned_rounds)
    return _seat(name, table, latest.number, ROUND_LABELS[latest.state](latest.number, total))


def _seat(name: str, table: int | None, round_number: int | None, label: Text) -> dict[str, Any]:
    return {"name": name, "table": table, "round": round_number, "label": label,
            "note": SEATED_NOTE if table else UNSEATED_NOTE, "playing": True}
