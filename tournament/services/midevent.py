"""Changes to players once the tournament has started: late arrivals, withdrawals,
observers, renames. History is never rewritten: seats and games of past rounds stay.

The "current" round is the latest one that is not closed (running, or planned after a
close). A change seats or unseats the player there; later rounds follow from movement.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.i18n import Name, T
from ..core.limits import MAX_NAME_LENGTH
from ..core.names import fold_name
from ..models import Event, Player, PlayerStatus, Round, RoundState, Seat
from .errors import Conflict, DomainError
from .latest_round import latest_round
from .players import check_room, one_name, set_status
from .tables import get_table
from .unit_of_work import event_change


def current_round(session: Session, event: Event) -> Round | None:
    latest = latest_round(session, event)
    return latest if latest is not None and latest.state is not RoundState.CLOSED else None


def _players(session: Session, event: Event) -> list[Player]:
    """Everyone in the event as committed now (event.players may have been loaded earlier)."""
    return list(session.scalars(select(Player).where(Player.event_id == event.id)))


def _seat_in(session: Session, round_: Round, player: Player) -> Seat | None:
    return session.scalar(select(Seat).where(Seat.round_id == round_.id, Seat.player_id == player.id))


def add_late_player(session: Session, event: Event, name: str, table_number: int,
                    max_name_length: int = MAX_NAME_LENGTH) -> Player:
    """A latecomer joins a table of the running round (or of the planned next round).
    The current round is read under the event's lock: a round closed a moment before has
    already planned the next one, and the latecomer joins that."""
    with event_change(session, event.id) as change:
        round_ = current_round(session, event)
        if round_ is None:
            raise Conflict(T("There is no running or planned round to join."))
        clean = one_name(name, [p.name for p in _players(session, event)], max_name_length)
        check_room(event, 1)
        table = get_table(event, table_number)
        player = Player(event=event, name=clean, name_key=fold_name(clean), home_table=table)
        session.add(player)
        session.add(Seat(round=round_, player=player, table=table, manual=True))
        change.audit("late player added", clean, round_number=round_.number, table_number=table_number,
                     new=f"table {table_number}")
    return player


def change_status(session: Session, event: Event, player: Player, status: PlayerStatus,
                  table_number: int | None = None) -> None:
    """Before round 1 this only changes the table plan. Afterwards: withdraw a player or make
    them an observer (they leave a planned round's seating; in a running round their seat
    and games stay: they are ranked in that round like everyone else, are not seated in the
    next one, and nobody moves in their place, see services.outcome), or let an observer or
    withdrawn player play again at `table_number`."""
    player_id, name = player.id, player.name  # as the page showed them: the row may go meanwhile
    # A close at the same moment either sees the change or precedes it.
    with event_change(session, event.id) as change:
        if session.scalar(select(Player).where(Player.id == player_id)) is None:  # read again, under the lock
            raise Conflict(T("{player} was removed from the event a moment ago.", player=Name(name)))
        if player.status is status:
            return
        if latest_round(session, event) is None:
            set_status(session, event, player, status)
            return
        round_ = current_round(session, event)
        old = player.status
        seat = _seat_in(session, round_, player) if round_ is not None else None
        if status is PlayerStatus.SEATED:
            if round_ is not None:
                if table_number is None:
                    raise DomainError(T("Choose the table where {player} joins round {n}.",
                                        player=Name(player.name), n=round_.number))
                table = get_table(event, table_number)
                if seat is None:
                    session.add(Seat(round=round_, player=player, table=table, manual=True))
                else:
                    seat.table_id, seat.manual = table.id, True
        elif seat is not None and round_ is not None and not round_.state.played:
            session.delete(seat)
        player.status = status
        change.audit("status changed", player.name, round_number=round_.number if round_ else None,
                     table_number=table_number, old=old.value, new=status.value)


def rename(session: Session, event: Event, player: Player, new_name: str,
           max_name_length: int = MAX_NAME_LENGTH) -> None:
    """Names stay unique in the event, ignoring case and accents."""
    with event_change(session, event.id) as change:
        others = [p.name for p in _players(session, event) if p.id != player.id]
        clean = one_name(new_name, others, max_name_length)
        if clean == player.name:
            return
        change.audit("player renamed", clean, old=player.name, new=clean)
        player.name, player.name_key = clean, fold_name(clean)
