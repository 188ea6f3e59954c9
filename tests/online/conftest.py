"""Helpers for online play: an event whose tables are played online, claimed names, actions."""

from __future__ import annotations

import itertools

from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.games.five_tricks import table_play
from tournament.models import Event, Player, Table
from tournament.services import rounds
from tournament.services.online import claims, seed

_nonces = itertools.count(1)


def allow_fast_polls(app) -> None:
    """Tests that poll one link many times a second (bots polling every 20-40 ms to play a deal
    in seconds, every screen checked in turn) ask far more often than a screen does: above the
    poll's limit per personal link too."""
    app.config["ONLINE_POLL_LIMIT_PER_LINK"] = "100 per second"


def nonce() -> str:
    return f"nonce-{next(_nonces):06d}"


def online_event(app, names: list[str], tables: int, referee: bool = False) -> int:
    """An event with every table online (and refereed by the app if asked)."""
    event_id = setup_event(app, names, tables)
    with app.app_context():
        session = db.session()
        for table in session.scalars(select(Table).where(Table.event_id == event_id)):
            table.online = True
            table.app_referees = referee
        session.commit()
    return event_id


def start(app, event_id: int) -> None:
    with app.app_context():
        rounds.start_round(db.session(), db.session().get(Event, event_id))


def claim_all(app, event_id: int) -> dict[str, str]:
    """Name -> personal link token, for every player."""
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        players = list(session.scalars(select(Player).where(Player.event_id == event_id)))
        return {p.name: claims.claim(session, event, p.id) for p in players}


def act(client, token: str, headers=None, **payload):
    payload.setdefault("nonce", nonce())
    return client.post(f"/play/{token}/act", json=payload, headers=headers or {})


def state(app, token: str) -> dict:
    """The player's state as the act endpoint answers it (the compact game view)."""
    from tournament.blueprints.play.payload import state_payload
    from tournament.services.online import view
    from tournament.services.timer import now_utc

    with app.test_request_context():
        session = db.session()
        claim = claims.claim_by_token(session, token)
        return state_payload(view.player_view(session, claim, now_utc()))


def deal_hands(app, event_id: int, table_number: int, round_id: int | None, number: int,
               seats: int) -> table_play.Deal:
    """The deal's cards, computed from the seed as the server does (tests only): a stored deal
    from its row, one not written yet from the table's players now."""
    from tournament.models import OnlineGame
    from tournament.services.online import tables

    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        table = session.scalar(select(Table).where(Table.event_id == event_id, Table.number == table_number))
        stage = OnlineGame.round_id.is_(None) if round_id is None else OnlineGame.round_id == round_id
        stored = session.scalar(select(OnlineGame).where(OnlineGame.table_id == table.id, stage,
                                                         OnlineGame.number == number))
        if stored is not None:
            ids, dealer, version = list(stored.seats), stored.dealer, stored.seed_version
        else:
            ids = [p.id for p in tables.playing(tables.table_players(session, table, round_id))]
            dealer, version = (number - 1) % len(ids), seed.SEED_VERSION
        assert len(ids) == seats
        drawn_from = seed.seed_of(app.config["SECRET_KEY"], event.deal_salt, event_id, table.id, round_id, number,
                                  ids, dealer, version)
    return table_play.deal(drawn_from, seats, dealer)


def rows(app, *models) -> list:
    """Every row of these models, as plain tuples, to compare before and after."""
    out = []
    with app.app_context():
        session = db.session()
        for model in models:
            columns = model.__table__.columns
            out.append(sorted(tuple(str(v) for v in r) for r in session.execute(select(*columns)).all()))
    return out


def tokens_at(app, event_id: int, tokens: dict[str, str], table_number: int, practice: bool = False) -> list[str]:
    """The tokens of the players at a table, in playing order (alphabetical)."""
    from tournament.core.names import name_key
    from tournament.models import Round, Seat

    with app.app_context():
        session = db.session()
        table = session.scalar(select(Table).where(Table.event_id == event_id, Table.number == table_number))
        if practice:
            players = session.scalars(select(Player).where(Player.home_table_id == table.id))
        else:
            latest = session.scalar(select(Round).where(Round.event_id == event_id).order_by(Round.number.desc()))
            players = session.scalars(select(Player).join(Seat, Seat.player_id == Player.id)
                                      .where(Seat.round_id == latest.id, Seat.table_id == table.id))
        names = sorted((p.name for p in players), key=name_key)
    return [tokens[n] for n in names]


def play_out(client, app, table_tokens: list[str], point=lambda trick: 0, limit: int = 400) -> dict:
    """Play the table's current deal to its end: whoever's turn it is plays their first
    playable card; every pointing picks `point(trick)`. Returns the last state."""
    last = {}
    for _ in range(limit):
        states = [state(app, t) for t in table_tokens]
        game = states[0]["game"]
        if game["stage"] == "over":
            return states[0]
        if game["stage"] == "play":
            i = next(i for i, s in enumerate(states) if s["game"]["my_turn"])
            response = act(client, table_tokens[i], action="play", card=states[i]["game"]["playable"][0])
            assert response.status_code == 200, response.get_json()
        else:
            for i, s in enumerate(states):
                if s["game"]["my_choice"] is None or game["stage"] == "dispute":
                    response = act(client, table_tokens[i], action="point", index=point(game["trick"]))
                    assert response.status_code == 200, response.get_json()
                    if response.get_json()["game"]["stage"] not in ("point", "dispute"):
                        break
        last = states[0]
    raise AssertionError(f"deal did not end: {last}")
