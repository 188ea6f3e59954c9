"""Only a player seated to play claims a name, and only where online play exists."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tests.online.conftest import online_event
from tests.online.joining import found
from tournament import db
from tournament.models import Event, OnlineClaim, Player, PlayerStatus
from tournament.services.errors import Conflict
from tournament.services.online import claims

NAMES = ["Cleo", "ana", "Ben", "Dan"]
NOT_ONLINE = "This event is not played online: play at your table in the room."


def _claim(app, event_id: int, name: str) -> str:
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        player = session.scalar(select(Player).where(Player.event_id == event_id, Player.name == name))
        return claims.claim(session, event, player.id)


def _claims(app) -> int:
    with app.app_context():
        return len(db.session().scalars(select(OnlineClaim)).all())


def test_an_observer_cannot_claim_a_name_to_play_online(app):
    event_id = online_event(app, NAMES, 1)
    with app.app_context():
        session = db.session()
        session.scalar(select(Player).where(Player.name == "ana")).status = PlayerStatus.OBSERVER
        session.commit()
    with pytest.raises(Conflict) as refused:
        _claim(app, event_id, "ana")
    assert str(refused.value.text) == ("ana is not playing in this event now, so there are no cards to play online. "
                                       "Ask the organiser if that is not right.")
    assert _claims(app) == 0
    assert _claim(app, event_id, "Ben")


def test_no_name_is_claimed_in_an_event_without_a_table_played_online(app):
    event_id = setup_event(app, NAMES, 1)
    with pytest.raises(Conflict) as refused:
        _claim(app, event_id, "ana")
    assert str(refused.value.text) == NOT_ONLINE and _claims(app) == 0


def test_no_name_is_claimed_in_an_event_of_another_game(app):
    event_id = online_event(app, NAMES, 1)
    with app.app_context():
        session = db.session()
        session.get(Event, event_id).game = "elevator"
        session.commit()
    with pytest.raises(Conflict) as refused:
        _claim(app, event_id, "ana")
    assert str(refused.value.text) == NOT_ONLINE and _claims(app) == 0


def test_a_refused_claim_is_told_on_the_public_page_in_the_players_language(app, client):
    event_id = online_event(app, NAMES, 1)
    with app.app_context():
        session = db.session()
        session.scalar(select(Player).where(Player.name == "ana")).status = PlayerStatus.OBSERVER
        session.commit()
        public = session.get(Event, event_id).public_token
        ana = session.scalar(select(Player.id).where(Player.name == "ana"))
    english = client.post(f"/s/{public}/play", data={"player_id": ana})
    assert english.status_code == 409 and "so there are no cards to play online" in english.get_data(as_text=True)
    german = client.post(f"/s/{public}/play", data={"player_id": ana}, headers={"Accept-Language": "de"})
    assert german.status_code == 409 and "so there are no cards to play online" not in german.get_data(as_text=True)
    assert _claims(app) == 0


def _listed(client, app, event_id: int) -> set[str]:
    with app.app_context():
        public = db.session().get(Event, event_id).public_token
        names = dict(db.session().execute(select(Player.id, Player.name).where(Player.event_id == event_id)).all())
    # Each single-word name is its own public name: search for each in turn.
    return {name for pid, name in names.items()
            if f'value="{pid}"' in found(client, f"/s/{public}/play", name).get_data(as_text=True)}


def _at_table(app, event_id: int, number: int, round_number: int | None = None) -> set[str]:
    from tournament.models import Round, Seat, Table

    with app.app_context():
        session = db.session()
        if round_number is None:
            query = select(Player.name).join(Table, Table.id == Player.home_table_id)
        else:
            query = (select(Player.name).join(Seat, Seat.player_id == Player.id).join(Table, Table.id == Seat.table_id)
                     .join(Round, Round.id == Seat.round_id).where(Round.number == round_number))
        return set(session.scalars(query.where(Table.event_id == event_id, Table.number == number)))


def test_the_join_page_lists_only_players_whose_table_plays_online(app, client):
    from tests.online.conftest import start
    from tournament.models import Table

    event_id = setup_event(app, ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"], 2)
    with app.app_context():
        session = db.session()
        session.scalar(select(Table).where(Table.event_id == event_id, Table.number == 2)).online = True
        session.commit()
    online, in_the_room = _at_table(app, event_id, 2), _at_table(app, event_id, 1)
    assert online and in_the_room
    assert _listed(client, app, event_id) == online
    start(app, event_id)
    assert _listed(client, app, event_id) == _at_table(app, event_id, 2, round_number=1)
