"""One small site with every kind of page to check, built once per test module: a class played
to round 3 (its round 4 planned), a tournament that is over, a round running, an Elbows Up!
round (the scorer), and the organiser logged in."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from tests.conftest import setup_event
from tests.debrief.class_event import class_event
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import db
from tournament.models import Event, Player
from tournament.services import accounts, events, players, room_links
from tournament.services import rounds as round_service
from tournament.services import tables as table_service


@dataclass(frozen=True)
class Site:
    played: int  # class_event: three rounds closed, round 4 planned
    over: int  # two rounds, then the tournament ended
    running: int  # round 1 running, table 1 with two games
    scored: int  # an Elbows Up! round running (the scorer page)
    tokens: dict[int, dict]  # event id -> its public, projector and table tokens
    presenter: dict[int, str]  # event id -> the presenter link's path
    player: dict[int, int]  # event id -> one seated player's id

    def path(self, template: str, event: int) -> str:
        found = self.tokens[event]
        return template.format(e=event, public=found["public"], projector=found["projector"],
                               table1=found[1], presenter=self.presenter[event], player=self.player[event])


def build(app) -> Site:
    played = class_event(app)
    over = setup_event(app, ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fay"], tables=2, name="Class 7A")
    for _ in range(2):
        start_round(app, over)
        for table in (1, 2):
            at = sorted(seated(app, over, table))
            record_winner(app, over, table, [at[0], at[-1]])
        close_round(app, over)
    with app.app_context():
        session = db.session()
        round_service.end_now(session, session.get(Event, over))
    running = setup_event(app, ["Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max", "Ned"], tables=2, name="Class 8C")
    start_round(app, running)
    record_winner(app, running, 1, sorted(seated(app, running, 1))[:2])
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Card club", game="elbows-up")
        players.add_players(session, event, "Ola\nPia\nQuin\nRay")
        table_service.set_table_count(session, event, 1)
        scored = event.id
    start_round(app, scored)
    ids = (played, over, running, scored)
    with app.app_context():
        session = db.session()
        if not accounts.has_organiser(session):
            accounts.set_organiser(session, "teacher", "correct horse")
        presenter = {}
        for event_id in ids:
            event = session.get(Event, event_id)
            key = room_links.presenter_key(app.secret_key, event)
            presenter[event_id] = f"/p/{event.projector_token}/present/{key}"
        player = {e: session.scalar(select(Player.id).where(Player.event_id == e).order_by(Player.id)) for e in ids}
    return Site(played, over, running, scored, {e: tokens(app, e) for e in ids}, presenter, player)
