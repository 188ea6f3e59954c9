"""A table's answers and who is here, when devices answer at the same instant: four phones of one
table tap "We agree" and "We don't" together, and a phone reports a player missing while the
organiser marks her absent."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.races.conftest import audit_count, player_id, running_event, table_token
from tests.races.harness import organiser_client, phone_client, race, tries
from tournament import db
from tournament.models import Agreement, DebriefNote, Event, Game, Presence, Round, Seat
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round
from tournament.services.table_agreement import table_actor

TRIES = tries(60)


def _asked(app) -> int:
    """Round 1 running at one table, whose phone sent game 1 (won by Ana): the table is asked."""
    event_id = running_event(app)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        table = data.tables[0]
        winner = next(p.id for p in data.seated_at(table) if p.name == "Ana")
        record_games(session, data, table, [GameEntry(1, None, frozenset({winner}), None)], actor=table_actor(1))
    return event_id


def test_a_dispute_is_never_lost_to_a_quicker_agree_and_is_noted_once(app, server):
    token = table_token(app, _asked(app))  # the phones' cookies and form tokens serve every table
    phones = [phone_client(server.url, token) for _ in range(4)]

    def prepare(_number):
        return _asked(app)

    def contenders(state):
        path = f"/t/{table_token(app, state)}/games/1/agree"
        return [lambda c, answer=answer: c.post(path, {"csrf_token": c.token, "round": "1", "version": "1",
                                                      "answer": answer})
                for answer in ("yes", "no", "yes", "no")]

    def check(attempt):
        state = attempt.state
        problems = []
        with app.app_context():
            session = db.session()
            agreement = session.scalar(select(Game.agreement).join(Round).where(Round.event_id == state))
            notes = session.scalar(select(func.count()).select_from(DebriefNote).where(DebriefNote.event_id == state))
        if agreement is not Agreement.DISPUTED:
            problems.append(f"two phones said \"We don't\" and the game is {agreement}")
        if notes != 1:
            problems.append(f"{notes} debrief notes for one dispute")
        if audit_count(app, state, "game disputed") != 1:
            problems.append("the dispute is not logged exactly once")
        if audit_count(app, state, "game confirmed") > 1:
            problems.append("the agreement is logged more than once")
        return problems

    race(TRIES, phones, prepare, contenders, check, spread=0.02).assert_clean()


def test_a_phones_report_never_undoes_the_organisers_absent_mark_made_at_the_same_instant(app, server):
    devices = [organiser_client(server.url), phone_client(server.url, table_token(app, running_event(app)))]

    def prepare(_number):
        event_id = running_event(app)
        devices[1].token = devices[1].get(f"/t/{table_token(app, event_id)}").csrf()
        return event_id, player_id(app, event_id, "Dan")

    def contenders(state):
        event_id, dan = state
        return [
            lambda c: c.post(f"/events/{event_id}/rounds/1/players/{dan}/absent", {"csrf_token": c.token}),
            lambda c: c.post(f"/t/{table_token(app, event_id)}/presence",
                             {"csrf_token": c.token, "round": "1", "missing": str(dan)}),
        ]

    def check(attempt):
        _event_id, dan = attempt.state
        problems = []
        with app.app_context():
            presence = db.session().scalar(select(Seat.presence).where(Seat.player_id == dan))
        marked = attempt.replies[0].status in (302, 303)
        if marked and presence is not Presence.ABSENT:
            problems.append(f"the organiser's mark answered success but Dan is {presence}")
        return problems

    race(TRIES, devices, prepare, contenders, check, spread=0.02).assert_clean()
