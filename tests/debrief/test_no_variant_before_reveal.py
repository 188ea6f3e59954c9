"""Before the reveal no page outside the organiser's shows which table had which rules.

Every public endpoint (where do I sit: pick, seat, seat JSON; every table's phone page; the
projector page, its feed and the debrief fragment at every step) is read during a round and
after the last one, and searched for every table's rules: the game's summary of each table's
variant, a unique house rule set on every table, and the sentences of each table's rule sheet
that no other table's sheet has. After the reveal, the fragment of the step whose view reveals
the rules shows them: so the search can find them when they are there."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from sqlalchemy import select

from tests.debrief.frame_views import NAMES
from tests.room.conftest import close_round, record_winner, seated, start_round
from tournament import db
from tournament.games import game_of
from tournament.games import settings as declared
from tournament.i18n import translate
from tournament.models import Event, Player
from tournament.services import events, players, tables
from tournament.services.debrief.steps import DEFAULT_STEPS

RULES_STEP = next(i for i, step in enumerate(DEFAULT_STEPS) if step.view == "rules")


class _SheetSentences(HTMLParser):
    """The text a reader of a sheet sees, piece by piece (a sheet keeps every other table's
    wordings in hidden boxes, to hold one layout: those are not this sheet's rules)."""

    VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "col", "source", "wbr", "area", "base"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hidden = 0
        self.found: set[str] = set()

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        if self.hidden or ("aria-hidden", "true") in attrs:
            self.hidden += 1

    def handle_endtag(self, tag):
        if self.hidden and tag not in self.VOID:
            self.hidden -= 1

    def handle_data(self, data):
        text = " ".join(data.split())
        if not self.hidden and len(text) >= 12:
            self.found.add(text)


def sheet_sentences(html: str) -> set[str]:
    reader = _SheetSentences()
    reader.feed(html)
    return reader.found


def variant_texts(app, organiser, event_id: int) -> set[str]:
    """Every table's rules as words: its summary, its house rule, and its sheet's own sentences."""
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        game = game_of(event)
        with app.test_request_context("/"):
            summaries = {translate(declared.summary(game.settings, t.variant), event.language) for t in event.tables}
        rules = {t.house_rule for t in event.tables}
        numbers = [t.number for t in event.tables]
    sheets = [sheet_sentences(organiser.get(f"/events/{event_id}/print/preview?table={n}").get_data(as_text=True))
              for n in numbers]
    common = set.intersection(*sheets)
    own = set().union(*(sheet - common for sheet in sheets))
    assert all(sheet - common for sheet in sheets), "every table's sheet says something no other sheet says"
    return summaries | rules | own


def public_pages(app, event_id: int) -> dict[str, str]:
    """Every public page of the event as an anonymous visitor reads it."""
    anonymous = app.test_client()
    with app.app_context():
        event = db.session().get(Event, event_id)
        public, projector = event.public_token, event.projector_token
        tables = [t.token for t in event.tables]
        players = list(db.session().scalars(select(Player.id).where(Player.event_id == event_id)))
    paths = [f"/s/{public}", f"/p/{projector}", f"/p/{projector}/feed.json", f"/p/{projector}/debrief"]
    paths += [f"/t/{token}" for token in tables]
    paths += [f"/s/{public}/{player}" for player in players] + [f"/s/{public}/{player}.json" for player in players]
    pages = {}
    for path in paths:
        response = anonymous.get(path)
        assert response.status_code == 200, path
        pages[path] = response.get_data(as_text=True)
    return pages


def leaks(pages: dict[str, str], secrets: set[str]) -> list[str]:
    import html
    import json

    found = []
    for path, body in pages.items():
        readable = html.unescape(body)
        if path.endswith(".json"):
            readable = json.dumps(json.loads(body), ensure_ascii=False)
        found += [f"{path}: {secret!r}" for secret in secrets if secret in readable or secret in body]
    return found


def set_wall(app, event_id: int, step: int | None) -> None:
    """Put a step on the wall directly, as no page can (stepping onto the rules reveals them):
    the wall must hold the rules back by itself."""
    with app.app_context():
        db.session().get(Event, event_id).debrief_step = step
        db.session().commit()


@pytest.mark.parametrize("game", ["five-tricks", "elevator"])
def test_no_public_page_shows_any_tables_rules_before_the_reveal(app, organiser, monkeypatch, game):
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Class 9B", game=game)
        players.add_players(session, event, "\n".join(NAMES))
        tables.set_table_count(session, event, 3)
        event_id = event.id
        for table in event.tables:
            table.house_rule = f"Canary rule {table.number} zq{table.number}x"
        session.commit()
    secrets = variant_texts(app, organiser, event_id)
    assert len(secrets) >= 9

    assert not leaks(public_pages(app, event_id), secrets), "before the tournament"
    start_round(app, event_id)
    for table in (1, 2, 3):
        at = sorted(seated(app, event_id, table))
        record_winner(app, event_id, table, [at[0]])
    assert not leaks(public_pages(app, event_id), secrets), "during a round"
    close_round(app, event_id)
    assert not leaks(public_pages(app, event_id), secrets), "after the last round"
    for step in range(len(DEFAULT_STEPS)):
        set_wall(app, event_id, step)
        assert not leaks(public_pages(app, event_id), secrets), f"debrief step {step + 1}"

    # The reveal: the step whose view shows the rules now shows them, so the search finds them.
    organiser.post(f"/events/{event_id}/debrief/step", data={"step": RULES_STEP + 1})
    with app.app_context():
        assert db.session().get(Event, event_id).debrief_revealed_at is not None
    found = leaks(public_pages(app, event_id), secrets)
    assert any("/debrief:" in line and "Canary rule 1 zq1x" in line for line in found), found


def test_anonymous_requests_cannot_step_the_debrief_or_reveal_the_rules(app, views, ended):
    anonymous = app.test_client()
    for path, data in [("step", {"step": RULES_STEP + 1}), ("reveal", {}), ("stop", {}), ("hide", {}),
                       ("steps/default", {})]:
        answer = anonymous.post(f"/events/{ended}/debrief/{path}", data=data)
        assert answer.status_code == 302 and "/login" in answer.headers["Location"], path
    with app.app_context():
        event = db.session().get(Event, ended)
        assert event.debrief_revealed_at is None and event.debrief_step is None


def test_stepping_onto_a_step_whose_view_reveals_reveals_the_rules_on_the_wall(app, views, organiser, ended):
    with app.app_context():
        token = db.session().get(Event, ended).projector_token
    organiser.post(f"/events/{ended}/debrief/step", data={"step": RULES_STEP + 1})
    wall = app.test_client().get(f"/p/{token}/debrief").get_data(as_text=True)
    assert "Canary rule 2 zq2x" in wall
