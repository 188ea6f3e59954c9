"""What a device and the organiser's page receive, and what it costs."""

from __future__ import annotations

from sqlalchemy import select

from tests.conftest import count_queries
from tests.online.conftest import act, claim_all, deal_hands, online_event, start, state, tokens_at
from tournament import db
from tournament.games.five_tricks.table_play import card_code
from tournament.models import Event, Round
from tournament.services import audit
from tournament.services.online import claims, view, watch
from tournament.services.timer import now_utc


def _marks(card) -> list[bytes]:
    """How a card could show in a JSON answer: its code, its label (raw and escaped)."""
    label = str(card)
    escaped = label.encode("ascii", "backslashreplace").decode().replace("\\u", "\\u").encode()
    return [f'"{card_code(card)}"'.encode(), label.encode(), escaped.lower(), escaped]


def test_no_player_ever_receives_another_players_cards(app, client):
    names = ["Ana", "Ben", "Cleo", "Dan"]
    event_id = online_event(app, names, 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)
    with app.app_context():
        round_id = db.session().scalar(select(Round.id))
    deal = deal_hands(app, event_id, 1, round_id, 1, 4)
    played: set = set()
    for _step in range(6):
        for seat, token in enumerate(at):
            raw = act(client, token, action="gesture", gesture="yes").data
            assert b'"error"' not in raw
            own = {card_code(c) for c in deal.hands[seat]}
            assert set(state(app, token)["game"]["hand"]) <= own
            for other, hand in enumerate(deal.hands):
                if other == seat:
                    continue
                for card in hand:
                    if card in played:
                        continue
                    for mark in _marks(card):
                        assert mark not in raw, (seat, card, mark)
            for card in deal.aside:
                for mark in _marks(card):
                    assert mark not in raw
        now = [state(app, t) for t in at]
        turn = next(i for i, s in enumerate(now) if s["game"]["my_turn"])
        code = now[turn]["game"]["playable"][0]
        assert act(client, at[turn], action="play", card=code).status_code == 200
        played |= {c for c in deal.hands[turn] if card_code(c) == code}
        if state(app, at[0])["game"]["stage"] != "play":
            for t in at:
                act(client, t, action="point", index=0)


def test_poll_key_is_one_statement_and_changes_only_with_a_card_played_at_the_players_table(app, client):
    event_id = online_event(app, [f"P{i}" for i in range(6)], 2)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    here, there = tokens_at(app, event_id, tokens, 1), tokens_at(app, event_id, tokens, 2)
    moment = now_utc()
    with app.app_context():
        with count_queries(app) as statements:
            key = view.poll_key(db.session(), here[0], moment)
        assert len(statements) == 1
        assert view.poll_key(db.session(), "no-such-token", moment) is None
        other_key = view.poll_key(db.session(), there[0], moment)
    turn = next(t for t in there if state(app, t)["game"]["my_turn"])
    act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0])
    with app.app_context():
        assert view.poll_key(db.session(), here[0], moment) == key
        assert view.poll_key(db.session(), there[0], moment) != other_key


def test_online_play_leaves_the_event_revision_alone_but_a_recorded_game_moves_it(app, client):
    from tests.online.conftest import play_out

    event_id = online_event(app, ["Ana", "Ben"], 1)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    at = tokens_at(app, event_id, tokens, 1)

    def revision():
        with app.app_context():
            return db.session().get(Event, event_id).revision

    before = revision()
    turn = next(t for t in at if state(app, t)["game"]["my_turn"])
    act(client, turn, action="play", card=state(app, turn)["game"]["playable"][0])
    act(client, at[0], action="gesture", gesture="yes")
    assert revision() == before
    play_out(client, app, at)
    assert revision() > before


def _watched(app, tables: int) -> int:
    names = [f"P{i:02d}" for i in range(tables * 4)]
    event_id = online_event(app, names, tables)
    tokens = claim_all(app, event_id)
    start(app, event_id)
    from flask import Flask  # noqa: F401

    from tests.online.conftest import act as post
    client = app.test_client()
    for number in range(1, tables + 1):
        at = tokens_at(app, event_id, tokens, number)
        turn = next(t for t in at if state(app, t)["game"]["my_turn"])
        post(client, turn, action="play", card=state(app, turn)["game"]["playable"][0])
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        with count_queries(app) as statements:
            watches = watch.table_watches(session, event, now_utc())
        assert len(watches) == tables and all(len(w.trick) == 1 for w in watches)
        assert not any(hasattr(w, "hand") for w in watches)
        with count_queries(app) as key_statements:
            watch.watch_key(session, event)
        assert len(key_statements) == 1
    return len(statements)


def test_table_watches_cost_the_same_statements_for_2_and_8_online_tables(app):
    from tournament.models import Base

    two = _watched(app, 2)
    engine = app.extensions["db_engine"]
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(table.delete())
    assert _watched(app, 8) == two


def test_the_change_log_names_an_online_table_and_the_new_actions_in_the_pages_language(app):
    from tournament.i18n import translate

    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert translate(audit.actor_text("online table 3")) != "online table 3"
        assert "3" in translate(audit.actor_text("online table 3"))
        for phrase in ("claim released", "player skipped", "card played for player"):
            assert audit.action_text(phrase) is not phrase
    assert str(audit.actor_text("online table 3")) == "online table 3"


def test_claims_refuse_a_second_device_for_the_same_name(app):
    from tournament.services.errors import Conflict

    event_id = online_event(app, ["Ana", "Ben"], 1)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        ana = event.players[0]
        token = claims.claim(session, event, ana.id)
        try:
            claims.claim(session, event, ana.id)
        except Conflict as refused:
            assert "Ana is already playing on another device" in str(refused)
        else:
            raise AssertionError("a second claim was accepted")
        assert claims.personal_link_token(session, event, ana.id) == token
        assert set(claims.claims_of(session, event)) == {ana.id}
