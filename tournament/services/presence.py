"""Who is at each table in the running round: the table's phone answers "Who is at table 3?"
once a round (``report``), and the organiser decides about a player reported missing
(``mark``): absent for this round, or here after all.

Rules:
- Only a running round's presence changes; a closed round's is history, as its games are.
- The phone's answer sets every seat of its table to here or missing, except a seat the
  organiser already marked absent: that is the organiser's decision. A table has answered once
  any seat of it has a presence; a device that answers a question another device already
  answered changes nothing (a double tap, a second phone), while "Change who is here" answers
  again on purpose.
- An absent player is not ranked and keeps her table (``core.movement.plan_round``); a player
  who won a game at her table this round was there, so she cannot be marked absent.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from ..core.i18n import Name, T
from ..core.names import name_key
from ..core.rounds import as_state
from ..models import Event, Game, GameResult, Player, Presence, Round, RoundState, Seat, Table
from . import audit
from .errors import Conflict, DomainError, NotFound
from .latest_round import latest_round
from .locks import lock_round
from .unit_of_work import event_change

REPORTED_HERE = "everyone reported here"
REPORTED_MISSING = "player reported missing"
MARKED_ABSENT = "player marked absent"
MARKED_HERE = "player marked here"


# What only the table's answer writes: the organiser's "absent" is no answer from the table.
_ANSWERS = frozenset({Presence.HERE, Presence.MISSING})


def answered(seats: Iterable[Seat]) -> bool:
    """Whether the table has answered "Who is at table N?" in this round."""
    return _answered(seat.presence for seat in seats)


def _answered(presences: Iterable[Presence | None]) -> bool:
    return any(presence in _ANSWERS for presence in presences)


def _not_running(number: int) -> Conflict:
    return Conflict(T("Round {n} is not running any more, so who is at the tables can no longer be changed.",
                      n=number))


def _running(session: Session, round_: Round) -> None:
    if as_state(lock_round(session, round_)) is not RoundState.RUNNING:
        raise _not_running(round_.number)


def _seats(session: Session, round_: Round, table: Table) -> list[tuple[Seat, Player]]:
    return [(seat, player) for seat, player in session.execute(
        select(Seat, Player).join(Player, Player.id == Seat.player_id)
        .where(Seat.round_id == round_.id, Seat.table_id == table.id)).all()]


@dataclass(frozen=True)
class Report:
    changed: bool  # False: the same answer again, or the table had answered already
    missing: tuple[str, ...]  # the names now reported missing, as seated


def report(session: Session, event: Event, round_: Round, table: Table, missing_ids: Collection[int],
           again: bool = False, actor: str = "") -> Report:
    """The table's answer: the players in ``missing_ids`` are missing, everyone else at the
    table is here. ``again``: the phone showed "Change who is here", not the first question."""
    actor = actor or f"phone, table {table.number}"
    with event_change(session, event.id, actor) as change:
        _running(session, round_)
        seats = _seats(session, round_, table)
        strangers = set(missing_ids) - {seat.player_id for seat, _player in seats}
        if strangers:
            raise Conflict(T("Someone you tapped is no longer seated at table {table}. Reload the page and "
                             "tap again.", table=table.number))
        if answered(seat for seat, _player in seats) and not again:
            return Report(False, _names(seats, Presence.MISSING))
        changed = False
        for seat, player in seats:
            wanted = Presence.MISSING if player.id in missing_ids else Presence.HERE
            if seat.presence is Presence.ABSENT or seat.presence is wanted:
                continue
            if wanted is Presence.MISSING:
                change.audit(REPORTED_MISSING, player.name, round_number=round_.number, table_number=table.number)
            seat.presence = wanted
            changed = True
        if changed and not missing_ids:
            change.audit(REPORTED_HERE, f"table {table.number}", round_number=round_.number,
                         table_number=table.number)
        return Report(changed, _names(seats, Presence.MISSING))


def _names(seats: Iterable[tuple[Seat, Player]], presence: Presence) -> tuple[str, ...]:
    return tuple(player.name for seat, player in seats if seat.presence is presence)


def mark(session: Session, event: Event, number: int, player_id: int, absent: bool,
         actor: str = audit.ORGANISER) -> tuple[Player, int]:
    """The organiser's decision for one player of running round ``number``: absent for this
    round, or here after all. Returns the player and their table's number; the same mark twice
    changes nothing."""
    with event_change(session, event.id, actor) as change:
        round_ = session.scalar(select(Round).where(Round.event_id == event.id, Round.number == number))
        if round_ is None:
            raise NotFound(T("Round {n} does not exist in this event.", n=number))
        _running(session, round_)
        found = session.execute(
            select(Seat, Player, Table.number, Table.online).join(Player, Player.id == Seat.player_id)
            .join(Table, Table.id == Seat.table_id)
            .where(Seat.round_id == round_.id, Seat.player_id == player_id)).first()
        if found is None:
            raise NotFound(T("That player is not seated in round {n}.", n=number))
        seat, player, table, online = found
        wanted = Presence.ABSENT if absent else Presence.HERE
        if seat.presence is wanted:
            return player, table
        if absent and online:
            # Its deals record themselves; a deal won by an absentee could never be recorded.
            raise DomainError(T("Table {table} plays online: its players join on their own devices, so nobody "
                                "there is marked absent.", table=table))
        if absent and _won_here(session, seat):
            raise DomainError(T("{player} won a game at table {table} in this round, so was there. If {player} "
                                "was not, correct that game first.", player=Name(player.name), table=table))
        change.audit(MARKED_ABSENT if absent else MARKED_HERE, player.name, round_number=number, table_number=table)
        seat.presence = wanted
        return player, table


def _won_here(session: Session, seat: Seat) -> bool:
    return bool(session.scalar(select(exists().where(
        Game.round_id == seat.round_id, Game.table_id == seat.table_id, GameResult.game_id == Game.id,
        GameResult.player_id == seat.player_id, GameResult.won))))


@dataclass(frozen=True)
class Flag:
    """A player of the running round someone said is not at her table."""

    player_id: int
    name: str
    table: int
    presence: Presence  # MISSING (the organiser has to decide) or ABSENT (decided)


@dataclass(frozen=True)
class RoomPresence:
    """What the Room page shows about the running round: who is missing or absent, and which
    tables have not answered yet."""

    round: int
    flags: tuple[Flag, ...]  # by table, then name
    silent: tuple[int, ...]  # tables with players that have not answered

    @property
    def missing(self) -> tuple[Flag, ...]:
        return tuple(flag for flag in self.flags if flag.presence is Presence.MISSING)


def room_presence(session: Session, event: Event) -> RoomPresence | None:
    """The running round's presence, or None while no round runs. One statement after the round."""
    round_ = latest_round(session, event)
    if round_ is None or round_.state is not RoundState.RUNNING:
        return None
    rows = session.execute(
        select(Seat.player_id, Seat.presence, Player.name, Table.number)
        .join(Player, Player.id == Seat.player_id).join(Table, Table.id == Seat.table_id)
        .where(Seat.round_id == round_.id)).all()
    flags = sorted((Flag(pid, name, table, presence) for pid, presence, name, table in rows
                    if presence in (Presence.MISSING, Presence.ABSENT)), key=lambda f: (f.table, name_key(f.name)))
    at_table: dict[int, list[Presence | None]] = {}
    for _pid, presence, _name, table in rows:
        at_table.setdefault(table, []).append(presence)
    silent = sorted(table for table, presences in at_table.items() if not _answered(presences))
    return RoomPresence(round_.number, tuple(flags), tuple(silent))
