"""An event played through the organiser's pages, for export, import, backups and duplicates."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import func, select

from tests.app.helpers import player_ids, seating, winners_form
from tests.conftest import log_in_organiser, make_app, setup_event
from tournament import db
from tournament.games import register, unregister
from tournament.games.five_tricks import FiveTricks
from tournament.models import AuditEntry, Event, Game, GameResult, Player, Round, Seat, SeatingWish, Table
from tournament.services import transfer

# Accents, case and markup on purpose: the file must carry names exactly.
NAMES = ["Ána", "<b>Ben</b>", "Cleo", "Dan", "Émile", "Fay", "Gus", "Hal", "Ivo", "Jo"]


def at_table(app, event_id: int, number: int, table: int) -> list[str]:
    return sorted(name for name, t in seating(app, event_id, number).items() if t == table)


def play_round(app, client, event_id: int, number: int, *, tricks: bool = False) -> None:
    """Start the round, record three games at each table (with trick counts when asked), close it."""
    assert client.post(f"/events/{event_id}/rounds/start").status_code == 302
    for table in (1, 2):
        seated = at_table(app, event_id, number, table)
        counts = [{seated[0]: 3, seated[1]: 1}, {seated[1]: 2, seated[2]: 2}] if tricks else None
        form = winners_form(app, event_id, ["", "", seated[-1]] if tricks else [seated[0], seated[1], seated[0]],
                            tricks=counts)
        response = client.post(f"/events/{event_id}/rounds/{number}/tables/{table}", data=form)
        assert response.status_code == 302, response.get_data(as_text=True)
    assert client.post(f"/events/{event_id}/rounds/{number}/close").status_code == 302


def play_event(app, client) -> int:
    """Two tables; one observer and one withdrawn player; two closed rounds (one with trick
    counts), a manual seat change, and round 3 planned. Returns the event id."""
    event_id = setup_event(app, NAMES, tables=2)
    ids = player_ids(app, event_id)
    assert client.post(f"/events/{event_id}/players/{ids['Ivo']}/status/observer").status_code == 302
    assert client.post(f"/events/{event_id}/players/{ids['Jo']}/status/withdrawn").status_code == 302
    play_round(app, client, event_id, 1)
    mover = at_table(app, event_id, 2, 1)[0]
    client.post(f"/events/{event_id}/rounds/2/seats", data={"player": ids[mover], "table": 2})
    play_round(app, client, event_id, 2, tricks=True)
    return event_id


@pytest.fixture
def played(app, organiser) -> int:
    """The event of `play_event`, played through the organiser's pages in this test's database."""
    return play_event(app, organiser)


@pytest.fixture(scope="module")
def played_file(tmp_path_factory, pg_schema) -> bytes:
    """`play_event`'s export, played once per module in an app of its own."""
    app = make_app(tmp_path_factory.mktemp("played"))
    try:
        client = log_in_organiser(app, app.test_client())
        event_id = play_event(app, client)
        return client.get(f"/events/{event_id}/export.json").get_data()
    finally:
        app.extensions["db_engine"].dispose()


@pytest.fixture
def imported(app, played_file) -> int:
    """The played event in this test's database, imported from its file: for tests that only need
    a database holding it, far quicker than playing it again."""
    with app.app_context():
        return transfer.import_bytes(db.session(), played_file).id


MODELS = (Event, Table, Player, Round, Seat, Game, GameResult, AuditEntry, SeatingWish)


def row_counts(app) -> dict[str, int]:
    """How many rows each table holds: a refused file must leave these unchanged."""
    with app.app_context():
        session = db.session()
        return {m.__name__: session.scalar(select(func.count()).select_from(m)) for m in MODELS}


class _SameRulesOtherKey(FiveTricks):
    """A second game for the file to name: Five Tricks' rules under another key."""

    key = "five-tricks-test-copy"
    title = "Five Tricks (test copy)"


@pytest.fixture
def second_game():
    game = register(_SameRulesOtherKey())
    yield game
    unregister(game.key)



def shown(page: str) -> str:
    """The page's text as read: entities decoded, and the isolates round a quoted value dropped."""
    return html.unescape(re.sub(r"</?bdi>", "", page))
