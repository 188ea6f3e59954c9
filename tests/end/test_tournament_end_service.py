"""A tournament knows its number of rounds: closing the last one ends it, the organiser may end
it at any moment or reopen it for one more round, and an ended tournament refuses what only a
playing one does. Service-level: no HTTP."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.models import Event, Round, RoundState
from tournament.services import corrections, events, rounds
from tournament.services.errors import Conflict, DomainError
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def ctx(app):
    event_id = setup_event(app, NAMES, tables=2)
    with app.app_context():
        session = db.session()
        yield session, session.get(Event, event_id)


def _play(session, event, number):
    data = load_round(session, event, number)
    for table in data.tables:
        seated = sorted(data.seated_at(table), key=lambda p: p.name)
        record_games(session, data, table, [GameEntry(1, None, frozenset({seated[0].id}), None)])


def _round_states(session, event):
    return [(r.number, r.state) for r in session.scalars(select(Round).where(Round.event_id == event.id)
                                                          .order_by(Round.number))]


def _play_rounds(session, event, count):
    for number in range(1, count + 1):
        rounds.start_round(session, event)
        _play(session, event, number)
        closed = rounds.close(session, event, number)
    return closed


def test_a_new_event_plays_four_rounds_unless_told_otherwise(ctx):
    session, event = ctx
    assert event.planned_rounds == 4
    three = events.create_event(session, "7B", planned_rounds=3)
    assert three.planned_rounds == 3


def test_closing_the_last_planned_round_plans_none_and_ends_the_tournament(ctx):
    session, event = ctx
    event.planned_rounds = 2
    session.commit()
    closed = _play_rounds(session, event, 2)
    session.expire_all()
    assert closed.following is None and closed.ended
    assert event.ended_at is not None
    assert _round_states(session, event) == [(1, RoundState.CLOSED), (2, RoundState.CLOSED)]


def test_closing_a_round_before_the_last_plans_the_next_and_plays_on(ctx):
    session, event = ctx
    closed = _play_rounds(session, event, 1)
    assert closed.following.number == 2 and not closed.ended
    assert event.ended_at is None


def test_no_round_starts_after_the_end(ctx):
    session, event = ctx
    event.planned_rounds = 1
    session.commit()
    _play_rounds(session, event, 1)
    with pytest.raises(Conflict, match=r"^The tournament is over\. Reopen it to play one more round\.$"):
        rounds.start_round(session, event)


def test_ending_now_from_a_running_round_closes_it_as_any_close_and_plans_nothing(ctx):
    session, event = ctx
    _play_rounds(session, event, 1)
    rounds.start_round(session, event)
    _play(session, event, 2)
    ended = rounds.end_now(session, event)
    session.expire_all()
    assert ended.ended and ended.following is None and ended.round.number == 2
    assert _round_states(session, event) == [(1, RoundState.CLOSED), (2, RoundState.CLOSED)]
    assert event.ended_at is not None and event.planned_rounds == 2


def test_ending_now_between_rounds_drops_the_planned_round_and_its_seats(ctx):
    session, event = ctx
    _play_rounds(session, event, 1)
    rounds.end_now(session, event)
    session.expire_all()
    assert _round_states(session, event) == [(1, RoundState.CLOSED)]
    assert event.ended_at is not None and event.planned_rounds == 1


def test_ending_before_round_one_is_refused_and_changes_nothing(ctx):
    session, event = ctx
    with pytest.raises(DomainError, match=r"^No round has been played yet, so there is nothing to end\.$"):
        rounds.end_now(session, event)
    session.expire_all()
    assert event.ended_at is None


def test_ending_an_ended_tournament_is_refused(ctx):
    session, event = ctx
    _play_rounds(session, event, 1)
    rounds.end_now(session, event)
    with pytest.raises(Conflict, match=r"^The tournament is already over\.$"):
        rounds.end_now(session, event)


def test_reopening_an_ended_tournament_plans_one_more_round_from_the_last_results(ctx):
    session, event = ctx
    event.planned_rounds = 1
    session.commit()
    _play_rounds(session, event, 1)
    following = rounds.one_more_round(session, event)
    session.expire_all()
    assert following.number == 2 and following.state is RoundState.PLANNED and following.seats
    assert event.ended_at is None and event.planned_rounds == 2
    rounds.start_round(session, event)
    _play(session, event, 2)
    assert rounds.close(session, event, 2).ended  # one more round, then over again


def test_reopening_a_playing_tournament_is_refused(ctx):
    session, event = ctx
    with pytest.raises(Conflict, match=r"^The tournament is not over, so there is nothing to reopen\.$"):
        rounds.one_more_round(session, event)


def test_undoing_the_close_of_the_last_round_lets_the_tournament_play_on(ctx):
    session, event = ctx
    event.planned_rounds = 1
    session.commit()
    _play_rounds(session, event, 1)
    corrections.undo_close(session, load_round(session, event, 1))
    session.expire_all()
    assert event.ended_at is None
    assert _round_states(session, event) == [(1, RoundState.RUNNING)]


def test_the_number_of_rounds_changes_while_playing_but_never_below_the_rounds_started(ctx):
    session, event = ctx
    _play_rounds(session, event, 2)  # round 3 planned
    events.update_event(session, event, event.name, event.round_minutes, planned_rounds=5)
    assert event.planned_rounds == 5
    with pytest.raises(DomainError) as refused:
        events.update_event(session, event, event.name, event.round_minutes, planned_rounds=2)
    assert str(refused.value) == ("Round 3 is already started or planned, so the tournament has at least 3 rounds. "
                                  "To stop sooner, end the tournament now.")
    assert refused.value.field == "planned_rounds"
    session.rollback()
    session.expire_all()
    assert event.planned_rounds == 5


def test_the_number_of_rounds_of_an_ended_tournament_does_not_change(ctx):
    session, event = ctx
    _play_rounds(session, event, 1)
    rounds.end_now(session, event)
    with pytest.raises(Conflict, match=r"^The tournament is over\. Reopen it to play one more round\.$"):
        events.update_event(session, event, event.name, event.round_minutes, planned_rounds=6)


def test_the_events_list_counts_rounds_played_not_the_planned_next_one(ctx):
    session, event = ctx
    _play_rounds(session, event, 2)  # round 3 planned, not played
    (summary,) = [s for s in events.list_events(session) if s.event.id == event.id]
    assert summary.rounds == 2
