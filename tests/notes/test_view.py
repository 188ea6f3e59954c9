"""The debrief's notes view: visible notes per table and round, drawn in the wall's, the desk's
and the paper's wrappers; its CSV; and hostile text escaped wherever a note is shown."""

from __future__ import annotations

import csv
import io

import pytest
from flask import render_template

from tests.conftest import count_queries, setup_event
from tests.corpus.names import ACCEPTED, REFUSED
from tests.notes.conftest import make_observer, stored
from tests.room.conftest import close_round, start_round, tokens
from tournament import db
from tournament.models import Event
from tournament.services import csv_export
from tournament.services import notes as note_service
from tournament.services.debrief import notes as view_module

WRAPPERS = ("wall", "desk", "paper")


def _send(app, event_id, table, *, flag=None, text=None, source="table", author=""):
    with app.app_context():
        session = db.session()
        note_service.send_note(session, session.get(Event, event_id), source=source, table_number=table,
                               author=author, flag=flag, text=text, nonce=None)


def _build(app, event_id):
    with app.app_context():
        session = db.session()
        return view_module.build(session, session.get(Event, event_id))


def _render(app, event_id, wrapper: str) -> str:
    with app.test_request_context():
        session = db.session()
        event = session.get(Event, event_id)
        inner = render_template("debrief/_notes.html", view=view_module.build(session, event), event=event)
        return f'<div class="debrief {wrapper}">{inner}</div>'


def test_notes_are_grouped_per_table_and_round_with_each_icons_count(app, room):
    event_id = room["event"]
    _send(app, event_id, 2, flag="disagreed")
    _send(app, event_id, 2, flag="disagreed", text="Hearts or spades?")
    _send(app, event_id, 1, flag="fun")
    _send(app, event_id, 2, text="Zoë saw it", source="observer", author="Zoë")
    close_round(app, event_id)
    start_round(app, event_id)
    _send(app, event_id, 2, flag="confused")
    view = _build(app, event_id)
    assert [t.table_number for t in view.tables] == [1, 2]
    one, two = view.tables
    assert [(c.flag.key, c.count) for c in one.total.counts] == [("disagreed", 0), ("fun", 1)]
    assert [(c.flag.key, c.count) for c in two.total.counts] == [("disagreed", 2), ("confused", 1)]
    assert [g.round_number for g in two.rounds] == [1, 2]
    assert [(c.flag.key, c.count) for c in two.rounds[1].counts] == [("disagreed", 0), ("confused", 1)]
    assert [(line.text, str(line.by)) for line in two.rounds[0].texts] == [
        ("Hearts or spades?", "table's phone"), ("Zoë saw it", "Zoë, observing")]
    assert view.disagreements == 2 and len(view.lines) == 5


def test_hidden_notes_are_not_in_the_debrief_view(app, organiser, room):
    event_id = room["event"]
    _send(app, event_id, 1, flag="disagreed", text="Keep this one")
    _send(app, event_id, 1, flag="disagreed", text="Ana cheated, for the teacher only")
    secret = stored(app, event_id)[1]
    organiser.post(f"/events/{event_id}/debrief/notes/{secret.id}/hide")
    view = _build(app, event_id)
    assert [line.text for line in view.lines] == ["Keep this one"]
    assert view.tables[0].disagreements == 1
    for wrapper in WRAPPERS:
        html = _render(app, event_id, wrapper)
        assert "Keep this one" in html and "cheated" not in html
    assert [row[6] for row in view_module.csv_table(view)[1]] == ["Keep this one"]


def test_the_view_says_so_when_no_note_was_sent(app, room):
    view = _build(app, room["event"])
    assert view.empty
    assert "No notes were sent." in _render(app, room["event"], "wall")


def test_the_wall_shows_each_tables_latest_two_texts_and_counts_the_rest(app, room):
    for n in range(5):
        _send(app, room["event"], 3, text=f"Remark {n}")
    wall = _render(app, room["event"], "wall")
    assert wall.count('class="debrief-notes-latest"') == 1
    latest = wall[wall.index('class="debrief-notes-latest"'):wall.index('class="debrief-notes-rounds"')]
    assert "Remark 4" in latest and "Remark 3" in latest and "Remark 2" not in latest
    assert "3 more" in latest
    assert all(f"Remark {n}" in wall[wall.index('class="debrief-notes-rounds"'):] for n in range(5))


def test_with_more_than_four_tables_the_wall_shows_each_tables_latest_text_and_counts_the_rest(app):
    event_id = setup_event(app, [f"Player {n:03}" for n in range(20)], tables=5, name="Five tables")
    start_round(app, event_id)
    for table in range(1, 6):
        for n in range(3):
            _send(app, event_id, table, text=f"Table {table} remark {n}")
    view = _build(app, event_id)
    assert [(len(t.total.latest), t.total.more) for t in view.tables] == [(1, 2)] * 5
    assert [line.text for line in view.tables[0].total.latest] == ["Table 1 remark 2"]
    assert all(len(group.texts) == 3 for t in view.tables for group in t.rounds)  # the desk keeps every text


def test_notes_per_table_add_no_sql_statements_per_table(app):
    def statements(tables: int) -> int:
        event_id = setup_event(app, [f"Player {n:03}" for n in range(tables * 4)], tables=tables, name=f"{tables}")
        start_round(app, event_id)
        for table in range(1, tables + 1):
            _send(app, event_id, table, flag="disagreed", text=f"table {table}")
            _send(app, event_id, table, flag="fun")
        with app.app_context():
            session = db.session()
            event = session.get(Event, event_id)
            with count_queries(app) as sent:
                view = view_module.build(session, event)
            assert len(view.tables) == tables
        return len(sent)

    assert statements(3) == statements(30) == 1


def test_the_room_page_and_feed_add_no_statements_per_note_or_table(app, organiser, room):
    def count(url):
        with count_queries(app) as sent:
            assert organiser.get(url).status_code == 200
        return len(sent)

    urls = (f"/events/{room['event']}/room", f"/events/{room['event']}/debrief/notes.json")
    before = [count(url) for url in urls]
    for table in (1, 2, 3):
        for flag in ("disagreed", "fun", "confused"):
            _send(app, room["event"], table, flag=flag, text="words")
    assert [count(url) for url in urls] == before


def test_the_csv_has_english_headers_and_formula_text_is_defused_by_the_apps_writer(app, room):
    _send(app, room["event"], 1, flag="disagreed", text="=HYPERLINK(\"http://evil\")")
    _send(app, room["event"], 2, text="+1 for table 2", source="observer", author="@Ana")
    header, rows = view_module.csv_table(_build(app, room["event"]))
    assert header == ["at", "round", "table", "source", "author", "flag", "text"]
    assert [row[1:] for row in rows] == [["1", "1", "table", "", "disagreed", "=HYPERLINK(\"http://evil\")"],
                                         ["1", "2", "observer", "@Ana", "", "+1 for table 2"]]
    assert all(row[0].endswith("+00:00") for row in rows)
    written = list(csv.reader(io.StringIO(csv_export._csv(header, rows).lstrip("\ufeff"))))
    assert written[1][6] == "'=HYPERLINK(\"http://evil\")" and written[2][4] == "'@Ana"


# Markup as a note and as an observer's name: never as markup on any page showing notes.
HOSTILE = [raw for raw, kept in ACCEPTED.values() if "<" in raw]
LEAKS = ("<script>alert(1)", "<img src=x")


@pytest.fixture
def hostile_room(app):
    names = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", *HOSTILE]
    event_id = setup_event(app, names, tables=2)
    observers = [make_observer(app, event_id, name) for name in HOSTILE]
    start_round(app, event_id)
    return event_id, observers, tokens(app, event_id)


def test_hostile_names_and_texts_are_escaped_on_the_phone_the_room_panel_and_the_view(app, organiser, hostile_room):
    event_id, observers, links = hostile_room
    for name in HOSTILE:
        _send(app, event_id, 1, flag="disagreed", text=name)
        _send(app, event_id, 2, text=name, source="observer", author=name)
    pages = {
        "phone": organiser.get(f"/t/{links[1]}/note").get_data(as_text=True),
        "room": organiser.get(f"/events/{event_id}/room").get_data(as_text=True),
        **{f"observer {n}": organiser.get(f"/s/{links['public']}/{player}").get_data(as_text=True)
           for n, player in enumerate(observers)},
        **{wrapper: _render(app, event_id, wrapper) for wrapper in WRAPPERS},
    }
    with app.test_request_context():
        session = db.session()
        pages["controls"] = render_template("debrief/_notes_controls.html", event=session.get(Event, event_id))
    for where, html in pages.items():
        assert not [leak for leak in LEAKS if leak in html], where
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages["room"]
    # The feed is data, not markup: served as JSON (never sniffed as HTML), text as sent.
    feed = organiser.get(f"/events/{event_id}/debrief/notes.json")
    assert feed.mimetype == "application/json" and feed.headers["X-Content-Type-Options"] == "nosniff"
    assert {item["author"] for item in feed.get_json()["notes"]} == {"", *HOSTILE}
    assert "<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>, observing" in pages["wall"] + pages["desk"]


@pytest.mark.parametrize("label", [label for label in REFUSED if "long" not in label])
def test_a_note_text_with_an_invisible_or_control_character_is_refused_naming_it(app, client, room, label):
    from tests.notes.conftest import form_keys
    raw, fragment = REFUSED[label]
    page = client.get(f"/t/{room[1]}/note").get_data(as_text=True)
    response = client.post(f"/t/{room[1]}/note", data={**form_keys(page), "text": raw})
    assert response.status_code == 400
    assert fragment in response.get_data(as_text=True)
    assert stored(app, room["event"]) == []


@pytest.mark.parametrize("label", list(ACCEPTED))
def test_a_note_text_is_kept_as_the_name_gate_cleans_it(app, room, label):
    raw, kept = ACCEPTED[label]
    _send(app, room["event"], 1, text=raw)
    assert [n.text for n in stored(app, room["event"])] == [kept]
