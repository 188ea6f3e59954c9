"""The most games a round keeps per table, and an event keeps, never block a close or a deal."""

from __future__ import annotations

from sqlalchemy import select

from tests.online.conftest import act, claim_all, online_event, play_out, start, state, tokens_at
from tests.room.conftest import close_round
from tournament import db
from tournament.models import Event, Game, OnlineGame, Round, RoundState
from tournament.services import games as games_service
from tournament.services.online import recording
from tournament.services.round_data import load_round

NAMES = ["ana", "Ben"]
TABLE_FULL = "Your table has played the most games a round keeps (40)"


def _game_40(app, event_id: int) -> None:
    """Game number 40 at table 1: the next one would be the 41st."""
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        table = data.tables[0]
        ids = [p.id for p in data.seated_at(table)]
        games_service.apply_games(session, data, table, [games_service.GameEntry(
            40, None, frozenset({ids[0]}), {ids[0]: 1, ids[1]: 0})])
        session.commit()


def _one_trick(app, client, at) -> None:
    for _ in at:
        now = [state(app, t) for t in at]
        i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
        assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200
    for token in at:
        assert act(client, token, action="point", index=0).status_code == 200


def test_a_table_at_the_most_games_a_round_keeps_never_holds_up_the_close(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    _game_40(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    _one_trick(app, client, at)
    close_round(app, event_id)
    with app.app_context():
        session = db.session()
        assert session.scalar(select(Round.state).where(Round.number == 1)) is RoundState.CLOSED
        assert list(session.scalars(select(Game.number))) == [40]
        assert session.scalar(select(OnlineGame.recorded_as)) is None


def test_a_deal_finished_at_the_most_games_a_round_keeps_ends_unrecorded_and_says_why(app, client):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    _game_40(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    last = play_out(client, app, at)
    assert last["game"]["stage"] == "over" and last["game"]["recorded_as"] is None
    assert TABLE_FULL in state(app, at[0])["html"]
    refused = act(client, at[1], action="deal", after=1)
    assert refused.status_code == 409 and TABLE_FULL in refused.get_json()["error"]
    with app.app_context():
        assert list(db.session().scalars(select(Game.number))) == [40]


def test_a_deal_finished_when_the_event_holds_the_most_games_ends_unrecorded_and_says_why(app, client,
                                                                                          monkeypatch):
    event_id = online_event(app, NAMES, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    assert play_out(client, app, at)["game"]["recorded_as"] == 1
    assert act(client, at[0], action="deal", after=1).status_code == 200
    monkeypatch.setattr(recording, "MAX_GAMES_PER_EVENT", 1)  # the event holds one game: full
    monkeypatch.setattr(games_service, "MAX_GAMES_PER_EVENT", 1)
    last = play_out(client, app, at)
    assert last["game"]["deal"] == 2 and last["game"]["recorded_as"] is None
    assert "The event holds the most games it can keep (1)" in state(app, at[0])["html"]
    assert act(client, at[0], action="deal", after=2).status_code == 409
    close_round(app, event_id)
    with app.app_context():
        assert list(db.session().scalars(select(Game.number))) == [1]
