"""An event with a running round at three tables of three, and a table's phone that sends results
and answers the table's question, as the phone pages do."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from tests.conftest import setup_event
from tests.room.conftest import seated, start_round, tokens
from tests.scorer.conftest import highest_card  # noqa: F401  (the test game with a scorer, as a fixture)
from tournament import db
from tournament.models import AuditEntry, DebriefNote, Event, Game, TableAgreement

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "Ivo"]


def running_event(app, policy: TableAgreement = TableAgreement.ASK, game: str | None = None) -> int:
    from tournament.services import events

    event_id = setup_event(app, NAMES, tables=3) if game is None else _event_of(app, game)
    if policy is not TableAgreement.ASK:
        with app.app_context():
            session = db.session()
            event = session.get(Event, event_id)
            events.update_event(session, event, event.name, event.round_minutes, table_agreement=policy)
    start_round(app, event_id)
    return event_id


def _event_of(app, game: str) -> int:
    from tournament.services import events, players
    from tournament.services import tables as table_service

    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Class 9B", game=game)
        players.add_players(session, event, "\n".join(NAMES[:8]))
        table_service.set_table_count(session, event, 2)
        return event.id


def send(phone, app, event_id: int, table: int, games: dict[int, str], scores: dict[int, dict[str, int]] | None = None,
         version: dict[int, int] | None = None):
    """The table's phone sends games (number -> winner's name), as its results form does."""
    everyone_here(phone, app, event_id, table)
    ids = seated(app, event_id, table)
    data = {"round": str(_running_number(app, event_id))}
    for index, (number, winner) in enumerate(sorted(games.items())):
        data[f"games-{index}-number"] = str(number)
        data[f"games-{index}-version"] = str((version or {}).get(number, ""))
        data[f"games-{index}-winner"] = str(ids[winner]) if winner else ""
        for name, count in ((scores or {}).get(number) or {}).items():
            data[f"games-{index}-s{ids[name]}"] = str(count)
    return phone.post(f"/t/{tokens(app, event_id)[table]}", data=data, follow_redirects=True)


def everyone_here(phone, app, event_id: int, table: int) -> None:
    """The table answers the round's first question ("Who is at table 1?"): everyone is here."""
    url = f"/t/{tokens(app, event_id)[table]}"
    if f'action="{url}/presence"' in phone.get(url).get_data(as_text=True):
        phone.post(f"{url}/presence", data={"round": str(_running_number(app, event_id)), "everyone": "1"})


def _running_number(app, event_id: int) -> int:
    from tournament.services.latest_round import latest_round

    with app.app_context():
        session = db.session()
        return latest_round(session, session.get(Event, event_id)).number


def question(page_html: str, number: int) -> dict[str, str]:
    """The hidden fields of game ``number``'s question on a phone page."""
    form = re.search(rf'<form method="post" action="[^"]*/games/{number}/agree"[^>]*>(.*?)</form>', page_html, re.S)
    assert form is not None, f"no question for game {number}"
    return dict(re.findall(r'<input name="(round|version|back)" type="hidden" value="([^"]*)"', form.group(1)))


def answer(phone, app, event_id: int, table: int, number: int, agree: bool, fields: dict[str, str] | None = None):
    """A player taps "We agree" or "We don't" on the question the table's page shows now."""
    url = f"/t/{tokens(app, event_id)[table]}"
    if fields is None:
        fields = question(phone.get(url).get_data(as_text=True), number)
    return phone.post(f"{url}/games/{number}/agree", data={**fields, "answer": "yes" if agree else "no"},
                      follow_redirects=True)


def agreement_of(app, event_id: int, table: int, number: int):
    from tournament.models import Round, Table

    with app.app_context():
        return db.session().scalar(
            select(Game.agreement).join(Table, Table.id == Game.table_id).join(Round, Round.id == Game.round_id)
            .where(Round.event_id == event_id, Table.number == table, Game.number == number)
            .order_by(Round.number.desc()).limit(1))


def audit_actions(app, event_id: int) -> list[tuple[str, str, str]]:
    with app.app_context():
        return [(a.actor, a.action, a.subject) for a in db.session().scalars(
            select(AuditEntry).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id))]


def notes_of(app, event_id: int) -> list[tuple[str | None, str | None, int | None]]:
    with app.app_context():
        return [(n.flag, n.text, n.table_number) for n in db.session().scalars(
            select(DebriefNote).where(DebriefNote.event_id == event_id).order_by(DebriefNote.id))]


@pytest.fixture
def phone(app):
    return app.test_client()
