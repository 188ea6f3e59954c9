"""Views registered for the frame's own tests: the real keys of two steps ("rules", which
reveals the tables' rules, and "journeys", which does not), drawn by tiny test partials.

The frame knows nothing of the real views; these stand in for them so the wall, the desk,
the summary, the CSV route and the reveal gate can be tested with views registered."""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import ChoiceLoader, DictLoader
from sqlalchemy import select

from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, seated, start_round
from tournament import db
from tournament.core.i18n import Text
from tournament.games import game_of
from tournament.games import settings as declared
from tournament.models import Event, Player, Table
from tournament.services import accounts, debrief


@dataclass(frozen=True)
class TablesRules:
    tables: tuple[tuple[int, Text, str | None], ...]


@dataclass(frozen=True)
class Players:
    names: tuple[str, ...]


def build_rules(session, event) -> TablesRules:
    game = game_of(event)
    tables = session.scalars(select(Table).where(Table.event_id == event.id).order_by(Table.number))
    return TablesRules(tuple((t.number, declared.summary(game.settings, t.variant), t.house_rule) for t in tables))


def rules_csv(view: TablesRules):
    return ["table", "rules", "house_rule"], [[n, str(summary), rule or ""] for n, summary, rule in view.tables]


def build_players(session, event) -> Players:
    return Players(tuple(session.scalars(select(Player.name).where(Player.event_id == event.id).order_by(Player.name))))


TEMPLATES = {
    "debrief/_test_rules.html": (
        '<ul class="test-rules">{% for number, summary, rule in view.tables %}'
        '<li id="debrief-rules-{{ number }}">{{ number }}: {{ summary|t }}{% if rule %} · {{ rule }}{% endif %}</li>'
        '{% endfor %}</ul>'),
    "debrief/_test_players.html": (
        '<ol class="test-players">{% for name in view.names %}<li>{{ name }}</li>{% endfor %}</ol>'),
    "debrief/_test_players_controls.html": '<p class="test-controls">{{ view.names|length }}</p>',
}

RULES = debrief.View(key="rules", label=Text("Every table's rules"), build=build_rules,
                     template="debrief/_test_rules.html", reveals=True, csv_table=rules_csv)
PLAYERS = debrief.View(key="journeys", label=Text("What happened?"), build=build_players,
                       template="debrief/_test_players.html", controls="debrief/_test_players_controls.html")


def register(app, monkeypatch, *views: debrief.View) -> None:
    """Register ``views`` (default: both) for this test, their partials beside the app's."""
    monkeypatch.setattr(debrief, "VIEWS", views or (PLAYERS, RULES))
    app.jinja_env.loader = ChoiceLoader([DictLoader(TEMPLATES), app.jinja_env.loader])


NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana", "<b>Ivo</b>"]


def ended_event(app, names=NAMES, tables: int = 3, rounds: int = 2) -> int:
    """An event played to its end (``rounds`` closed rounds) with a unique canary house rule
    at every table, and an organiser account "teacher"."""
    event_id = setup_event(app, names, tables=tables)
    with app.app_context():
        session = db.session()
        if not accounts.has_organiser(session):
            accounts.set_organiser(session, "teacher", "correct horse")
        for table in session.get(Event, event_id).tables:
            table.house_rule = f"Canary rule {table.number} zq{table.number}x"
        session.commit()
    for _ in range(rounds):
        start_round(app, event_id)
        for table in range(1, tables + 1):
            at = sorted(seated(app, event_id, table))
            record_winner(app, event_id, table, [at[0], at[-1], at[0]])
        close_round(app, event_id)
    return event_id
