"""A deal played at an online table through the service, from the first card to the record."""

from __future__ import annotations

from sqlalchemy import select

from tests.online.conftest import act, claim_all, deal_hands, online_event, play_out, rows, start, state, tokens_at
from tournament import db
from tournament.core.names import name_key
from tournament.models import (
    AuditEntry,
    DebriefNote,
    Event,
    Game,
    GameResult,
    OnlineClock,
    OnlineGame,
    OnlineMessage,
    Round,
)

NAMES = ["Cleo", "ana", "Ben", "Dan", "Eve", "Finn", "Gus", "Hana"]


def _round(app, event_id):
    with app.app_context():
        return db.session().scalar(select(Round).where(Round.event_id == event_id).order_by(Round.number.desc()))


def test_full_deal_is_recorded_as_a_game_of_the_running_round_with_the_most_tricks_winning(app, client):
    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at_one = tokens_at(app, event_id, tokens, 1)
    last = play_out(client, app, at_one)
    assert last["game"]["stage"] == "over"
    assert last["game"]["recorded_as"] == 1
    with app.app_context():
        session = db.session()
        game = session.scalar(select(Game).where(Game.number == 1))
        online = session.scalar(select(OnlineGame))
        assert online.recorded_as == 1 and online.finished_at is not None
        names = {r.player_id: r for r in game.results}
        from tournament.models import Player
        players = {p.id: p.name for p in session.scalars(select(Player))}
        tricks = {players[pid]: r.score for pid, r in names.items()}
        assert sum(tricks.values()) == 7
        most = max(tricks.values())
        expected = sorted((n for n, t in tricks.items() if t == most), key=name_key)[0]
        assert [players[pid] for pid in game.winner_ids] == [expected]
        assert last["game"]["winner"] == expected
        actors = [a.actor for a in session.scalars(select(AuditEntry).where(AuditEntry.action == "game recorded"))]
        assert actors == ["online table 1"]


def test_ties_in_tricks_go_to_the_alphabetically_first_name(app):
    from tournament.services.online.recording import record
    from tournament.services.round_data import RoundData

    event_id = online_event(app, NAMES[:4], 1)
    start(app, event_id)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        round_ = session.scalar(select(Round))
        from tournament.services.online import tables
        table = event.tables[0]
        players = tables.table_players(session, table, round_.id)
        game = OnlineGame(event_id=event_id, table_id=table.id, round_id=round_.id, number=1,
                          seats=[p.id for p in players], dealer=0, actions=[])
        session.add(game)
        from tournament.models import Seat
        seats = list(session.scalars(select(Seat)))
        data = RoundData(event, round_, [table], {p.id: p for p in players}, seats, [])
        # Ben, Cleo and Dan tie on two tricks; ana has one.
        assert record(session, data, table, game, (1, 2, 2, 2), round_.started_at) == 1
        session.commit()
        recorded = session.scalar(select(Game))
        winner = {p.id: p.name for p in players}[next(iter(recorded.winner_ids))]
        assert winner == "Ben"


def test_no_trick_taken_records_nothing_when_the_round_closes(app, client):
    from tests.room.conftest import close_round

    event_id = online_event(app, NAMES[:4], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at_one = tokens_at(app, event_id, tokens, 1)
    first = next(t for t in at_one if state(app, t)["game"]["my_turn"])
    assert act(client, first, action="play", card=state(app, first)["game"]["playable"][0]).status_code == 200
    close_round(app, event_id)
    with app.app_context():
        assert db.session().scalar(select(Game)) is None


def test_round_close_mid_deal_counts_the_tricks_so_far_and_moves_come_out_right(app, client):
    from tests.room.conftest import close_round
    from tournament.services.round_data import load_round

    event_id = online_event(app, NAMES, 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    for table in (1, 2):
        at = tokens_at(app, event_id, tokens, table)
        # Two tricks, everyone pointing at the led card: its player takes each.
        for _trick in range(2):
            for _seat in range(4):
                now = [state(app, t) for t in at]
                i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
                assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200
            for t in at:
                assert act(client, t, action="point", index=0).status_code == 200
    before = {}
    for table in (1, 2):
        taken = {}
        for t in tokens_at(app, event_id, tokens, table):
            s = state(app, t)
            assert s["game"]["stage"] == "play" and s["game"]["trick_number"] == 3
        before[table] = taken
    close_round(app, event_id)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        games = list(session.scalars(select(Game)))
        assert len(games) == 2
        assert all(sum(r.score for r in g.results) == 2 for g in games)
        data = load_round(session, event, 1)
        outcome = data.outcome()
        winners = outcome.winners()
        assert set(winners) == {1, 2}
        for game in games:
            table = next(t for t in data.tables if t.id == game.table_id)
            scores = {data.players[r.player_id].name: r.score for r in game.results}
            most = max(scores.values())
            assert winners[table.number] == sorted((n for n, s in scores.items() if s == most), key=name_key)[0]
        # The round winner of the bottom table moves up, the top table's loser moves down.
        moves = {row.player: row.direction for row in outcome.rows}
        assert moves[winners[1]] == "up"
        assert sum(1 for d in moves.values() if d == "down") >= 1
    from tournament.services.online import claims, view
    from tournament.services.online.view import CUT_SHORT
    from tournament.services.timer import now_utc

    with app.app_context():
        session = db.session()
        seen = view.player_view(session, claims.claim_by_token(session, tokens["Cleo"]), now_utc())
        assert seen.phase == "between" and seen.notice == CUT_SHORT


def test_a_repeated_nonce_plays_one_card(app, client):
    event_id = online_event(app, NAMES[:3], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    first = next(t for t in at if state(app, t)["game"]["my_turn"])
    card = state(app, first)["game"]["playable"][0]
    answers = [act(client, first, action="play", card=card, nonce="same-nonce-1") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert all(a.get_json()["game"]["trick"] == [card] for a in answers)
    with app.app_context():
        game = db.session().scalar(select(OnlineGame))
        assert len(game.actions) == 1
        assert db.session().get(OnlineClock, game.table_id).version == 1


def _refused(app, client, token, expected_status, expected_text, **payload):
    tables = (Game, GameResult, OnlineGame, OnlineMessage, OnlineClock, AuditEntry, DebriefNote, Event)
    before = rows(app, *tables)
    response = act(client, token, **payload)
    assert response.status_code == expected_status, response.get_json()
    assert expected_text in response.get_json()["error"]
    assert rows(app, *tables) == before
    return response


def test_out_of_turn_and_card_not_in_hand_are_refused_and_change_nothing(app, client):
    event_id = online_event(app, NAMES[:3], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    now = [state(app, t) for t in at]
    turn = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
    other = (turn + 1) % 3
    names = sorted(NAMES[:3], key=name_key)
    _refused(app, client, at[other], 409, f"It is not your turn: {names[turn]} plays now.",
             action="play", card=now[other]["game"]["hand"][0])
    with app.app_context():
        round_id = db.session().scalar(select(Round.id))
    deal = deal_hands(app, event_id, 1, round_id, 1, 3)
    foreign = deal.aside[0]
    from tournament.games.five_tricks.table_play import card_code
    _refused(app, client, at[turn], 409, "That card is not in your hand.", action="play", card=card_code(foreign))
    _refused(app, client, at[turn], 400, "That card is not in your hand.", action="play", card="Zz")


def test_chat_in_the_tournament_is_refused_and_changes_nothing(app, client):
    event_id = online_event(app, NAMES[:3], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    token = tokens["ana"]
    _refused(app, client, token, 409, "Words are not allowed now: use a gesture or draw.", action="chat", text="hi")
    assert act(client, token, action="gesture", gesture="yes").status_code == 200


def test_a_closed_round_refuses_cards(app, client):
    from tests.room.conftest import close_round

    event_id = online_event(app, NAMES[:3], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    close_round(app, event_id)
    _refused(app, client, tokens["ana"], 409, "The round has closed: no more cards can be played in it.",
             action="play", card="7h")


def test_bad_requests_get_a_sentence_never_a_server_error(app, client):
    event_id = online_event(app, NAMES[:3], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    token = tokens["ana"]
    url = f"/play/{token}/act"
    bodies = [b"", b"{", b"[]", b"null", b"42", b'"play"', b'{"action": "fly", "nonce": "abcdefgh"}',
              b'{"action": "play", "nonce": "short"}', b'{"action": "play", "card": 7, "nonce": "abcdefgh"}',
              b'{"action": "play", "card": ["7h"], "nonce": "abcdefgh"}',
              b'{"action": "point", "index": true, "nonce": "abcdefgh"}',
              b'{"action": "deal", "after": "x", "nonce": "abcdefgh"}',
              b'{"action": "stroke", "points": [[1,2]], "colour": "ink", "nonce": "abcdefgh"}',
              b'{"action": "stroke", "points": [[1,2],[3,2000]], "colour": "ink", "nonce": "abcdefgh"}',
              b'{"action": "stroke", "points": [[1,2],[3,4]], "colour": "pink", "nonce": "abcdefgh"}',
              b'{"action": "gesture", "gesture": "wave", "nonce": "abcdefgh"}',
              b'{"action": {"a": 1}, "nonce": "abcdefgh"}', b"[" * 5000 + b"]" * 5000,
              b'{"action": "chat", "text": "' + b"x" * 20000 + b'", "nonce": "abcdefgh"}']
    for body in bodies:
        response = client.post(url, data=body, content_type="application/json")
        assert 400 <= response.status_code < 500, (body[:60], response.status_code)
        assert response.get_json()["error"]
    assert client.post("/play/nosuchtoken123/act", json={"action": "play"}).status_code == 404


def test_a_released_claims_token_is_refused(app, client):
    event_id = online_event(app, NAMES[:3], 1)
    tokens = claim_all(app, event_id)
    from tournament.services.online import claims
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        player_id = claims.claim_by_token(session, tokens["Ben"]).player_id
        claims.release(session, event, player_id)
        assert session.scalar(select(AuditEntry.action).where(AuditEntry.action == "claim released"))
    response = act(client, tokens["Ben"], action="gesture", gesture="yes")
    assert response.status_code == 404
    assert "This link is no longer yours" in response.get_json()["error"]


def test_a_refereed_table_refuses_an_illegal_card_and_takes_tricks_without_pointing(app, client):
    event_id = online_event(app, ["Ana", "Ben", "Cleo"], 1, referee=True)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    refused = False
    for _ in range(30):
        now = [state(app, t) for t in at]
        game = now[0]["game"]
        assert game["stage"] in ("play", "over")  # never "point": the app takes each trick
        if game["stage"] == "over":
            break
        i = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
        illegal = [c for c in now[i]["game"]["hand"] if c not in now[i]["game"]["playable"]]
        if illegal and not refused:
            _refused(app, client, at[i], 409, "This table's rules do not allow that card now.",
                     action="play", card=illegal[0])
            refused = True
        assert act(client, at[i], action="play", card=now[i]["game"]["playable"][0]).status_code == 200
    assert refused and state(app, at[0])["game"]["stage"] == "over"
    with app.app_context():
        assert db.session().scalar(select(Game)) is not None
