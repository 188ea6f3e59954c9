"""The rules view: every table's settings side by side, exactly the differing rows marked,
every game stating its settings, and the partials drawn safely in the three wrappers."""

from __future__ import annotations

import pytest
from flask import render_template_string

from tests.conftest import setup_event
from tests.corpus.names import CORPUS, Accepted
from tests.debrief.conftest import statements_of
from tests.games.highest_card import HIGHEST_CARD
from tournament import db
from tournament.games import Setting, get
from tournament.games import settings as declared
from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.variants import SEED_VARIANTS
from tournament.models import Event
from tournament.services.debrief import rules as rules_view
from tournament.services.debrief import trick as trick_view

NAMES = [f"Player {n:02}" for n in range(40)]
WRAPPERS = ("wall", "desk", "paper")


@pytest.mark.parametrize("key", ["five-tricks", "euchre", "elbows-up", "elevator", "elevator-up", "highest-card"])
def test_every_game_states_its_variant_as_the_same_settings_in_the_same_order(key):
    game = HIGHEST_CARD if key == HIGHEST_CARD.key else get(key)
    variants = declared.default_variants(game.settings, 8)
    keys = {tuple(setting.key for setting in declared.compared(game.settings, variant)) for variant in variants}
    assert len(keys) == 1 and next(iter(keys))
    for variant in variants:
        settings = declared.compared(game.settings, variant)
        assert all(isinstance(setting, Setting) and str(setting.label) and str(setting.value) for setting in settings)
    # Two variants play alike exactly when every code agrees (Five Tricks without trumps plays
    # alike whether or not trumps may come any time: its code says "none" for both).
    for first in variants:
        for second in variants:
            same = all(a.code == b.code for a, b in zip(declared.compared(game.settings, first),
                                                        declared.compared(game.settings, second),
                                                         strict=True))
            alike = first == second or (key == "five-tricks" and first.trump is None is second.trump
                                        and (first.ace, first.wins) == (second.ace, second.wins))
            assert same == alike


def test_five_tricks_settings_use_the_summary_words_and_say_which_suit_is_trumps():
    game = get("five-tricks")
    settings = {s.key: s for s in declared.compared(game.settings, SEED_VARIANTS[0])}
    assert str(settings["ace"].value) == "Ace low" and str(settings["wins"].value) == "lowest card wins"
    assert str(settings["trump"].value) == "Hearts (♥) are trumps." and settings["trump"].code == Suit.HEARTS.value
    assert settings["trump_any_time"].code == "no"


def test_the_rules_view_marks_exactly_the_settings_that_differ(app):
    with app.test_request_context("/"):
        session = db.session()
        event = session.get(Event, setup_event(app, NAMES[:12], tables=3))
        # Seed tables 1, 2, 3: ace, wins and trump differ; trump any time is "no" everywhere.
        view = rules_view.build(session, event)
        assert [row.key for row in view.rows if row.differs] == ["ace", "wins", "trump"]
        page = render_template_string('{% include "debrief/_rules.html" %}', view=view, event=event)
        assert page.count('<tr class="differs">') == 3 and page.count('<tr class="same">') == 1
        assert page.count("≠</span> ") == 3 + 3 + 1  # the rows, the wall's columns, the legend
        assert [cell.group for cell in view.rows[0].cells] == [0, 1, 0]
        assert [str(column.label) for column in view.columns] == ["Table 1", "Table 2", "Table 3"]
        event.tables[1].house_rule = "Stand up to play"
        view = rules_view.build(session, event)
        assert view.rows[-1].key == "house_rule" and view.rows[-1].differs
        assert [str(cell.value) for cell in view.rows[-1].cells] == ["—", "Stand up to play", "—"]


def test_more_than_ten_tables_share_a_column_when_their_rules_are_the_same(app):
    with app.app_context():
        session = db.session()
        event = session.get(Event, setup_event(app, [f"P{n:02}" for n in range(48)], tables=12))
        event.tables[10].variant_data = dict(event.tables[0].variant_data)  # table 11 plays table 1's rules
        view = rules_view.build(session, event)
        assert view.grouped and sum(len(column.numbers) for column in view.columns) == 12
        labels = [str(column.label) for column in view.columns]
        assert labels[0] == "Tables 1, 11" and len(labels) == 11


def test_the_rules_view_reads_the_same_number_of_statements_for_3_and_30_tables(app):
    counts = []
    for tables in (3, 30):
        event_id = setup_event(app, [f"P{n:03}" for n in range(tables * 4)], tables=tables)
        counts.append(statements_of(app, rules_view.build, event_id))
    assert counts[0] == counts[1] == 1


HOSTILE = [entry.stored for _raw, entry in CORPUS.values() if isinstance(entry, Accepted)][:40]


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_both_partials_render_in_every_wrapper_with_hostile_house_rules_escaped(app, wrapper):
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        session = db.session()
        event = session.get(Event, setup_event(app, NAMES[:40], tables=10, name="<b>x</b>"))
        for table, text in zip(event.tables, [*HOSTILE[:9], "<script>alert(1)</script>"], strict=True):
            table.house_rule = text[:120]
        session.commit()
        page = render_template_string(
            f'<div class="debrief {wrapper}">{{% include "debrief/_rules.html" %}}'
            '{% with view=trick %}{% include "debrief/_trick.html" %}{% endwith %}</div>',
            view=rules_view.build(session, event), trick=trick_view.build(session, event), event=event)
        assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "Hausregel" in page and "Von der App vorgeschlagen" in page
        assert page.count('id="debrief-rules-view"') == 1 and page.count('id="debrief-trick-view"') == 1
        assert "style=" not in page and "<script" not in page


def test_the_trick_controls_refuse_a_bad_card_beside_the_field_and_change_nothing(app, organiser):
    event_id = setup_event(app, NAMES[:12], tables=3)
    refused = organiser.post(f"/events/{event_id}/debrief/trick", data={"cards": "7h 9z <b>"})
    body = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "“9z” is not a card of this game" in body and 'value="7h 9z &lt;b&gt;"' in body
    with app.app_context():
        assert db.session().get(Event, event_id).debrief_trick is None
    chosen = organiser.post(f"/events/{event_id}/debrief/trick", data={"cards": "7♥ ac 2h 3s"})
    assert chosen.status_code == 302
    with app.app_context():
        assert db.session().get(Event, event_id).debrief_trick == "7h Ac 2h 3s"
    assert organiser.post(f"/events/{event_id}/debrief/trick/propose").status_code == 302
    with app.app_context():
        assert db.session().get(Event, event_id).debrief_trick is None


def test_a_trick_sent_without_the_form_s_token_is_refused_and_changes_nothing(app, organiser):
    event_id = setup_event(app, NAMES[:12], tables=3)
    app.config["WTF_CSRF_ENABLED"] = True
    refused = organiser.post(f"/events/{event_id}/debrief/trick", data={"cards": "7h ac"})
    assert refused.status_code == 400
    with app.app_context():
        assert db.session().get(Event, event_id).debrief_trick is None


def test_both_views_download_as_english_csv_with_one_line_per_setting_or_table(app):
    with app.app_context():
        session = db.session()
        event = session.get(Event, setup_event(app, NAMES[:12], tables=3))
        event.debrief_trick = "7h Ac 2h"
        header, lines = rules_view.csv_table(rules_view.build(session, event))
        assert header == ["setting", "Table 1", "Table 2", "Table 3", "differs"]
        assert lines[0] == ["Ace", "Ace low", "Ace high", "Ace low", "yes"] and len(lines) == 4
        header, lines = trick_view.csv_table(trick_view.build(session, event))
        assert header == ["tables", "seat 1", "seat 2", "seat 3", "winning seat", "why"]
        assert [line[0] for line in lines] == ["1", "2", "3"] and lines[0][1:4] == ["7♥", "A♣", "2♥"]
