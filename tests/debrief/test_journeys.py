"""The journeys view: paths as the standings have them, climbers and stayers as defined,
strangers counted by rules only after the reveal, players who left, fixed SQL."""

from __future__ import annotations

import pytest
from flask import render_template

from tests.conftest import count_queries
from tests.debrief.conftest import change_status, play_round, played_event, reveal, statements_of
from tournament import db
from tournament.core.names import name_key
from tournament.models import Event, PlayerStatus, Table
from tournament.services import tables as table_service
from tournament.services.debrief import journeys
from tournament.services.standings import compute_standings


def _build(app, event_id):
    with app.app_context():
        session = db.session()
        return journeys.build(session, session.get(Event, event_id))


def test_every_players_path_is_the_standings_path_over_the_rounds_played(app):
    event_id = played_event(app, rounds=3)  # round 4 is planned: not part of any journey
    view = _build(app, event_id)
    with app.app_context():
        session = db.session()
        standings = compute_standings(session, session.get(Event, event_id))
        played = {r.number for r in standings.played_rounds}
        expected = {row.player.name: {n: t for n, t in row.path.items() if n in played}
                    for row in standings.rows if set(row.path) & played}
        homes = {row.player.name: row.player.home_table.number for row in standings.rows}
    assert view.rounds == (1, 2, 3)
    assert {j.player: {s.round: s.table for s in j.stops} for j in view.journeys} == expected
    assert all(j.home == homes[j.player] and j.start == homes[j.player] for j in view.journeys)
    assert [j.player for j in view.journeys] == sorted(expected, key=name_key)


def test_a_rounds_move_is_the_one_its_results_page_shows(app):
    from tournament.services.round_data import load_round

    event_id = played_event(app, rounds=2)
    view = _build(app, event_id)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        shown = {}
        for number in (1, 2):
            outcome = load_round(session, event, number).outcome(load_round(session, event, number + 1))
            shown.update({(number, row.player): row.direction for row in outcome.rows})
    assert {(s.round, j.player): s.move for j in view.journeys for s in j.stops} == shown


def test_biggest_climbers_are_the_three_largest_rises_equal_rises_alphabetically():
    rises = {"Zoë": 2, "émile": 2, "Ben": 2, "Cem": 3, "Dan": 0, "Eve": -2, "Åsa": 1}
    assert journeys.pick_climbers(rises) == ("Cem", "Ben", "émile")
    assert journeys.pick_climbers({"Ana": 0, "Ben": -1}) == ()  # nobody rose: no climbers


def test_climbers_and_stayers_are_picked_from_the_paths_as_stated(app, monkeypatch):
    # Home tables are random; this seating gives three climbers with a tie at the cut.
    monkeypatch.setattr(table_service.random, "randrange", lambda *_bounds: 1)
    event_id = played_event(app, rounds=3)
    view = _build(app, event_id)
    rises = {j.player: j.last - j.start for j in view.journeys}
    expected = journeys.pick_climbers(rises)
    assert tuple(j.player for j in view.climbers) == expected and len(expected) == 3
    # This event has equal rises at the cut, so the alphabetical rule is what decided it.
    assert len([r for r in rises.values() if r == rises[expected[-1]]]) > 1
    stayers = [j.player for j in view.journeys if {j.home, *(s.table for s in j.stops)} == {j.home}]
    assert [j.player for j in view.stayers] == stayers and stayers
    labelled = {j.player for j in view.journeys if j.labelled}
    assert labelled == set(expected) | set(stayers[:journeys.MAX_LABELLED_STAYERS])
    assert all(j.label is not None for j in view.journeys if j.labelled)


def _twin_tables(session, event):
    """Table 2 plays exactly table 1's rules."""
    tables = {t.number: t for t in session.query(Table).filter_by(event_id=event.id)}
    tables[2].variant_data = dict(tables[1].variant_data)


def _alike_without_trumps(session, event):
    """Tables 1 and 2 have no trumps, and differ only in whether trumps may come any time: they
    play alike, and the rules view shows them alike."""
    tables = {t.number: t for t in session.query(Table).filter_by(event_id=event.id)}
    tables[1].variant_data = dict(tables[1].variant_data, trump=None, trump_any_time=False)
    tables[2].variant_data = dict(tables[1].variant_data, trump_any_time=True)


def _twins_but_a_house_rule(session, event):
    """Table 2 plays table 1's settings plus a house rule of its own: another rule set."""
    _twin_tables(session, event)
    session.query(Table).filter_by(event_id=event.id, number=2).one().house_rule = "Kings are wild"


@pytest.mark.parametrize("before, same_rules", [
    (_twin_tables, {1: "A", 2: "A", 3: "B"}),
    (_alike_without_trumps, {1: "A", 2: "A", 3: "B"}),
    (_twins_but_a_house_rule, {1: "A", 2: "C", 3: "B"}),
], ids=["identical", "alike-without-trumps", "house-rule"])
def test_strangers_are_counted_by_rules_not_by_table_number(app, before, same_rules):
    event_id = played_event(app, rounds=3, before=before)
    reveal(app, event_id)
    view = _build(app, event_id)
    between_twins = 0
    for journey in view.journeys:
        for stop in journey.stops:
            assert stop.stranger is (same_rules[journey.home] != same_rules[stop.table]), (journey.player, stop)
            between_twins += journey.home != stop.table and same_rules[journey.home] == same_rules[stop.table]
    assert between_twins or same_rules[1] != same_rules[2], "nobody moved between the twin tables: rule not exercised"
    counts = {(cell.round, row.table): cell.strangers for row in view.strangers for cell in row.cells if cell}
    for (number, table), count in counts.items():
        assert count == sum(1 for j in view.journeys for s in j.stops
                            if s.round == number and s.table == table and s.stranger)
    header, rows = journeys.csv_table(view)
    assert header[-2:] == ["stranger", "strangers_at_table"]
    assert len(rows) == sum(len(j.stops) for j in view.journeys)


def test_no_strangers_before_the_reveal_not_even_read(app):
    event_id = played_event(app, rounds=2, before=_twin_tables)
    with app.app_context(), count_queries(app) as statements:
        session = db.session()
        view = journeys.build(session, session.get(Event, event_id))
    assert view.strangers is None and not view.revealed
    assert all(s.stranger is None for j in view.journeys for s in j.stops)
    assert not any("tables.variant" in statement for statement in statements), "the rules were read"
    assert "stranger" not in " ".join(journeys.csv_table(view)[0])
    with app.test_request_context("/"), app.app_context():
        html = render_template("debrief/_journeys.html", view=view, event=db.session().get(Event, event_id))
    assert "dj-strangers" not in html and "stranger" not in html.lower()


def test_a_withdrawn_player_keeps_the_path_up_to_leaving_and_the_view_says_so(app):
    event_id = played_event(app, rounds=2)
    change_status(app, event_id, "Lea", PlayerStatus.WITHDRAWN)  # round 3 planned: she is not in it
    change_status(app, event_id, "Kim", PlayerStatus.OBSERVER)
    play_round(app, event_id, 3)
    view = _build(app, event_id)
    lea = next(j for j in view.journeys if j.player == "Lea")
    kim = next(j for j in view.journeys if j.player == "Kim")
    assert [s.round for s in lea.stops] == [1, 2] and lea.left == "withdrawn"
    assert str(lea.left_text) == "Lea withdrew after round 2."
    assert str(kim.left_text) == "Kim became an observer after round 2."
    assert lea.stops[-1].move == "out"
    assert view.left_text is not None
    assert [r[1] for r in journeys.csv_table(view)[1] if r[0] == "Lea"] == ["1", "2"]


def _statements(app, event_id) -> int:
    return statements_of(app, journeys.build, event_id)


def test_journeys_statements_do_not_grow_with_tables_or_rounds(app):
    small = played_event(app, tables=3, rounds=1)
    large = played_event(app, [f"Player {i:02}" for i in range(24)], tables=6, rounds=3)
    assert _statements(app, small) == _statements(app, large) == 8
    reveal(app, small)
    reveal(app, large)
    assert _statements(app, small) == _statements(app, large) == 8


def test_a_running_round_is_on_the_journey_without_a_move_yet(app):
    event_id = played_event(app, rounds=2, close_last=False)
    view = _build(app, event_id)
    assert view.rounds == (1, 2)
    assert all(j.table_in(2).move is None and j.table_in(1).move for j in view.journeys)
    assert {row[4] for row in journeys.csv_table(view)[1] if row[1] == "2"} == {""}
