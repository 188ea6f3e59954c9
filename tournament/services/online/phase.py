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
- The phases are data, as the round lifecycle is (`core.rounds`): which phase the latest round
  (or, before round 1, the event's timer) puts a player in (`BY_ROUND`, `BEFORE_ROUND_ONE`),
  what a device may do in each (`ALLOWED`) and the sentence refusing anything else (`REFUSAL`).
  `phase_name` is the one function that decides a phase, `refusal` the one that answers an
  action; the screen's parts follow from the same table (`SHEET`, `CHAT`, `SIGNS`, `DEALS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...core.i18n import T, Text
from ...models import Event, Player, PlayerStatus, Round, RoundState, Table
from .. import seat_finder
from ..outcome import OUT
from ..round_data import load_round_facts
from .view_model import MoveView

ROUND_CLOSED: Final = T("The round has closed: no more cards can be played in it.")
NO_DEAL: Final = T("There is no game to play at your table now.")
NO_WORDS: Final = T("Words are not allowed now: use a gesture or draw.")
NO_SIGNS: Final = T("Gestures and drawing are for practice and the rounds.")

# The phase of a seated player from the latest round's state; before round 1 (no round yet, or
# round 1 still planned) the event's timer phase says it, and any other timer phase is "waiting".
BY_ROUND: Final[Mapping[RoundState, str]] = {
    RoundState.RUNNING: "tournament",
    RoundState.PLANNED: "between",  # an earlier round closed; the next one is planned
    RoundState.CLOSED: "ended",  # the last round closed and none follows
}
BEFORE_ROUND_ONE: Final[Mapping[str, str]] = {"study": "study", "practice": "practice"}

# What a device may do in each phase: a deal's actions (a card, a pointing, the next deal) and
# messages (chat, a gesture, a stroke, clearing the pad); and the sentence refusing the rest.
DEAL_ACTIONS: Final = frozenset({"play", "point", "deal"})
SIGN_ACTIONS: Final = frozenset({"gesture", "stroke", "clear"})
ALLOWED: Final[Mapping[str, frozenset[str]]] = {
    "waiting": frozenset(),
    "study": frozenset(),
    "practice": DEAL_ACTIONS | SIGN_ACTIONS | {"chat"},
    "tournament": DEAL_ACTIONS | SIGN_ACTIONS,
    "between": frozenset(),
    "ended": frozenset(),
    "not_playing": frozenset(),
}
REFUSAL: Final[Mapping[tuple[str, str], Text]] = {
    **{(phase, kind): ROUND_CLOSED for phase in ("between", "ended") for kind in DEAL_ACTIONS},
    **{(phase, kind): NO_DEAL for phase in ("waiting", "study", "not_playing") for kind in DEAL_ACTIONS},
    ("tournament", "chat"): NO_WORDS,
    **{(phase, kind): NO_SIGNS for phase in ALLOWED if phase not in ("practice", "tournament")
       for kind in SIGN_ACTIONS | {"chat"}},
}


def refusal(phase: str, kind: str) -> Text | None:
    """Why a device in ``phase`` may not do ``kind``; None: it may."""
    return None if kind in ALLOWED[phase] else REFUSAL[(phase, kind)]


SHEET = frozenset({"study", "practice"})  # the home table's rule sheet shows
CHAT = frozenset(phase for phase, kinds in ALLOWED.items() if "chat" in kinds)  # words allowed
SIGNS = frozenset(phase for phase, kinds in ALLOWED.items() if kinds >= SIGN_ACTIONS)  # gestures, the pad
DEALS = frozenset(phase for phase, kinds in ALLOWED.items() if kinds >= DEAL_ACTIONS)  # cards are dealt

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
        return BEFORE_ROUND_ONE.get(timer_phase or "", "waiting")
    return "ended" if latest_state is None else BY_ROUND[latest_state]


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


def move_text(direction: str, to_table: int | None) -> Text:
    """A move as one whole sentence to the player."""
    if to_table is None or direction == OUT:
        return T("You are not seated in the next round.")
    if direction == "up":
        return T("You move up to table {table}.", table=to_table)
    if direction == "down":
        return T("You move down to table {table}.", table=to_table)
    return T("You stay at table {table}.", table=to_table)
