"""The test-only game plays online: its package gives a trivial table play (three cards each, the
highest takes the trick) and a deal of it is played through the players' own routes and recorded
as a game of the round, with nothing of it anywhere in ``tournament/``."""

from __future__ import annotations

import itertools

from sqlalchemy import select

from tests.online.conftest import allow_fast_polls
from tournament import db
from tournament.core.names import name_key
from tournament.models import Event, Game, Player

NAMES = ["Ana", "Ben", "Cleo"]
_nonces = itertools.count(1)


def _strength(code: str) -> int:
    rank = int(code[:-1])
    return 14 if rank == 1 else rank  # table 1 plays "Ace high"


def _event(organiser) -> int:
    created = organiser.post("/events", data={"name": "Card night", "round_minutes": "5", "game": "highest-card"})
    assert created.status_code == 302, created.get_data(as_text=True)
    event_id = int(created.headers["Location"].rstrip("/").split("/events/")[1].split("/")[0])
    assert organiser.post(f"/events/{event_id}/players", data={"names": "\n".join(NAMES)}).status_code == 302
    assert organiser.post(f"/events/{event_id}/tables/plan", data={}).status_code == 302
    online = organiser.post(f"/events/{event_id}/online/tables", data={"online-1": "y", "referee-1": "y"})
    assert online.status_code == 302, online.get_data(as_text=True)
    assert organiser.post(f"/events/{event_id}/rounds/start").status_code == 302
    return event_id


def _claim(app, event_id: int) -> dict[str, str]:
    """Each player taps their name on their own device: name -> personal link token."""
    with app.app_context():
        session = db.session()
        public = session.get(Event, event_id).public_token
        ids = {p.name: p.id for p in session.scalars(select(Player).where(Player.event_id == event_id))}
    tokens = {}
    for name in NAMES:
        claimed = app.test_client().post(f"/s/{public}/play", data={"player_id": ids[name]})
        assert claimed.status_code == 302, claimed.get_data(as_text=True)
        tokens[name] = claimed.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    return tokens


def _game(client, token: str) -> dict:
    answer = client.get(f"/play/{token}/state?key=")
    assert answer.status_code == 200
    return answer.get_json()["game"]


def test_the_test_only_game_plays_an_online_deal_through_the_players_routes_and_records_it(app, organiser, client,
                                                                                           highest_card):
    allow_fast_polls(app)
    event_id = _event(organiser)
    tokens = _claim(app, event_id)
    taken = dict.fromkeys(NAMES, 0)
    trick: list[tuple[str, str]] = []
    for _turn in range(3 * len(NAMES)):
        games = {name: _game(client, token) for name, token in tokens.items()}
        if _turn == 0:
            assert [len(game["hand"]) for game in games.values()] == [3, 3, 3]
        name = next(name for name, game in games.items() if game["my_turn"])
        card = games[name]["playable"][0]
        played = client.post(f"/play/{tokens[name]}/act",
                             json={"action": "play", "card": card, "nonce": f"nonce-{next(_nonces):06d}"})
        assert played.status_code == 200, played.get_json()
        trick.append((name, card))
        if len(trick) == len(NAMES):
            best = max(_strength(code) for _name, code in trick)
            taken[next(who for who, code in trick if _strength(code) == best)] += 1
            trick = []

    over = _game(client, tokens["Ana"])
    most = max(taken.values())
    winners = sorted((name for name, count in taken.items() if count == most), key=name_key)
    assert over["stage"] == "over" and over["recorded_as"] == 1
    assert over["winner"] == winners[0]
    with app.app_context():
        session = db.session()
        names = {p.id: p.name for p in session.scalars(select(Player).where(Player.event_id == event_id))}
        recorded = session.scalars(select(Game)).all()
        assert [(game.number, sorted((names[i] for i in game.winner_ids), key=name_key)) for game in recorded] == [
            (1, winners)]
