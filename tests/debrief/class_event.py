"""A realistic class played to its end through the services, for tests and pictures that need a
debrief with something to show: 22 pupils and an observer at six tables, three rounds.

What it holds (each on purpose, so the views have it to draw):
- a clear order at every table (no tie) but one: a tie at the top decided alphabetically (round 1,
  table 2); movement every round;
- one pupil withdrawn after round 1 (``WITHDRAWN``), one watching from the start (``OBSERVER``);
- a result corrected after round 2 was closed, before round 3 started (seating re-derived);
- a house rule on one table's sheet;
- notes from the tables' phones (three "we disagreed", one "aha!", two short texts) and one from
  the observer.

Home tables and results are fixed (a seeded choice), so every call builds the same event. It is
played on a class's clock (``SCHEDULE``: rounds of about twelve minutes from 09:00 UTC on a fixed
day), so the timeline and the notes read like a lesson, not like one second."""

from __future__ import annotations

import random
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from tests.room.conftest import close_round, record_winner, seated, start_round
from tournament import db
from tournament.models import Event, Player, PlayerStatus
from tournament.services import accounts, events, midevent, notes, players
from tournament.services import tables as table_service

# A mixed class: ordinary first names, a couple with accents.
PUPILS = ["Amira", "Ben", "Chloé", "Dawit", "Elif", "Finn", "Grace", "Hamza", "Inès", "Jonas", "Kai",
          "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Rafael", "Sofia", "Tomás", "Wei", "Yusuf", "Zoë"]
OBSERVER = "Ms Okafor"
WITHDRAWN = "Oskar"  # leaves after round 1
TABLES = 6
ROUNDS = 3
HOUSE_RULE = (3, "The dealer may not lead.")
TIE = (1, 2)  # (round, table) where two players tie on games won and the alphabet decides
CORRECTED = (2, 5)  # (round, table) whose results are corrected once the round was closed
START = datetime(2026, 3, 12, 9, 0, tzinfo=UTC)
# Minutes after START: (round starts, notes sent, round closes).
SCHEDULE = {1: (5, 11, 17), 2: (20, 26, 32), 3: (35, 41, 47)}

# Notes sent while a round runs: (round, table, source, flag, text).
NOTES = [
    (1, 3, "table", "disagreed", None),
    (1, 5, "table", "disagreed", None),
    (2, 1, "table", "disagreed", "They said the 2 beats the king!"),
    (2, 4, "table", None, "We played silently, but with a lot of pointing."),
    (2, 4, "observer", None, "Table 4 settled every argument with gestures."),
    (3, 6, "table", "realised", None),
    (3, 2, "table", "disagreed", None),
]


class _Clock(datetime):
    """``datetime`` whose ``now`` is the class's clock (every stored moment goes through
    ``models.base.utcnow``, which asks ``datetime.now``)."""

    moment = START

    @classmethod
    def now(cls, tz=None):
        return cls.moment if tz is None else cls.moment.astimezone(tz)


@contextmanager
def _class_clock():
    from tournament.models import base

    real = base.datetime
    base.datetime = _Clock
    try:
        yield
    finally:
        base.datetime = real


def _at(minutes: float) -> None:
    _Clock.moment = START + timedelta(minutes=minutes)


def _winners(rng: random.Random, round_number: int, table: int, names: list[str]) -> list[str]:
    """The game winners of one table in one round: a seeded order of the players, the first
    winning most games, each next one fewer, the last none (the tie where ``TIE`` says)."""
    if (round_number, table) == TIE:
        return [names[1], names[0], names[1], names[0], names[2]]
    order = rng.sample(names, len(names))
    return [player for place, player in enumerate(order) for _ in range(len(names) - 1 - place)]


def _send_notes(app, event_id: int, round_number: int) -> None:
    with app.app_context():
        session = db.session()
        for number, table, source, flag, text in NOTES:
            if number == round_number:
                author = OBSERVER if source == "observer" else ""
                notes.send_note(session, session.get(Event, event_id), source=source, table_number=table,
                                author=author, flag=flag, text=text, nonce=None)


def _correct(app, event_id: int, round_number: int, table_number: int) -> None:
    """The organiser corrects a closed round's table: the first game goes to the last player."""
    from tournament.services.corrections import correct_games
    from tournament.services.games import GameEntry
    from tournament.services.round_data import load_round

    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), round_number)
        table = data.table(table_number)
        last = max(data.seated_at(table), key=lambda player: player.name)
        game = next(game for game in data.games_at(table) if game.number == 1)
        correct_games(session, data, table, [GameEntry(1, game.version, frozenset({last.id}), None)])


def _player(session, event_id: int, name: str) -> Player:
    return session.query(Player).filter_by(event_id=event_id, name=name).one()


def class_event(app, name: str = "Class 9B") -> int:
    """The class above, played to its end, with an organiser account "teacher" (password
    "correct horse"). Returns the event's id."""
    with _class_clock():
        return _play(app, name)


def _play(app, name: str) -> int:
    rng = random.Random(9)
    _at(0)
    with app.app_context():
        session = db.session()
        if not accounts.has_organiser(session):
            accounts.set_organiser(session, "teacher", "correct horse")
        event = events.create_event(session, name)
        players.add_players(session, event, "\n".join([*PUPILS, OBSERVER]))
        players.set_status(session, event, _player(session, event.id, OBSERVER), PlayerStatus.OBSERVER)
        table_service.set_table_count(session, event, TABLES)
        # The organiser seats everyone by hand (a seeded order), so every call seats the same way.
        order = list(PUPILS)
        rng.shuffle(order)
        for place, pupil in enumerate(order):
            players.set_home_table(session, event, _player(session, event.id, pupil),
                                   table_service.get_table(event, place % TABLES + 1))
        number, rule = HOUSE_RULE
        table_service.set_rules(session, event, table_service.get_table(event, number),
                                table_service.get_table(event, number).variant, rule)
        event_id = event.id
    for round_number in range(1, ROUNDS + 1):
        starts, noted, closes = SCHEDULE[round_number]
        _at(starts)
        start_round(app, event_id)
        _at(noted)
        _send_notes(app, event_id, round_number)
        _at(closes - 1)
        for table in range(1, TABLES + 1):
            names = sorted(seated(app, event_id, table))
            record_winner(app, event_id, table, _winners(rng, round_number, table, names))
        _at(closes)
        close_round(app, event_id)
        _at(closes + 1.5)
        if round_number == 1:
            with app.app_context():
                session = db.session()
                event = session.get(Event, event_id)
                midevent.change_status(session, event, _player(session, event_id, WITHDRAWN), PlayerStatus.WITHDRAWN)
        if round_number == CORRECTED[0]:
            _correct(app, event_id, *CORRECTED)
    return event_id
