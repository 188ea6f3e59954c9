"""Round lifecycle under simultaneous requests, against the real threaded server."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.races.conftest import (
    EIGHT,
    NAMES,
    audit_count,
    games_in,
    planned_event,
    player_id,
    round_states,
    running_event,
    seating,
    table_token,
)
from tests.races.harness import organiser_client, phone_client, post_and_follow, race, succeeded, tries
from tournament import db
from tournament.core.limits import MAX_ROUNDS
from tournament.models import Event, Game, GameResult, Round
from tournament.services import rounds
from tournament.services.round_data import load_round

TRIES = tries(100)


def test_a_game_a_phone_was_told_is_recorded_survives_an_undo_of_the_close(app, server):
    organiser = organiser_client(server.url)
    phone = phone_client(server.url, table_token(app, running_event(app)))

    def prepare(_number):
        event_id = running_event(app, 2)
        return event_id, table_token(app, event_id), player_id(app, event_id, "Ben")

    def contenders(state):
        event_id, token, ben = state
        return [
            lambda c: c.post(f"/events/{event_id}/rounds/1/reopen", {"csrf_token": c.token}),
            # Followed: a form for a round that is over also redirects, to the running round's form.
            lambda c: post_and_follow(c, f"/t/{token}", {"csrf_token": c.token, "round": "2", "games-0-number": "1",
                                                        "games-0-winner": str(ben), "games-0-version": ""}),
        ]

    def check(attempt):
        event_id = attempt.state[0]
        undone, recorded = (succeeded(r) for r in attempt.replies)
        states = round_states(app, event_id)
        problems = []
        if undone == recorded:
            problems.append(f"undo {'and' if undone else 'nor'} phone succeeded: {[r.status for r in attempt.replies]}")
        if recorded and (states != {1: "closed", 2: "running"} or games_in(app, event_id, 2) != 1):
            problems.append(f"phone told 'recorded' but rounds are {states}, games {games_in(app, event_id, 2)}")
        if undone and states != {1: "running"}:
            problems.append(f"undo answered success but rounds are {states}")
        lines = audit_count(app, event_id, "game recorded", 2)
        if lines != games_in(app, event_id, 2):
            problems.append(f"{lines} 'game recorded' log lines for {games_in(app, event_id, 2)} games")
        return problems

    report = race(TRIES, [organiser, phone], prepare, contenders, check)
    report.assert_clean()


CLICKS = 8  # the live server's thread count: every click is in flight at once


@pytest.mark.parametrize("first", [True, False], ids=["round 1", "a planned round"])
def test_simultaneous_start_clicks_start_the_round_once(app, server, first):
    tabs = [organiser_client(server.url) for _ in range(CLICKS)]
    chain = {}

    def prepare(_number):
        """Round 1 of a new event, or the next round of one event: each try closes the round
        the previous try started, which plans a fresh round in a few statements."""
        if first:
            return planned_event(app, 1), 1
        if not chain or chain["number"] >= MAX_ROUNDS:  # an event keeps MAX_ROUNDS rounds
            chain["event"], chain["number"] = planned_event(app, 2), 2
            with app.app_context():  # every round it keeps is planned: no close ends the tournament
                db.session().get(Event, chain["event"]).planned_rounds = MAX_ROUNDS
                db.session().commit()
        else:
            with app.app_context():
                session = db.session()
                event = session.get(Event, chain["event"])
                rounds.close(session, event, chain["number"])
            chain["number"] += 1
        return chain["event"], chain["number"]

    def contenders(state):
        event_id, _number = state
        return [lambda c: c.post(f"/events/{event_id}/rounds/start", {"csrf_token": c.token})] * CLICKS

    def check(attempt):
        event_id, number = attempt.state
        started = [r.status for r in attempt.replies if succeeded(r)]
        problems = [] if len(started) == 1 else [f"{len(started)} of {CLICKS} clicks started the round"]
        told = [r for r in attempt.replies if not succeeded(r) and not (r.status == 409 and "still running" in r.text)]
        if told:
            problems.append(f"a refused click was answered {told[0].status}, not 'still running'")
        lines = audit_count(app, event_id, "round started", number)
        if lines != 1:
            problems.append(f"{lines} 'round started' log lines")
        if round_states(app, event_id).get(number) != "running":
            problems.append(f"round {number} is {round_states(app, event_id).get(number)}")
        with app.app_context():
            event = db.session().get(Event, event_id)
            if event.timer_phase != "round" or event.timer_started_at is None:
                problems.append("the round's countdown was not started")
        return problems

    race(TRIES, tabs, prepare, contenders, check).assert_clean()


def test_a_close_counts_every_game_a_phone_was_told_is_recorded(app, server):
    organiser = organiser_client(server.url)
    first = running_event(app, 1, tables=2, names=EIGHT)
    phones = [phone_client(server.url, table_token(app, first, n)) for n in (1, 2)]

    def prepare(_number):
        event_id = running_event(app, 1, tables=2, names=EIGHT)
        # The alphabetically last player wins, so a counted game changes who moves.
        last = {n: sorted(name for name, (t, _m) in seating(app, event_id, 1).items() if t == n)[-1] for n in (1, 2)}
        return event_id, {n: (table_token(app, event_id, n), player_id(app, event_id, last[n])) for n in (1, 2)}

    def contenders(state):
        event_id, phones_of = state

        def phone(number):
            token, winner = phones_of[number]
            return lambda c: c.post(f"/t/{token}", {"csrf_token": c.token, "round": "1", "games-0-number": "1",
                                                    "games-0-winner": str(winner), "games-0-version": ""})

        return [lambda c: c.post(f"/events/{event_id}/rounds/1/close", {"csrf_token": c.token}), phone(1), phone(2)]

    def check(attempt):
        event_id = attempt.state[0]
        closed, *sent = (succeeded(r) for r in attempt.replies)
        if not closed:
            return [f"the close answered {attempt.replies[0].status}"]
        problems = []
        if games_in(app, event_id, 1) != sum(sent):
            problems.append(f"{sum(sent)} phones told 'recorded', {games_in(app, event_id, 1)} games stored")
        with app.app_context():
            session = db.session()
            expected = load_round(session, session.get(Event, event_id), 1).outcome().destinations()
        planned = {name: table for name, (table, _manual) in seating(app, event_id, 2).items()}
        if planned != expected:
            problems.append("round 2's seating leaves out a game recorded before the close")
        return problems

    race(TRIES, [organiser, *phones], prepare, contenders, check).assert_clean()


def test_phones_of_one_table_sending_the_same_game_at_once_record_it_once(app, server):
    first = running_event(app, 1)
    phones = [phone_client(server.url, table_token(app, first)) for _ in NAMES]

    def prepare(_number):
        event_id = running_event(app, 1)
        return event_id, table_token(app, event_id), [player_id(app, event_id, name) for name in NAMES]

    def contenders(state):
        _event_id, token, winners = state

        def phone(winner):
            return lambda c: c.post(f"/t/{token}", {"csrf_token": c.token, "round": "1", "games-0-number": "1",
                                                    "games-0-winner": str(winner), "games-0-version": ""})

        return [phone(winner) for winner in winners]

    def check(attempt):
        event_id, _token, winners = attempt.state
        told = [winner for winner, reply in zip(winners, attempt.replies, strict=True) if succeeded(reply)]
        with app.app_context():
            stored = list(db.session().scalars(
                select(GameResult.player_id).join(Game).join(Round)
                .where(Round.event_id == event_id, GameResult.won)))
        problems = []
        if len(told) != 1 or stored != told:
            problems.append(f"phones of {told} were told 'recorded'; stored winners {stored}")
        if audit_count(app, event_id, "game recorded") != 1:
            problems.append(f"{audit_count(app, event_id, 'game recorded')} 'game recorded' log lines")
        return problems

    race(TRIES, phones, prepare, contenders, check).assert_clean()
