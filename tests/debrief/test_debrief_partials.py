"""The journeys and timeline partials in the frame's three wrappers: names escaped (the hostile
corpus), no inline styles, unique ids, every player present."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from markupsafe import escape

from tests.corpus.names import ACCEPTED
from tests.debrief.views import WRAPPERS, hostile_event, render
from tournament import db
from tournament.models import Event, Player


@pytest.fixture
def event_id(app):
    return hostile_event(app)


@pytest.mark.parametrize("wrapper", WRAPPERS)
@pytest.mark.parametrize("key", ["journeys", "timeline"])
def test_debrief_partials_escape_every_hostile_name_in_every_wrapper(app, event_id, key, wrapper):
    html = render(app, event_id, key, wrapper)
    assert html.startswith(f'<div class="debrief {wrapper}">')
    assert "<script>" not in html and "<img" not in html
    assert " style=" not in html, "inline styles are refused by the page's CSP"
    ids = Counter(re.findall(r'\bid="([^"]+)"', html))
    assert all(i.startswith(f"debrief-{key}-") for i in ids) and max(ids.values(), default=1) == 1
    if key == "journeys":
        with app.app_context():
            names = [p.name for p in db.session().query(Player).filter_by(event_id=event_id)]
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        for name in names:  # each name in the paths table, escaped and isolated
            assert f"<bdi>{escape(name)}</bdi>" in html, name
        assert html.count('tabindex="0"') == len(names)


def test_hostile_names_are_stored_as_the_corpus_says(app, event_id):
    with app.app_context():
        stored = {p.name for p in db.session().query(Player).filter_by(event_id=event_id)}
    assert {s for _raw, s in ACCEPTED.values()} <= stored


def test_the_journeys_partial_in_german_names_its_words_in_german(app, event_id):
    html = render(app, event_id, "journeys", "desk", headers={"Accept-Language": "de"})
    assert "Tisch 1" in html and "Runde 1" in html


def test_the_timeline_on_the_wall_counts_what_it_leaves_out(app, event_id):
    with app.app_context():
        from tournament.services.debrief import timeline
        view = timeline.build(db.session(), db.session().get(Event, event_id))
    html = render(app, event_id, "timeline", "wall")
    assert view.more and f"and {view.more} more" in html
    assert html.count('class="dt-item') == len(view.items) + len(view.wall)


@pytest.mark.parametrize("key", ["journeys", "timeline"])
def test_debrief_partials_before_any_round_say_so_in_every_wrapper(app, key):
    from tests.conftest import setup_event

    event_id = setup_event(app, ["Ana", "Ben", "Cem"], tables=1)
    for wrapper in WRAPPERS:
        html = render(app, event_id, key, wrapper)
        assert ("No round has been played yet." if key == "journeys" else "Nothing has happened yet.") in html


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_timeline_times_show_hours_and_minutes_not_seconds(app, event_id, wrapper):
    html = render(app, event_id, "timeline", wrapper)
    shown = re.findall(r'<time class="dt-at"[^>]*>([^<]*)</time>', html)
    assert shown and all(re.fullmatch(r"\d\d:\d\d", time) for time in shown), shown
