"""Practice deals, the next deal, between rounds, the close hook's cost and the action limit."""

from __future__ import annotations

from sqlalchemy import select

from tests.conftest import count_queries
from tests.online.conftest import act, claim_all, online_event, play_out, start, state, tokens_at
from tournament import db
from tournament.models import Event, Game, OnlineGame, OnlineMessage, Round
from tournament.services import timer
from tournament.services.online import recording


def _practice(app, event_id):
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        timer.start(event, "practice", timer.now_utc())
        session.commit()


def test_practice_deals_allow_chat_are_never_recorded_and_the_next_deal_rotates_the_dealer(app, client):
    event_id = online_event(app, ["Ana", "Ben"], 1)
    tokens = claim_all(app, event_id)
    _practice(app, event_id)
    at = tokens_at(app, event_id, tokens, 1, practice=True)
    assert state(app, at[0])["phase"] == "practice"
    assert act(client, at[0], action="chat", text="  hello  ").status_code == 200
    with app.app_context():
        assert db.session().scalar(select(OnlineMessage.body)) == {"text": "hello"}
    last = play_out(client, app, at)
    assert last["game"]["deal"] == 1 and last["game"]["recorded_as"] is None
    with app.app_context():
        assert db.session().scalar(select(Game)) is None
    nonce = "next-deal-1"
    assert act(client, at[1], action="deal", after=1, nonce=nonce).status_code == 200
    assert act(client, at[0], action="deal", after=1).status_code == 200  # the other player's tap: no change
    with app.app_context():
        deals = list(db.session().scalars(select(OnlineGame).order_by(OnlineGame.number)))
        assert [(d.number, d.dealer, d.round_id) for d in deals] == [(1, 0, None), (2, 1, None)]
    assert state(app, at[0])["game"]["deal"] == 2
    with app.app_context():
        first = db.session().scalar(select(OnlineGame).where(OnlineGame.number == 1))
        last_card = next(a for a in reversed(first.actions) if a["type"] == "play")
        pointing = [a for a in first.actions if a["type"] == "point"][-1]
    # The last card's and the last pointing's resends, arriving after the next deal began: no change.
    card_owner = at[first.seats.index(last_card["by"])]
    assert act(client, card_owner, action="play", card=last_card["card"], nonce=last_card["nonce"]).status_code == 200
    pointer = at[first.seats.index(pointing["by"])]
    assert act(client, pointer, action="point", index=pointing["index"], nonce=pointing["nonce"]).status_code == 200
    with app.app_context():
        assert db.session().scalar(select(OnlineGame.actions).where(OnlineGame.number == 2)) == []


def test_between_rounds_the_player_sees_the_move_of_the_closed_round(app, client):
    from tests.room.conftest import close_round
    from tournament.services.online import claims, view

    event_id = online_event(app, [f"P{i}" for i in range(8)], 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    for table in (1, 2):
        play_out(client, app, tokens_at(app, event_id, tokens, table))
    close_round(app, event_id)
    moves = set()
    with app.app_context():
        session = db.session()
        for token in tokens.values():
            seen = view.player_view(session, claims.claim_by_token(session, token), timer.now_utc())
            assert seen.phase == "between" and seen.game is None and seen.move is not None
            assert seen.notice is None  # every deal was played to its end
            moves.add(seen.move.arrow)
    assert "▲" in moves and "▼" in moves
    response = act(client, tokens["P0"], action="play", card="7h")
    assert response.status_code == 409


def test_the_close_hook_costs_one_statement_without_online_deals(app):
    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1)
    start(app, event_id)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        round_ = session.scalar(select(Round))
        with count_queries(app) as statements:
            assert recording.count_unfinished(session, event, round_) == 0
        assert len(statements) == 1


def test_actions_are_limited_per_personal_link_with_a_sentence(app, client):
    app.config["ONLINE_LIMIT_PER_LINK"] = "3 per minute"
    event_id = online_event(app, ["Ana", "Ben"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    answers = [act(client, tokens["Ana"], action="gesture", gesture="yes") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[-1].get_json()["error"]
    assert act(client, tokens["Ben"], action="gesture", gesture="yes").status_code == 200


def test_a_players_phase_follows_the_timer_before_round_one_then_the_rounds(app):
    from tests.room.conftest import close_round
    from tournament.models import Player, PlayerStatus
    from tournament.services.online import phase

    event_id = online_event(app, ["Ana", "Ben", "Cleo", "Dan"], 1)

    def phases():
        with app.app_context():
            session = db.session()
            event = session.get(Event, event_id)
            return {p.name: phase.phase_of(session, event, p) for p in session.scalars(select(Player))}

    assert set(phases().values()) == {"waiting"}
    for name in ("study", "practice"):
        with app.app_context():
            session = db.session()
            timer.start(session.get(Event, event_id), name, timer.now_utc())
            session.commit()
        assert set(phases().values()) == {name}
    with app.app_context():
        session = db.session()
        session.scalar(select(Player).where(Player.name == "Dan")).status = PlayerStatus.OBSERVER
        session.commit()
    start(app, event_id)
    assert phases() == {"Ana": "tournament", "Ben": "tournament", "Cleo": "tournament", "Dan": "not_playing"}
    close_round(app, event_id)
    assert phases()["Ana"] == "between"
