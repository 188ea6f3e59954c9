"""One small site with every kind of page to check, built once per test module: a class played
to round 3 (its round 4 planned), a tournament that is over, a round running, an Elbows Up!
round (the scorer), a class played 85 days ago (the events list warns it is erased soon), and
the organiser logged in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from tests.agreement.conftest import answer
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
    running: int  # round 1 running, table 1 with two games; table 2's phone reported a player
    # missing and sent two games, the table disputed game 2 and has not answered on game 1
    scored: int  # an Elbows Up! round running (the scorer page)
    tokens: dict[int, dict]  # event id -> its public, projector and table tokens
    presenter: dict[int, str]  # event id -> the presenter link's path
    player: dict[int, int]  # event id -> one seated player's id

    def path(self, template: str, event: int) -> str:
        found = self.tokens[event]
        return template.format(e=event, public=found["public"], projector=found["projector"],
                               table1=found[1], table2=found.get(2), presenter=self.presenter[event],
                               player=self.player[event])


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
    _table_2_asks_and_disputes(app, running)
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Card club", game="elbows-up")
        players.add_players(session, event, "Ola\nPia\nQuin\nRay")
        table_service.set_table_count(session, event, 1)
        scored = event.id
    start_round(app, scored)
    _played_long_ago(app)
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


def _played_long_ago(app) -> None:
    """A class whose only round was 85 days ago: 90 days' retention erases it within the week."""
    long_ago = datetime.now(UTC) - timedelta(days=85)
    event_id = setup_event(app, ["Sam", "Tia", "Uma", "Vic"], tables=1, name="Class 6D")
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        round_service.start_round(session, event, now=long_ago)
        round_service.close(session, event, 1, now=long_ago)


def _table_2_asks_and_disputes(app, event_id: int) -> None:
    """Table 2's phone, as its pages post: its last player missing, two games sent, game 2
    disputed; game 1's question stays open on the phone."""
    at = sorted(seated(app, event_id, 2).items())
    url = f"/t/{tokens(app, event_id)[2]}"
    phone = app.test_client()
    phone.post(f"{url}/presence", data={"round": "1", "missing": str(at[-1][1])})
    phone.post(url, data={"round": "1", "games-0-number": "1", "games-0-version": "", "games-0-winner": str(at[0][1]),
                          "games-1-number": "2", "games-1-version": "", "games-1-winner": str(at[1][1])})
    answer(phone, app, event_id, 2, 2, agree=False)
    assert f"{url}/games/1/agree" in phone.get(url).get_data(as_text=True), "the phone no longer asks about game 1"
