"""A round's lifecycle as data: where each change of state leads, what each state allows, and
what a refusal says.

A round is planned (its seats may still be moved), then running (tables report games), then
closed (results final unless corrected). The close of a round can be undone: it runs again.

Invariants:
- ``TRANSITIONS`` is every change of state there is: START planned -> running, CLOSE running ->
  closed, REOPEN closed -> running. ``next_state`` is the one function that answers it.
- ``ALLOWED`` is every state an action may happen in: RECORD games while running, CORRECT games
  while running or closed, MOVE_SEAT while planned. ``check_action`` is the one function that
  answers it.
- Every pair that is neither a transition nor an allowed action has its own sentence in
  ``REFUSAL``, the one the pages have always shown, word for word, with ``{n}`` standing for
  the round's number (a message without its number: ``refusal`` gives it one). Refusals raise
  ``RuleError`` with that sentence filled in; nothing else is
  ever said, and nothing is changed (these functions only compute).
- ``None`` stands for a round that no longer exists (removed when the round before it was
  reopened): every step is refused for it.
- ``check_unchanged`` is the other half of a locked change: the state read under the lock must
  be the one the submitter saw, or the change is refused as made from an old page.
- ``RoundState`` is the one definition of the states; ``tournament.models`` stores it as is.
  A state read as text (a plain row, an event file) is accepted by its value (``as_state``).

The tournament around the rounds has its own, smaller lifecycle, in the same style: it is
playing until it ends (its last planned round closed, or ended now by the organiser), and an
ended tournament may be reopened for one more round. ``TOURNAMENT_TRANSITIONS``,
``TOURNAMENT_ALLOWED`` and ``TOURNAMENT_REFUSAL`` hold it; ``tournament_refusal`` answers it.
``round_label`` is the one wording of "Round 2 of 4".
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from .errors import RuleError
from .i18n import T, Text, Tn
from .limits import MAX_ROUNDS

# A facilitator's lesson plan runs 3 to 5 rounds.
DEFAULT_ROUNDS = 4


class RoundState(Enum):
    PLANNED = "planned"
    RUNNING = "running"
    CLOSED = "closed"

    @property
    def played(self) -> bool:
        """Its games count: standings, paths and the projector include it."""
        return self is not RoundState.PLANNED

    @property
    def accepts_results(self) -> bool:
        """Tables may report games now (phones and the organiser's entry page)."""
        return self is RoundState.RUNNING


class Transition(Enum):
    START = "start"
    CLOSE = "close"
    REOPEN = "reopen"  # undo the close


class Action(Enum):
    RECORD = "record"  # enter a table's games
    CORRECT = "correct"  # change games already entered, also after the close
    MOVE_SEAT = "move seat"  # seat a player at another table by hand


Step = Transition | Action

PLANNED, RUNNING, CLOSED = RoundState.PLANNED, RoundState.RUNNING, RoundState.CLOSED

TRANSITIONS: Final[dict[tuple[RoundState, Transition], RoundState]] = {
    (PLANNED, Transition.START): RUNNING,
    (RUNNING, Transition.CLOSE): CLOSED,
    (CLOSED, Transition.REOPEN): RUNNING,
}

ALLOWED: Final[dict[Action, frozenset[RoundState]]] = {
    Action.RECORD: frozenset({RUNNING}),
    Action.CORRECT: frozenset({RUNNING, CLOSED}),
    Action.MOVE_SEAT: frozenset({PLANNED}),
}

_REMOVED = T("Round {n} was removed a moment ago (its previous round was reopened).")
_NOT_CLOSED = T("Round {n} is not closed (it was reopened a moment ago).")
_SEATS_AS_PLAYED = T("Round {n} has started; its seats are as played.")

REFUSAL: Final[dict[tuple[RoundState | None, Step], Text]] = {
    (None, Transition.START): _REMOVED,
    (RUNNING, Transition.START): T("Round {n} is still running. Close it before starting the next one."),
    (CLOSED, Transition.START): T("Round {n} is closed but has no next round planned."),
    (None, Transition.CLOSE): _REMOVED,
    (PLANNED, Transition.CLOSE): T("Round {n} has not started yet."),
    (CLOSED, Transition.CLOSE): T("Round {n} is already closed."),
    # Reopening is asked of a round the page showed closed: any other state means another
    # device got there first.
    (None, Transition.REOPEN): _NOT_CLOSED,
    (PLANNED, Transition.REOPEN): _NOT_CLOSED,
    (RUNNING, Transition.REOPEN): _NOT_CLOSED,
    (None, Action.RECORD): _REMOVED,
    (PLANNED, Action.RECORD): T("Round {n} is not started yet; results can be entered only while it runs."),
    (CLOSED, Action.RECORD): T("Round {n} is closed; results can be entered only while it runs."),
    (None, Action.CORRECT): _REMOVED,
    (PLANNED, Action.CORRECT): T("Round {n} has not started yet; there are no games to record."),
    (None, Action.MOVE_SEAT): _REMOVED,
    (RUNNING, Action.MOVE_SEAT): _SEATS_AS_PLAYED,
    (CLOSED, Action.MOVE_SEAT): _SEATS_AS_PLAYED,
}

CHANGED: Final[Text] = T(
    "Round {n} was closed or reopened a moment ago. Nothing was saved; reload the page and check."
)


def numbered(sentence: Text, number: int) -> Text:
    """One of the sentences above with the round's number filled in."""
    return Text(sentence.msgid, {"n": number})


def as_state(value: object) -> RoundState | None:
    """``value`` as a ``RoundState``: the core's own member, ``None`` (the round is gone), or
    any enum member or text holding a state's value."""
    if value is None or isinstance(value, RoundState):
        return value
    raw = value.value if isinstance(value, Enum) else value
    try:
        return RoundState(raw)
    except ValueError:
        raise RuleError(T("{value} is not a round state; a round is planned, running or closed",
                          value=repr(value))) from None


def refusal(state: RoundState | None, step: Step, number: int) -> Text | None:
    """Why ``step`` cannot happen to round ``number`` in ``state``, or ``None`` if it can.
    Pages ask this to offer or hide a button; the services ask it through the two below."""
    current = as_state(state)
    if isinstance(step, Transition):
        allowed = current is not None and (current, step) in TRANSITIONS
    elif isinstance(step, Action):
        allowed = current is not None and current in ALLOWED[step]
    else:
        raise RuleError(T("{value} is not a step of a round's lifecycle", value=repr(step)))
    return None if allowed else numbered(REFUSAL[(current, step)], number)


def next_state(state: RoundState | None, transition: Transition, number: int) -> RoundState:
    """The state round ``number`` is in after ``transition``; ``RuleError`` if it cannot take it."""
    if not isinstance(transition, Transition):
        raise RuleError(T("{value} is not a change of a round's state", value=repr(transition)))
    current = as_state(state)
    target = None if current is None else TRANSITIONS.get((current, transition))
    if target is None:
        raise RuleError(numbered(REFUSAL[(current, transition)], number))
    return target


def check_action(state: RoundState | None, action: Action, number: int) -> None:
    """Pass if ``action`` may happen to round ``number`` in ``state``; ``RuleError`` otherwise."""
    if not isinstance(action, Action):
        raise RuleError(T("{value} is not something done in a round", value=repr(action)))
    why = refusal(state, action, number)
    if why is not None:
        raise RuleError(why)


def check_unchanged(seen: RoundState | None, now: RoundState | None, number: int) -> None:
    """Pass if round ``number`` is still in the state the submitter ``seen`` (``now`` is read
    under the lock); ``RuleError`` with ``CHANGED`` otherwise, also when the round is gone."""
    current = as_state(now)
    if current is None or current is not as_state(seen):
        raise RuleError(numbered(CHANGED, number))


class TournamentState(Enum):
    PLAYING = "playing"
    OVER = "over"


class TournamentStep(Enum):
    END = "end"  # end the tournament now (or its last round closed)
    ONE_MORE = "one more round"  # reopen an ended tournament for one more round
    START_ROUND = "start round"
    CHANGE_ROUNDS = "change the number of rounds"


PLAYING, OVER = TournamentState.PLAYING, TournamentState.OVER
_IS_OVER = T("The tournament is over. Reopen it to play one more round.")

TOURNAMENT_TRANSITIONS: Final[dict[tuple[TournamentState, TournamentStep], TournamentState]] = {
    (PLAYING, TournamentStep.END): OVER,
    (OVER, TournamentStep.ONE_MORE): PLAYING,
}

TOURNAMENT_ALLOWED: Final[dict[TournamentStep, frozenset[TournamentState]]] = {
    TournamentStep.START_ROUND: frozenset({PLAYING}),
    TournamentStep.CHANGE_ROUNDS: frozenset({PLAYING}),
}

TOURNAMENT_REFUSAL: Final[dict[tuple[TournamentState, TournamentStep], Text]] = {
    (OVER, TournamentStep.END): T("The tournament is already over."),
    (PLAYING, TournamentStep.ONE_MORE): T("The tournament is not over, so there is nothing to reopen."),
    (OVER, TournamentStep.START_ROUND): _IS_OVER,
    (OVER, TournamentStep.CHANGE_ROUNDS): _IS_OVER,
}


def tournament_state(ended: bool) -> TournamentState:
    return OVER if ended else PLAYING


def tournament_refusal(state: TournamentState, step: TournamentStep) -> Text | None:
    """Why ``step`` cannot happen to a tournament in ``state``, or ``None`` if it can."""
    if step in TOURNAMENT_ALLOWED:
        allowed = state in TOURNAMENT_ALLOWED[step]
    else:
        allowed = (state, step) in TOURNAMENT_TRANSITIONS
    return None if allowed else TOURNAMENT_REFUSAL[(state, step)]


def check_tournament(state: TournamentState, step: TournamentStep) -> None:
    """Pass if ``step`` may happen to a tournament in ``state``; ``RuleError`` otherwise."""
    why = tournament_refusal(state, step)
    if why is not None:
        raise RuleError(why)


def round_total(number: int, planned: int) -> int:
    """The "4" of "Round 2 of 4". A round past the plan (an event stored before rounds were
    planned) counts as the last of its own number."""
    return max(number, planned)


def round_label(number: int, planned: int) -> Text:
    """"Round 2 of 4": the one wording of where a round stands in the tournament."""
    return T("Round {n} of {total}", n=number, total=round_total(number, planned))


def progress_label(played: int, planned: int, ended: bool) -> Text:
    """Where the tournament stands in a word or two: "2 of 4 rounds", or over after how many."""
    if ended:
        return Tn("Over after {n} round", "Over after {n} rounds", played)
    total = max(planned, played)
    return Tn("{played} of {n} round", "{played} of {n} rounds", total, played=played)


def is_last_round(number: int, planned: int, most: int = MAX_ROUNDS) -> bool:
    """Closing round ``number`` ends the tournament (no next round is planned): the plan's last
    round, or the last one an event keeps (``most``)."""
    return number >= min(planned, most)


def check_planned_rounds(planned: int, highest: int) -> int:
    """``planned`` rounds as a tournament whose highest round (started or planned) is ``highest``
    may have them; ``RuleError`` with the sentence for the field otherwise."""
    if not 1 <= planned <= MAX_ROUNDS:
        raise RuleError(T("A tournament has between 1 and {most} rounds.", most=MAX_ROUNDS))
    if planned < highest:
        raise RuleError(T("Round {n} is already started or planned, so the tournament has at least {n} rounds. "
                          "To stop sooner, end the tournament now.", n=highest))
    return planned
