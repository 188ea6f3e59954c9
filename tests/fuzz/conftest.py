"""The fuzzing ground: two events in every state a form can meet, a fingerprint of the whole
database to prove a refused request changed nothing, and a reset between examples so that an
accepted request (a deleted event, a new round) does not steer the examples after it."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from urllib.parse import quote_from_bytes

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tournament import db
from tournament.blueprints.service_config import backup_store
from tournament.models import Base, Event, Organiser
from tournament.services import rounds
from tournament.services.games import GameEntry, record_games
from tournament.services.round_data import load_round

# Markup in names on purpose: every page that echoes a refused value also renders these.
NAMES_A = ["Ana", "<b>Ben</b>", "Cleo", "Dan", "Émile", "Fay", "Gus", "Hal", "Ivo", "Jo"]
NAMES_B = ["Kim", "Lou", "Max", "Nia", "Oli", "Pia", "Quin", "Rui"]


@dataclass
class World:
    """Event A: round 1 closed (with games and a backup), round 2 planned.
    Event B: round 1 running with one game recorded. Ids of both, to mix them up."""

    a: int
    b: int
    player_ids: dict[int, list[int]] = field(default_factory=dict)
    table_tokens: dict[int, list[str]] = field(default_factory=dict)
    projector_tokens: dict[int, str] = field(default_factory=dict)
    public_tokens: dict[int, str] = field(default_factory=dict)
    backup_names: list[str] = field(default_factory=list)
    organiser_id: int = 0
    rows: dict[str, list[tuple]] = field(default_factory=dict)

    def seated_at_first_table(self, event_id: int) -> int:
        """A player of `event_id`'s first round at its table 1: the one whose score a form reads."""
        table_id = next(t[0] for t in self.rows["tables"] if t[1] == event_id and t[2] == 1)
        first_round = min(r[0] for r in self.rows["rounds"] if r[1] == event_id)
        return next(s[2] for s in self.rows["seats"] if s[1] == first_round and s[3] == table_id)


def _play_first_game(session, event, number: int) -> None:
    data = load_round(session, event, number)
    for table in data.tables:
        seated = sorted(data.seated_at(table), key=lambda p: p.name)
        if seated:
            record_games(session, data, table, [GameEntry(1, None, frozenset({seated[0].id}), None)])


def build_world(app) -> World:
    from tournament.services import accounts

    a = setup_event(app, NAMES_A, tables=3, name="Event <i>A</i>")
    b = setup_event(app, NAMES_B, tables=2, name="Event B")
    with app.app_context():
        session = db.session()
        accounts.set_organiser(session, "teacher", "correct horse")
        event_a, event_b = session.get(Event, a), session.get(Event, b)
        rounds.start_round(session, event_a)
        _play_first_game(session, event_a, 1)
        rounds.close(session, event_a, 1)
        backup = backup_store(app).write(session, event_a)
        rounds.start_round(session, event_b)
        _play_first_game(session, event_b, 1)
        world = World(a=a, b=b, backup_names=[backup.name],
                      organiser_id=session.scalar(select(Organiser.id)))
        for event in (event_a, event_b):
            session.refresh(event)
            world.player_ids[event.id] = [p.id for p in event.players]
            world.table_tokens[event.id] = [t.token for t in event.tables]
            world.projector_tokens[event.id] = event.projector_token
            world.public_tokens[event.id] = event.public_token
    world.rows = dump(app)
    return world


# Rate limits count refused requests too (that is what they are for). Their counts are no
# tournament data: the comparison leaves them out, and every reset empties them.
NOT_COMPARED = frozenset({"throttle_counts"})


def dump(app) -> dict[str, list[tuple]]:
    """Every row of every table but NOT_COMPARED, in primary-key order."""
    engine = app.extensions["db_engine"]
    with engine.connect() as connection:
        return {
            table.name: [tuple(row) for row in connection.execute(
                select(table).order_by(*table.primary_key.columns))]
            for table in Base.metadata.sorted_tables if table.name not in NOT_COMPARED
        }


def fingerprint(app) -> dict[str, tuple[int, str]]:
    """Per table: row count and a hash of its content."""
    return {name: (len(rows), hashlib.sha256(repr(rows).encode()).hexdigest())
            for name, rows in dump(app).items()}


def restore(app, world: World) -> None:
    """Put back exactly the rows of `world` (ids included) on SQLite and PostgreSQL alike."""
    engine = app.extensions["db_engine"]
    tables = Base.metadata.sorted_tables
    with engine.begin() as connection:
        for table in reversed(tables):
            connection.execute(table.delete())
        for table in tables:
            rows = world.rows.get(table.name)
            if rows:
                keys = [c.key for c in table.columns]
                connection.execute(table.insert(), [dict(zip(keys, row, strict=True)) for row in rows])


@pytest.fixture
def world(app) -> World:
    return build_world(app)


def valid_url(rule, world: World) -> str:
    """The rule filled in with values that reach the view's body (event A, round 1, table 1)."""
    blueprint = rule.endpoint.split(".")[0]
    token = {"projector": world.projector_tokens[world.a], "public": world.public_tokens[world.a],
             "table": world.table_tokens[world.b][0]}.get(blueprint, "x")
    values = {"event_id": world.a, "number": 1, "table_number": 1, "player_id": world.player_ids[world.a][0],
              "account_id": world.organiser_id,
              "token": token, "name": world.backup_names[0], "filename": "app.css", "status": "observer",
              "action": "pause", "game": 1, "code": "de", "note_id": 1, "key": "rules", "wish_id": 1,
              "ticket": "x"}
    return re.sub(r"<(?:[^:>]+:)?([a-z_]+)>", lambda m: str(values[m[1]]), rule.rule)


def encode_form(fields: list[tuple[str, str]]) -> bytes:
    """A urlencoded body that can carry what a browser never sends: lone surrogates, NUL."""
    def enc(text: str) -> str:
        return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")

    return "&".join(f"{enc(k)}={enc(v)}" for k, v in fields).encode("ascii")


class Probe:
    """Sends one request as the logged-in organiser (or anonymously) and checks the rules:
    never a 5xx, and a 4xx leaves every table exactly as it was."""

    def __init__(self, app, world: World):
        self.app = app
        self.world = world
        self.clean = fingerprint(app)

    def client(self, logged_in: bool = True):
        client = self.app.test_client()
        if logged_in:
            with client.session_transaction() as session:
                session["organiser_id"] = self.world.organiser_id
        return client

    def cookie_client(self, cookie: str, logged_in: bool):
        """A client sending `cookie` as its Cookie header, word for word. The test client's
        cookie jar would replace that header (and drops it when the jar is empty), so the jar is
        off and a login's session cookie is signed here and put first."""
        client = self.app.test_client(use_cookies=False)
        if logged_in:
            signed = self.app.session_interface.get_signing_serializer(self.app).dumps(
                {"organiser_id": self.world.organiser_id})
            cookie = f"{self.app.config['SESSION_COOKIE_NAME']}={signed}; {cookie}"
        return client, {"Cookie": cookie}

    def check(self, response, what: str, read_only: bool = False) -> None:
        status = response.status_code
        assert status < 500, f"{what} -> {status}\n{response.get_data(as_text=True)[:2000]}"
        after = fingerprint(self.app)
        if read_only or 400 <= status < 500:
            changed = sorted(k for k in after if after[k] != self.clean[k])
            assert not changed, f"{what} was refused with {status} but changed {changed}"
        if after != self.clean:
            restore(self.app, self.world)
            assert fingerprint(self.app) == self.clean

    def _client(self, logged_in: bool, cookie: str | None, headers: dict | None) -> tuple:
        if cookie is None:
            return self.client(logged_in), dict(headers or {})
        client, cookie_headers = self.cookie_client(cookie, logged_in)
        return client, {**(headers or {}), **cookie_headers}

    def post(self, url: str, fields: list[tuple[str, str]], *, logged_in: bool = True, query: str = "",
             cookie: str | None = None):
        client, headers = self._client(logged_in, cookie, None)
        response = client.post(url + query, data=encode_form(fields), headers=headers,
                               content_type="application/x-www-form-urlencoded")
        self.check(response, f"POST {url}{query} {fields!r} {headers or ''}"[:3000])
        return response

    def send(self, method: str, url: str, *, logged_in: bool = True, **kwargs):
        response = self.client(logged_in).open(url, method=method, **kwargs)
        self.check(response, f"{method} {url} {kwargs!r}"[:3000])
        return response

    def get(self, url: str, *, logged_in: bool = True, headers=None, cookie: str | None = None):
        """A GET must never change anything, whatever it answers."""
        client, headers = self._client(logged_in, cookie, headers)
        response = client.get(url, headers=headers)
        self.check(response, f"GET {url} {headers or ''}"[:3000], read_only=True)
        return response


@pytest.fixture
def probe(app, world) -> Probe:
    return Probe(app, world)
