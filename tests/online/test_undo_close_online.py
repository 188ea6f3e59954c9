"""Undoing a round's close puts back the online deals it cut short, as they were."""

from __future__ import annotations

from sqlalchemy import select

from tests.conftest import count_queries, setup_event
from tests.online.conftest import act, claim_all, online_event, play_out, start, state, tokens_at
from tests.room.conftest import close_round
from tournament import db
from tournament.models import AuditEntry, Event, Game, OnlineGame
from tournament.services import corrections, games, rounds
from tournament.services.online import recording
from tournament.services.round_data import load_round

NAMES = ["Cleo", "ana", "Ben", "Dan"]


def _one_trick(app, client, at) -> None:
    for _ in at:
        now = [state(app, t) for t in at]
        i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
        assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200
    for token in at:
        assert act(client, token, action="point", index=0).status_code == 200


def _undo(app, event_id: int) -> None:
    with app.app_context():
        session = db.session()
        corrections.undo_close(session, load_round(session, session.get(Event, event_id), 1))


def test_undoing_a_close_resumes_the_deal_it_cut_short_where_it_stopped(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    _one_trick(app, client, at)
    close_round(app, event_id)
    _undo(app, event_id)
    game = state(app, at[0])["game"]
    assert (game["deal"], game["stage"], game["trick_number"], game["recorded_as"]) == (1, "play", 2, None)
    with app.app_context():
        session = db.session()
        assert list(session.scalars(select(Game))) == []
        removed = session.execute(select(AuditEntry.actor, AuditEntry.subject)
                                  .where(AuditEntry.action == "game removed")).all()
        assert [tuple(r) for r in removed] == [("online table 1", "game 1")]
    last = play_out(client, app, at)
    assert last["game"]["recorded_as"] == 1
    with app.app_context():
        game_1 = db.session().scalar(select(Game))
        assert sum(r.score for r in game_1.results) == 7


def test_undoing_a_close_keeps_a_cut_short_deal_the_organiser_corrected_since(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    _one_trick(app, client, at)
    close_round(app, event_id)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        table = data.tables[0]
        ids = [p.id for p in data.seated_at(table)]
        corrections.correct_games(session, data, table, [games.GameEntry(
            1, 1, frozenset({ids[0]}), {ids[0]: 4, ids[1]: 1, ids[2]: 1, ids[3]: 1})])
    _undo(app, event_id)
    assert state(app, at[0])["game"]["deal"] == 2  # the corrected game stands; a new deal starts
    with app.app_context():
        session = db.session()
        assert [sorted(r.score for r in g.results) for g in session.scalars(select(Game))] == [[1, 1, 1, 4]]
        assert session.scalar(select(OnlineGame.recorded_as)) == 1


def test_undoing_a_close_costs_one_statement_for_online_deals_when_none_were_recorded(app):
    event_id = setup_event(app, NAMES, 1)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        rounds.start_round(session, event)
    close_round(app, event_id)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        with count_queries(app) as statements:
            assert recording.reopen(session, data) == 0
        assert len(statements) == 1
