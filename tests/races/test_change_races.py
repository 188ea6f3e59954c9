"""Other changes that meet a round's start, close or undo, or each other, at the same instant."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from tests.races.conftest import (
    EIGHT,
    log_ids,
    planned_event,
    player_id,
    round_states,
    running_event,
    seating,
    table_token,
)
from tests.races.harness import organiser_client, phone_client, post_and_follow, race, succeeded, tries
from tournament import db
from tournament.models import Event, Game, GameResult, Player, Round, Seat
from tournament.services import timer

TRIES = tries(100)


def _statuses(replies):
    return [r.status for r in replies]


def test_a_correction_reseats_the_next_round_only_while_it_is_planned(app, server):
    tabs = [organiser_client(server.url) for _ in range(2)]

    def prepare(_number):
        event_id = planned_event(app, 2, tables=2, names=EIGHT)
        # At the bottom table the winner moves up: a new winner there changes the next seating.
        second = sorted(n for n, (t, _m) in seating(app, event_id, 1).items() if t == 1)[1]
        return event_id, player_id(app, event_id, second)

    def contenders(state):
        event_id, new_winner = state
        return [
            lambda c: c.post(f"/events/{event_id}/rounds/start", {"csrf_token": c.token}),
            lambda c: c.post(f"/events/{event_id}/rounds/1/tables/1", {
                "csrf_token": c.token, "games-0-number": "1", "games-0-winner": str(new_winner),
                "games-0-version": "1"}),
        ]

    def check(attempt):
        event_id, new_winner = attempt.state
        if not all(succeeded(r) for r in attempt.replies):
            return [f"start and correction should both succeed: {_statuses(attempt.replies)}"]
        problems = []
        with app.app_context():
            winners = db.session().scalars(
                select(GameResult.player_id).join(Game).join(Round)
                .where(Round.event_id == event_id, Round.number == 1, GameResult.won))
            if new_winner not in set(winners):
                problems.append("the correction answered success but the game is unchanged")
        started = log_ids(app, event_id, "round started", 2)
        late = [i for i in log_ids(app, event_id, "seat re-derived", 2) if i > started[0]]
        if late:
            problems.append(f"{len(late)} seats of round 2 changed after it started")
        return problems

    # The correction request is the longer one: the start must also land in its middle.
    race(TRIES, tabs, prepare, contenders, check, spread=0.05).assert_clean()


def test_a_seat_moved_by_hand_is_moved_before_the_round_starts_or_not_at_all(app, server):
    tabs = [organiser_client(server.url) for _ in range(3)]

    def prepare(_number):
        event_id = planned_event(app, 2, tables=2, names=EIGHT)
        mover = sorted(n for n, (t, _m) in seating(app, event_id, 2).items() if t == 1)[0]
        return event_id, mover, player_id(app, event_id, mover)

    def contenders(state):
        event_id, _name, mover = state
        return [
            lambda c: c.post(f"/events/{event_id}/rounds/start", {"csrf_token": c.token}),
            lambda c: post_and_follow(c, f"/events/{event_id}/rounds/2/seats",
                                      {"csrf_token": c.token, "player": str(mover), "table": "2"}),
            lambda c: c.post(f"/events/{event_id}/rounds/1/reopen", {"csrf_token": c.token}),
        ]

    def check(attempt):
        event_id, name, _mover = attempt.state
        started, moved, undone = (succeeded(r) for r in attempt.replies)
        problems = []
        moves = log_ids(app, event_id, "seat moved", 2)
        if moved != bool(moves):
            problems.append(f"move answered {attempt.replies[1].status} but {len(moves)} log lines")
        later = log_ids(app, event_id, "round started", 2) + log_ids(app, event_id, "round reopened", 1)
        if moves and later and moves[0] > min(later):
            problems.append("a seat was moved after the round started or was removed")
        states = round_states(app, event_id)
        if undone and states != {1: "running"}:
            problems.append(f"undo answered success but rounds are {states}")
        if moved and 2 in states and seating(app, event_id, 2)[name] != (2, True):
            problems.append(f"move answered success but {name} sits at {seating(app, event_id, 2)[name]}")
        if started and not undone and states.get(2) != "running":
            problems.append(f"start answered success but rounds are {states}")
        return problems

    race(TRIES, tabs, prepare, contenders, check).assert_clean()


def test_a_withdrawal_or_latecomer_at_the_moment_of_the_close_reaches_the_next_round(app, server):
    tabs = [organiser_client(server.url) for _ in range(3)]

    def prepare(number):
        event_id = running_event(app, 1, tables=2, names=EIGHT)
        return event_id, player_id(app, event_id, "Dan"), f"Zed {number}"

    def contenders(state):
        event_id, dan, late = state
        return [
            lambda c: c.post(f"/events/{event_id}/rounds/1/close", {"csrf_token": c.token}),
            lambda c: c.post(f"/events/{event_id}/players/{dan}/status/withdrawn", {"csrf_token": c.token}),
            lambda c: c.post(f"/events/{event_id}/players/late", {"csrf_token": c.token, "name": late, "table": "2"}),
        ]

    def check(attempt):
        event_id, _dan, late = attempt.state
        if not all(succeeded(r) for r in attempt.replies):
            return [f"close, withdrawal and latecomer should all succeed: {_statuses(attempt.replies)}"]
        following = seating(app, event_id, 2)
        problems = []
        if "Dan" in following:
            problems.append("Dan was withdrawn but is seated in round 2")
        if late not in following:
            problems.append(f"{late} joined but has no seat in round 2")
        return problems

    race(TRIES, tabs, prepare, contenders, check).assert_clean()


CLICKS = 8


def test_every_extra_minute_clicked_at_once_is_added(app, server):
    tabs = [organiser_client(server.url) for _ in range(CLICKS)]

    def prepare(_number):
        event_id = running_event(app, 1)
        with app.app_context():
            session = db.session()
            event = session.get(Event, event_id)
            timer.start(event, "round", timer.now_utc())
            session.commit()
            return event_id, timer.view(event, timer.now_utc()).ends_at

    def contenders(state):
        event_id, _ends = state
        return [lambda c: c.post(f"/events/{event_id}/room/timer/add-minute", {"csrf_token": c.token})] * CLICKS

    def check(attempt):
        event_id, ends = attempt.state
        with app.app_context():
            now = timer.view(db.session().get(Event, event_id), timer.now_utc()).ends_at
        added = now - ends
        if abs(added - timedelta(minutes=CLICKS)) > timedelta(seconds=1):
            return [f"{CLICKS} clicks added {added}"]
        return []

    race(TRIES, tabs, prepare, contenders, check).assert_clean()


def test_deleting_an_event_while_phones_send_leaves_nothing_behind(app, server):
    organiser = organiser_client(server.url)
    first = running_event(app, 1, tables=2, names=EIGHT)
    phones = [phone_client(server.url, table_token(app, first, n)) for n in (1, 2)]

    def prepare(_number):
        event_id = running_event(app, 1, tables=2, names=EIGHT)
        with app.app_context():
            event = db.session().get(Event, event_id)
            winners = {}
            for table in event.tables:
                seat = db.session().scalars(select(Seat).where(Seat.table_id == table.id)).first()
                winners[table.number] = (table.token, seat.player_id)
        return event_id, winners

    def contenders(state):
        event_id, winners = state

        def phone(number):
            token, winner = winners[number]
            return lambda c: c.post(f"/t/{token}", {"csrf_token": c.token, "round": "1", "games-0-number": "1",
                                                    "games-0-winner": str(winner), "games-0-version": ""})

        return [lambda c: c.post(f"/events/{event_id}/delete", {"csrf_token": c.token}), phone(1), phone(2)]

    def check(attempt):
        event_id, _winners = attempt.state
        if not succeeded(attempt.replies[0]):
            return [f"delete answered {attempt.replies[0].status}"]
        with app.app_context():
            session = db.session()
            left = [model.__name__ for model in (Event, Player, Round) if session.scalar(
                select(func.count()).select_from(model).where(
                    (model.id if model is Event else model.event_id) == event_id))]
            orphans = session.scalar(select(func.count()).select_from(Game).where(~Game.round_id.in_(select(Round.id))))
            orphans += session.scalar(select(func.count()).select_from(GameResult).where(
                ~GameResult.game_id.in_(select(Game.id))))
        return ([f"left behind: {left}"] if left else []) + ([f"{orphans} orphan games"] if orphans else [])

    race(TRIES, [organiser, *phones], prepare, contenders, check).assert_clean()
