"""The one place a round changes state, and where actions check the state they need.

The rules are core.rounds' table; this module applies them to stored rounds:

- Every decision is made on the state read under the event's lock (services.locks), never on
  the copy a page loaded earlier, so of two simultaneous clicks one wins and the other is told
  why, in the table's own sentence.
- ``apply`` is the only writer of ``Round.state`` (a test scans the code for others). With the
  state it sets the moments: ``started_at`` on START, ``closed_at`` on CLOSE, and REOPEN
  clears ``closed_at``. It writes the audit line in the same transaction. It never commits:
  the calling service commits once, with whatever else the change implies.
- Every refusal is a ``Conflict`` (409): the round was in another state than the request
  assumed, which another device or tab may have caused a moment ago.
- The tournament's end is applied the same way: ``end`` and ``one_more`` are the only writers
  of ``Event.ended_at`` (the undo of a close, which makes a round run again, clears it too),
  ``require_playing`` refuses what an ended tournament does not do.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..core.errors import RuleError
from ..core.rounds import (
    Action,
    RoundState,
    TournamentStep,
    Transition,
    as_state,
    check_action,
    check_tournament,
    check_unchanged,
    next_state,
    tournament_state,
)
from ..models import Event, Round
from ..models.base import utcnow
from . import audit
from .errors import Conflict
from .locks import lock_event, lock_round
from .round_data import RoundData

__all__ = [
    "Action",
    "TournamentStep",
    "Transition",
    "apply",
    "check",
    "end",
    "one_more",
    "require",
    "require_playing",
]

_AUDIT = {
    Transition.START: "round started",
    Transition.CLOSE: "round closed",
    Transition.REOPEN: "round reopened",
}


def _state_under_lock(session: Session, round_: Round) -> RoundState | None:
    """The round's committed state, read after taking its event's lock (None: removed).
    A round made in this transaction (round 1, created under the lock) is as it was made."""
    if round_.id is None:
        lock_event(session, round_.event_id if round_.event_id is not None else round_.event.id)
        return as_state(round_.state)
    state = as_state(lock_round(session, round_))
    if state is not None and state is not round_.state:
        set_committed_value(round_, "state", state)  # later reads of the object see it too
    return state


def apply(session: Session, round_: Round, transition: Transition, *, actor: str = audit.ORGANISER,
          now: datetime | None = None, before: Callable[[], None] | None = None) -> RoundState:
    """Take ``transition`` on ``round_`` as its committed state allows, or raise ``Conflict``
    with the table's sentence and change nothing. ``before`` holds the caller's own conditions:
    it runs under the lock once the state allows the change, and may refuse it by raising."""
    state = _state_under_lock(session, round_)
    try:
        target = next_state(state, transition, round_.number)
    except RuleError as refused:
        raise Conflict(refused.text) from None
    if before is not None:
        before()
    assert state is not None  # next_state refuses a removed round
    audit.log(session, round_.event_id if round_.event_id is not None else round_.event.id, actor,
              _AUDIT[transition], f"round {round_.number}", round_number=round_.number,
              old=state.value, new=target.value)
    moment = utcnow() if now is None else now
    round_.state = target
    if transition is Transition.START:
        round_.started_at = moment
    elif transition is Transition.CLOSE:
        round_.closed_at = moment
    else:
        round_.closed_at = None
        _playing_again(session, round_)
    return target


def _playing_again(session: Session, round_: Round) -> None:
    """A round that runs again after its close was undone: the tournament it ended plays on."""
    event = round_.event if round_.event is not None else session.get(Event, round_.event_id)
    if event is not None and event.ended_at is not None:
        audit.log(session, event.id, audit.ORGANISER, "tournament reopened", f"round {round_.number}",
                  round_number=round_.number)
        event.ended_at = None


def _tournament(event: Event, step: TournamentStep) -> None:
    try:
        check_tournament(tournament_state(event.ended_at is not None), step)
    except RuleError as refused:
        raise Conflict(refused.text) from None


def require_playing(session: Session, event: Event, step: TournamentStep) -> None:
    """Take the event's lock and refuse ``step`` (``Conflict``) if the tournament is over."""
    lock_event(session, event.id)
    session.refresh(event, ["ended_at"])
    _tournament(event, step)


def end(session: Session, event: Event, after_round: int, *, actor: str = audit.ORGANISER,
        now: datetime | None = None) -> None:
    """End the tournament after round ``after_round`` (its last played round), under the
    event's lock (the caller holds it). Never commits."""
    session.refresh(event, ["ended_at"])
    _tournament(event, TournamentStep.END)
    audit.log(session, event.id, actor, "tournament ended", f"round {after_round}", round_number=after_round)
    event.ended_at = utcnow() if now is None else now


def one_more(session: Session, event: Event, *, actor: str = audit.ORGANISER) -> None:
    """Reopen an ended tournament for one more round, under the event's lock. Never commits."""
    lock_event(session, event.id)
    session.refresh(event, ["ended_at"])
    _tournament(event, TournamentStep.ONE_MORE)
    audit.log(session, event.id, actor, "tournament reopened", "one more round")
    event.ended_at = None


def check(data: RoundData, action: Action) -> None:
    """Refuse ``action`` (``Conflict``) if the round's state as its page showed it does not allow
    it. For a request that is judged on what its page showed; ``require`` then confirms it under
    the lock."""
    try:
        check_action(data.state_seen, action, data.round.number)
    except RuleError as refused:
        raise Conflict(refused.text) from None


def require(session: Session, round_: Round, action: Action, *, seen: RoundState | None = None) -> RoundState:
    """Take the round's lock and refuse ``action`` (``Conflict``) unless its committed state
    allows it. With ``seen``, the state the submitter's page showed: the action is judged on
    that state, and the round must still be in it (else: changed a moment ago, reload)."""
    number = round_.number
    try:
        if seen is not None:
            check_action(seen, action, number)
        state = _state_under_lock(session, round_)
        if seen is not None:
            check_unchanged(seen, state, number)
        else:
            check_action(state, action, number)
    except RuleError as refused:
        raise Conflict(refused.text) from None
    assert state is not None
    return state
