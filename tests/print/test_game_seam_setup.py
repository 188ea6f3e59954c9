"""Setup and printing read the event's game through the game seam only: a game registered
beside Five Tricks brings its own table sizes, default rules, guide paragraph, templates."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from jinja2 import TemplateNotFound
from markupsafe import Markup

from tournament import db
from tournament.games import Paragraph, TableSizes, game_of, get, register, unregister
from tournament.games.five_tricks import FIVE_TRICKS, FiveTricks
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.models import PlayerStatus
from tournament.services import events, players
from tournament.services import tables as table_service
from tournament.services.guide import guide_sections
from tournament.services.unit_of_work import event_change


class Pairs(FiveTricks):
    """Five Tricks at tables of two, every table on the seed's last sheet, its own guide words."""

    key = "pairs-test"
    title = "Pairs"
    table_sizes = TableSizes(smallest=2, preferred=2, largest=2)
    template_folder: Path | None = None

    settings = replace(FIVE_TRICKS.settings, generator=lambda tables: (SEED_VARIANTS[9],) * tables)

    def guide_paragraphs(self):
        return (Paragraph("Pair winner", "The pair with more tricks wins."),)


@pytest.fixture
def pairs(tmp_path):
    game = Pairs()
    game.template_folder = tmp_path
    (tmp_path / "note.html").write_text("{{ game.title }} at table {{ number }}", encoding="utf-8")
    register(game)
    yield game
    unregister(game.key)


def test_an_event_without_a_game_plays_five_tricks_and_one_with_a_key_plays_that_game(pairs):
    assert game_of(SimpleNamespace()) is FIVE_TRICKS
    assert game_of(SimpleNamespace(game="pairs-test")) is pairs is get("pairs-test")


def test_the_table_plan_takes_the_game_s_table_sizes_and_default_rules(app, pairs):
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Pairs night")
        players.add_players(session, event, "\n".join(f"P{n}" for n in range(7)))
        with event_change(session, event.id) as change:
            change.event.game = pairs.key  # what the stored game column holds
        # A game of one table size always gets equal tables: seven at tables of two leave one over.
        assert table_service.suggested_plan(event) == table_service.suggested_plan(event, even=True)
        assert table_service.suggested_plan(event).sizes == (2, 2, 2)
        plan = table_service.set_table_count(session, event, None, even=True)
        assert plan.sizes == (2, 2, 2) and plan.observers == 1
        assert [t.variant for t in event.tables] == [SEED_VARIANTS[9]] * 3
        assert sum(p.status is PlayerStatus.OBSERVER for p in event.players) == 1


def test_the_guide_tells_the_game_s_own_paragraph_between_the_start_and_the_round(pairs):
    event = SimpleNamespace(game=pairs.key, tables=[1, 2], study_minutes=5, practice_minutes=3, round_minutes=7)
    sections = guide_sections(event)
    headings = [str(section.heading) for section in sections]
    assert headings[2:5] == ["Start", "Pair winner", "Round winner"]
    assert "the rules of Pairs and" in str(sections[0].text)
    five_tricks = guide_sections(SimpleNamespace(tables=[1, 2], study_minutes=5, practice_minutes=3, round_minutes=7))
    assert [str(s.heading) for s in five_tricks][3] == "Game winner"
    assert "rules of Five Tricks" in str(five_tricks[0].text)


def test_a_game_s_templates_are_served_from_its_own_folder_and_nothing_else(app, pairs, tmp_path):
    (tmp_path.parent / "secret.html").write_text("outside", encoding="utf-8")
    with app.test_request_context("/"):  # a sheet's words are translated: they need a page's language
        env = app.jinja_env
        assert env.get_template("games/pairs-test/note.html").render(game=pairs, number=3) == "Pairs at table 3"
        assert "Example trick" in env.get_template(FIVE_TRICKS.rule_sheet_template).render(
            sheet=FIVE_TRICKS.rule_sheet(SEED_VARIANTS[0]), marker=None)
        for name in ("games/pairs-test/../secret.html", "games/chess/note.html", "games/pairs-test/none.html",
                     "games/pairs-test"):
            with pytest.raises(TemplateNotFound):
                env.get_template(name)


def test_suit_symbols_in_a_game_s_summary_are_coloured_and_everything_else_escaped(app):
    suits = app.jinja_env.filters["suits"]
    assert suits("♥ Hearts <b>") == Markup('<span class="suit-hearts">♥</span> Hearts &lt;b&gt;')
    assert suits("Ace low; ♣ and ♦ ♠") == Markup(
        'Ace low; <span class="suit-clubs">♣</span> and <span class="suit-diamonds">♦</span> '
        '<span class="suit-spades">♠</span>')
