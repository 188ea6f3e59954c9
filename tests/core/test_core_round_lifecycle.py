"""The round lifecycle table: every state change and every action, allowed or refused with the
sentence the pages have always shown."""

from __future__ import annotations

import enum
import itertools

import pytest

from tournament.core.errors import RuleError
from tournament.core.rounds import (
    ALLOWED,
    CHANGED,
    REFUSAL,
    TRANSITIONS,
    Action,
    RoundState,
    Transition,
    as_state,
    check_action,
    check_unchanged,
    next_state,
    refusal,
)

PLANNED, RUNNING, CLOSED = RoundState.PLANNED, RoundState.RUNNING, RoundState.CLOSED
GONE = None
STATES = (GONE, PLANNED, RUNNING, CLOSED)

REMOVED = "Round 7 was removed a moment ago (its previous round was reopened)."
NOT_CLOSED = "Round 7 is not closed (it was reopened a moment ago)."
SEATS_AS_PLAYED = "Round 7 has started; its seats are as played."

# Written out by hand from the services' refusals, so the table cannot drift from them unseen.
EXPECTED_TRANSITIONS = {
    (GONE, Transition.START): REMOVED,
    (PLANNED, Transition.START): RUNNING,
    (RUNNING, Transition.START): "Round 7 is still running. Close it before starting the next one.",
    (CLOSED, Transition.START): "Round 7 is closed but has no next round planned.",
    (GONE, Transition.CLOSE): REMOVED,
    (PLANNED, Transition.CLOSE): "Round 7 has not started yet.",
    (RUNNING, Transition.CLOSE): CLOSED,
    (CLOSED, Transition.CLOSE): "Round 7 is already closed.",
    (GONE, Transition.REOPEN): NOT_CLOSED,
    (PLANNED, Transition.REOPEN): NOT_CLOSED,
    (RUNNING, Transition.REOPEN): NOT_CLOSED,
    (CLOSED, Transition.REOPEN): RUNNING,
}
EXPECTED_ACTIONS = {
    (GONE, Action.RECORD): REMOVED,
    (PLANNED, Action.RECORD): "Round 7 is not started yet; results can be entered only while it runs.",
    (RUNNING, Action.RECORD): None,
    (CLOSED, Action.RECORD): "Round 7 is closed; results can be entered only while it runs.",
    (GONE, Action.CORRECT): REMOVED,
    (PLANNED, Action.CORRECT): "Round 7 has not started yet; there are no games to record.",
    (RUNNING, Action.CORRECT): None,
    (CLOSED, Action.CORRECT): None,
    (GONE, Action.MOVE_SEAT): REMOVED,
    (PLANNED, Action.MOVE_SEAT): None,
    (RUNNING, Action.MOVE_SEAT): SEATS_AS_PLAYED,
    (CLOSED, Action.MOVE_SEAT): SEATS_AS_PLAYED,
}


@pytest.mark.parametrize(("state", "transition"), list(EXPECTED_TRANSITIONS))
def test_every_state_change_moves_as_the_table_says_or_is_refused_with_its_sentence(state, transition) -> None:
    expected = EXPECTED_TRANSITIONS[(state, transition)]
    if isinstance(expected, RoundState):
        assert next_state(state, transition, 7) is expected
        assert refusal(state, transition, 7) is None
    else:
        with pytest.raises(RuleError) as refused:
            next_state(state, transition, 7)
        assert str(refused.value) == expected
        assert str(refusal(state, transition, 7)) == expected


@pytest.mark.parametrize(("state", "action"), list(EXPECTED_ACTIONS))
def test_every_action_is_allowed_in_its_states_or_refused_with_its_sentence(state, action) -> None:
    expected = EXPECTED_ACTIONS[(state, action)]
    if expected is None:
        check_action(state, action, 7)
    else:
        with pytest.raises(RuleError) as refused:
            check_action(state, action, 7)
        assert str(refused.value) == expected
    why = refusal(state, action, 7)
    assert (None if why is None else str(why)) == expected


def test_the_expectations_cover_every_state_and_step() -> None:
    assert set(EXPECTED_TRANSITIONS) == set(itertools.product(STATES, Transition))
    assert set(EXPECTED_ACTIONS) == set(itertools.product(STATES, Action))


def test_every_refused_pair_has_a_sentence_and_no_allowed_pair_has_one() -> None:
    allowed = set(TRANSITIONS) | {(state, action) for action, states in ALLOWED.items() for state in states}
    every = set(itertools.product(STATES, (*Transition, *Action)))
    assert set(REFUSAL) == every - allowed
    assert all("{n}" in sentence.msgid for sentence in REFUSAL.values())


def test_a_round_runs_from_planned_through_closed_and_reopens_to_running() -> None:
    state = next_state(PLANNED, Transition.START, 1)
    assert state is RUNNING and state.accepts_results and state.played
    state = next_state(state, Transition.CLOSE, 1)
    assert state is CLOSED and not state.accepts_results and state.played
    assert next_state(state, Transition.REOPEN, 1) is RUNNING
    assert not PLANNED.played and not PLANNED.accepts_results


def test_a_state_changed_under_the_lock_is_refused_as_made_from_an_old_page() -> None:
    check_unchanged(RUNNING, RUNNING, 3)
    for seen, now in [(RUNNING, CLOSED), (CLOSED, RUNNING), (RUNNING, GONE), (PLANNED, RUNNING)]:
        with pytest.raises(RuleError) as refused:
            check_unchanged(seen, now, 3)
        assert str(refused.value) == CHANGED.msgid.format(n=3)
    assert CHANGED.msgid.format(n=3) == (
        "Round 3 was closed or reopened a moment ago. Nothing was saved; reload the page and check."
    )


def test_the_models_round_state_is_read_by_its_value() -> None:
    from tournament.models import RoundState as StoredState

    assert [s.value for s in StoredState] == [s.value for s in RoundState]
    for stored in StoredState:
        assert as_state(stored) is RoundState(stored.value)
    assert next_state(StoredState.PLANNED, Transition.START, 1) is RUNNING


def test_something_that_is_not_a_round_state_or_step_is_refused() -> None:
    Other = enum.Enum("Other", {"LATE": "late"})
    for bad in ("late", Other.LATE, 3):
        with pytest.raises(RuleError, match="is not a round state"):
            check_action(bad, Action.RECORD, 1)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="is not a change"):
        next_state(PLANNED, Action.RECORD, 1)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="is not something done"):
        check_action(PLANNED, Transition.START, 1)  # type: ignore[arg-type]
