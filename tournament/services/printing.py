"""What the print pages need from the database: settings, seating for score slips.

Slips carry names only for rounds that exist (planned, running or closed): later seating is
decided by results not yet played. Before the tournament, round 1's slips come from the home
tables, which is exactly how round 1 will be seated when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core import limits
from ..core.i18n import T, Text
from ..core.names import name_key
from ..games import game_of
from ..games.rhythm import slip_games
from ..models import Event, Player, PlayerStatus, Round, Table
from .errors import DomainError, NotFound
from .round_data import load_round
from .unit_of_work import event_change

_PAPER_LABELS = {"a4": T("A4 (210 × 297 mm)"), "letter": T("US Letter (8.5 × 11 in)")}
PAPER_SIZES: dict[str, Text] = {size: _PAPER_LABELS[size] for size in limits.PAPER_SIZES}  # stored value: label


@dataclass(frozen=True)
class SlipTable:
    table: Table
    names: tuple[str, ...]

    @property
    def movers(self) -> int:
        """How many move up (and down) from this table after the round: the event's game says."""
        return game_of(self.table.event).movers(len(self.names))

    @property
    def games(self) -> int:
        """The slip's game columns: as many as the event's game usually plays in one of its rounds."""
        event = self.table.event
        return slip_games(game_of(event), event.round_minutes)


@dataclass(frozen=True)
class SlipSet:
    round_number: int
    state: str
    tables: tuple[SlipTable, ...]


def update_settings(session: Session, event: Event, paper_size: str, copies: int, colour_safe: bool) -> None:
    if paper_size not in PAPER_SIZES:
        raise DomainError(T("Choose A4 or US Letter paper."))
    if not 1 <= copies <= limits.MAX_SHEET_COPIES:
        raise DomainError(T("Print between 1 and {most} copies per table.", most=limits.MAX_SHEET_COPIES))
    with event_change(session, event.id):
        event.paper_size = paper_size
        event.sheet_copies = copies
        event.colour_safe = colour_safe


def rounds_of(session: Session, event: Event) -> list[Round]:
    return list(session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))


def default_slip_round(session: Session, event: Event) -> int:
    """The round being prepared or played: the latest one, or round 1 before the start."""
    rounds = rounds_of(session, event)
    return rounds[-1].number if rounds else 1


def slips(session: Session, event: Event, round_number: int) -> SlipSet:
    """Names per table for one round's score slips; tables without players get no slip."""
    if not event.tables:
        raise DomainError(T("Make the table plan first: score slips list each table's players."))
    rounds = rounds_of(session, event)
    if not rounds:
        if round_number != 1:
            raise NotFound(T("Round {round} does not exist yet. Before the tournament starts, only round 1's "
                             "slips can be printed (from the home tables).", round=round_number))
        return _home_slips(session, event)
    if round_number not in {r.number for r in rounds}:
        raise NotFound(T("Round {round} does not exist yet. Slips can be printed for rounds 1 to {last}; "
                         "later seating depends on results.", round=round_number, last=rounds[-1].number))
    data = load_round(session, event, round_number)
    tables = tuple(
        SlipTable(t, tuple(p.name for p in data.seated_at(t))) for t in data.tables if data.seated_at(t)
    )
    return SlipSet(round_number, data.round.state.value, tables)


def _home_slips(session: Session, event: Event) -> SlipSet:
    players = session.scalars(
        select(Player).where(Player.event_id == event.id, Player.status == PlayerStatus.SEATED)
    )
    by_table: dict[int, list[str]] = {}
    for player in players:
        if player.home_table_id is not None:
            by_table.setdefault(player.home_table_id, []).append(player.name)
    tables = tuple(
        SlipTable(t, tuple(sorted(by_table[t.id], key=name_key))) for t in event.tables if t.id in by_table
    )
    return SlipSet(1, "home tables", tables)
