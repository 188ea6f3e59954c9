"""What a player's screen is in now: the one source of a player's phase (view_model.PHASES).

Rules:
- A player who is not seated (observing, withdrawn) is "not_playing".
- No round yet (or only a planned round 1): the event's timer phase says it: "study" (the home
  table's rule sheet), "practice" (practice deals at the home table, chat allowed), otherwise
  "waiting".
- The latest round runs: "tournament". The latest round is planned and an earlier one closed:
  "between" (the closed round's move, from `services.outcome`, and the next table). The latest
  round closed and none follows: "ended".
- Where the player sits is `services.seat_finder`'s answer (the latest round's seat, the
  home table before round 1); moves are `services.outcome`'s, never derived here.
- What each phase allows is stated once, below (`SHEET`, `CHAT`, `SIGNS`, `DEALS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...core.i18n import T
from ...models import Event, Player, PlayerStatus, Round, RoundState, Table
from .. import seat_finder
from ..outcome import OUT
from ..round_data import load_round_facts
from .view_model import MoveView

SHEET = frozenset({"study", "practice"})  # the home table's rule sheet shows
CHAT = frozenset({"practice"})  # words allowed
SIGNS = frozenset({"practice", "tournament"})  # gestures and the drawing pad
DEALS = frozenset({"practice", "tournament"})  # cards are dealt at online tables

_ARROWS = {"up": "▲", "down": "▼", "stay": "●", OUT: "●"}


@dataclass(frozen=True)
class Place:
    """A player's phase and where they are in it."""

    phase: str
    table: Table | None  # where the player sits now (the home table before round 1)
    round: Round | None  # the latest round (running in "tournament"), None before round 1
    move: MoveView | None  # "between": the move the closed round gave this player

    @property
    def round_id(self) -> int | None:
        """The round a deal at this table belongs to: None for practice."""
        return self.round.id if self.phase == "tournament" and self.round is not None else None

    @property
    def deals(self) -> bool:
        return self.phase in DEALS and self.table is not None and self.table.online


def latest_round(session: Session, event: Event) -> Round | None:
    return session.scalar(select(Round).where(Round.event_id == event.id).order_by(Round.number.desc()).limit(1))


def phase_name(status: PlayerStatus, timer_phase: str | None, latest_number: int | None,
               latest_state: RoundState | None) -> str:
    """The phase from the facts it depends on (see the module's rules): the one place that
    decides it, for `place_of` and for `view.poll_key`'s single statement."""
    if status is not PlayerStatus.SEATED:
        return "not_playing"
    if latest_number is None or (latest_number == 1 and latest_state is RoundState.PLANNED):
        return timer_phase if timer_phase in ("study", "practice") else "waiting"
    if latest_state is RoundState.RUNNING:
        return "tournament"
    if latest_state is RoundState.PLANNED:
        return "between"
    return "ended"


def place_of(session: Session, event: Event, player: Player) -> Place:
    """The player's phase, table and round (see the module's rules)."""
    if player.status is not PlayerStatus.SEATED:
        return Place("not_playing", None, None, None)
    found = seat_finder.where(session, event, player.id)
    table = None
    if found["table"] is not None:
        table = session.scalar(select(Table).where(Table.event_id == event.id, Table.number == found["table"]))
    latest = latest_round(session, event)
    name = phase_name(player.status, event.timer_phase, latest.number if latest is not None else None,
                      latest.state if latest is not None else None)
    move = _move(session, event, latest, player) if name == "between" and latest is not None else None
    return Place(name, table, latest, move)


def phase_of(session: Session, event: Event, player: Player) -> str:
    return place_of(session, event, player).phase


def _move(session: Session, event: Event, planned: Round, player: Player) -> MoveView | None:
    """The closed round's move for this player, as `services.outcome` decides it (what
    happened, once the planned round has seats)."""
    closed = session.scalar(select(Round).where(Round.event_id == event.id, Round.number == planned.number - 1))
    if closed is None:
        return None
    outcome = load_round_facts(session, event, closed).outcome(load_round_facts(session, event, planned))
    row = next((r for r in outcome.rows if r.player == player.name), None)
    if row is None:
        return None
    return MoveView(_ARROWS.get(row.direction, "●"), move_text(row.direction, row.to_table), row.to_table)


def move_text(direction: str, to_table: int | None):
    """A move as one whole sentence to the player."""
    if to_table is None or direction == OUT:
        return T("You are not seated in the next round.")
    if direction == "up":
        return T("You move up to table {table}.", table=to_table)
    if direction == "down":
        return T("You move down to table {table}.", table=to_table)
    return T("You stay at table {table}.", table=to_table)
