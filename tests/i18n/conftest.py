"""An app whose only catalogue is the pseudo-translation (tests/i18n/pseudo.py) as German, and a
world to look at in it: an event after a closed round with round 2 running, a Euchre event mid-round,
and one event per other game: Elevator's round 1 closed (round 2 planned, not started), the others
with their tables planned; Elevator UP's language is English (its sheets are asked for in another)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import pytest

from tests.i18n.pseudo import write_pseudo_translations
from tests.room.conftest import close_round, record_winner, seated, start_round, tokens
from tournament import create_app, db
from tournament.models import Base, Event, Organiser
from tournament.services import accounts, events, players
from tournament.services import tables as table_service

PSEUDO_LANG = "de"
NAMES = ["Alejandra", "Bartholomew", "Chiamaka", "Dmitri", "Eleanor", "Fitzgerald", "Giulia", "Hiroshi",
         "Ingrid", "Jean-Baptiste", "Kwame", "Ludmila"]
EUCHRE_NAMES = ["Oluwaseun", "Priyanka", "Quentin", "Rosalind", "Svetlana", "Tadeusz", "Ulrike", "Valentina"]
# Game key -> event name.
OTHER_GAMES = {"elbows-up": "Friday club", "elevator": "Lunch league", "elevator-up": "Parents evening"}
MAIN_EVENT, EUCHRE_EVENT = "Class 9B", "Euchre night"


@dataclass
class World:
    """Ids and tokens of what the pages show."""
    main: int
    euchre: int
    others: dict[str, int]               # game key -> event id
    links: dict                          # the main event's tokens (tests.room.conftest.tokens)
    euchre_links: dict
    between_links: dict                  # the Elevator event's, between rounds
    player_id: int
    organiser_id: int
    words: set[str] = field(default_factory=set)   # names on the pages, never translated
    first_visit: str = ""                # the account set-up page, shown before any account exists
    observer_links: dict = field(default_factory=dict)  # the Elbows Up! event's, one player observing
    observer_id: int = 0


def _event(session, name: str, names: list[str], game: str, tables: int, language: str = PSEUDO_LANG) -> Event:
    event = events.create_event(session, name, game=game)
    players.add_players(session, event, "\n".join(names))
    table_service.set_table_count(session, event, tables)
    events.set_language(session, event.id, language)  # the projector, sheets and a phone without a choice follow it
    return event


@pytest.fixture(scope="module")
def pseudo_app(tmp_path_factory):
    """The app reading its catalogues from a folder holding only the pseudo-German one. Its own
    SQLite database: the check reads words on pages, not the database's behaviour."""
    root = tmp_path_factory.mktemp("pseudo")
    os.environ["TOURNAMENT_INSTANCE_PATH"] = str(root / "instance")
    try:
        app = create_app({
            "TESTING": True, "SECRET_KEY": "pseudo", "WTF_CSRF_ENABLED": False,
            "DATABASE_URL": f"sqlite:///{root / 'pseudo.sqlite3'}",
            "BABEL_TRANSLATION_DIRECTORIES": str(write_pseudo_translations(root / "translations", PSEUDO_LANG)),
        })
    finally:
        del os.environ["TOURNAMENT_INSTANCE_PATH"]
    Base.metadata.create_all(app.extensions["db_engine"])
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture(scope="module")
def world(pseudo_app) -> World:
    app = pseudo_app
    with app.app_context():
        session = db.session()
        main = _event(session, MAIN_EVENT, NAMES, "five-tricks", 3).id
        euchre = _event(session, EUCHRE_EVENT, EUCHRE_NAMES, "euchre", 2).id
        others = {game: _event(session, name, NAMES[:8], game, 2, "en" if game == "elevator-up" else PSEUDO_LANG).id
                  for game, name in OTHER_GAMES.items()}
    start_round(app, main)
    for table in (1, 2, 3):
        names = sorted(seated(app, main, table))
        record_winner(app, main, table, [names[0], names[1], names[0]])
    close_round(app, main)
    start_round(app, main)
    record_winner(app, main, 1, [sorted(seated(app, main, 1))[0]])
    start_round(app, euchre)
    with app.app_context():  # Euchre's wall shows the debrief's second step (its first with a view)
        db.session().get(Event, euchre).debrief_step = 1
        db.session().commit()
    between = others["elevator"]
    start_round(app, between)
    record_winner(app, between, 1, [sorted(seated(app, between, 1))[0]])
    close_round(app, between)
    first_visit = app.test_client().get("/setup", headers={"Accept-Language": PSEUDO_LANG})
    assert first_visit.status_code == 200
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        organiser_id = session.query(Organiser).one().id
        player_id = session.get(Event, main).players[0].id
    between_links = tokens(app, between)
    observer_id = _notes(app, main, others["elbows-up"])
    words = {*NAMES, *EUCHRE_NAMES, MAIN_EVENT, EUCHRE_EVENT, *OTHER_GAMES.values(), "teacher", *NOTE_TEXTS}
    return World(main, euchre, others, tokens(app, main), tokens(app, euchre), between_links, player_id, organiser_id,
                 words, first_visit.get_data(as_text=True), tokens(app, others["elbows-up"]), observer_id)


NOTE_TEXTS = ("Ana played a two", "Nobody spoke")  # typed by people: shown as typed


def _notes(app, main: int, watched: int) -> int:
    """Notes in the main event (one of them hidden, one an observer's), and an observer in the
    event `watched` (no round yet), whose page carries the note form. Returns that observer's id."""
    from tournament.models import PlayerStatus
    from tournament.services import notes

    with app.app_context():
        session = db.session()
        event = session.get(Event, main)
        notes.send_note(session, event, source="table", table_number=1, author="", flag="disagreed",
                        text=NOTE_TEXTS[0], nonce=None)
        notes.send_note(session, event, source="observer", table_number=2, author=NAMES[0], flag="realised",
                        text=NOTE_TEXTS[1], nonce=None)
        hidden = notes.send_note(session, event, source="table", table_number=3, author="", flag="fun", text=None,
                                 nonce=None)
        notes.hide_note(session, event, hidden.note.id)
        other = session.get(Event, watched)
        observer = other.players[0]
        players.set_status(session, other, observer, PlayerStatus.OBSERVER)
        return observer.id


@pytest.fixture(scope="module")
def first_visit(world) -> str:
    return world.first_visit
