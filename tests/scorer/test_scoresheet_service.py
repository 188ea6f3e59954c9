"""services.scoresheets with the test game's scorer (a draw names who drew the highest card;
first to 3 draws wins): the sheet, the result it makes, and the requests it refuses."""

from __future__ import annotations

import pytest

from tests.scorer.conftest import audit_lines, game_count, stored
from tournament import db
from tournament.models import Event
from tournament.services import rounds
from tournament.services.corrections import correct_games
from tournament.services.errors import Conflict, DomainError
from tournament.services.games import GameEntry
from tournament.services.round_data import load_round
from tournament.services.scoresheets import add_entry, undo_last_entry


def _add(app, card, who: str, seen: int, table: int = 1, number: int = 1, actor: str = "organiser", **kw):
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        entry = {"top": str(card.seated[table][who])} if who in card.seated[table] else {"top": who}
        return add_entry(session, data, data.table(table), number, seen, entry, actor=actor, **kw)


def _undo(app, card, seen: int, table: int = 1, number: int = 1):
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        return undo_last_entry(session, data, data.table(table), number, seen)


def _first_two(card, table: int = 1):
    names = sorted(card.seated[table])
    return names[0], names[1]


def test_an_added_entry_is_stored_and_its_tally_is_the_games_result(app, card):
    first, second = _first_two(card)
    change = _add(app, card, second, 0)
    assert change.changed and change.count == 1 and change.tally.winners == {str(card.seated[1][second])}
    sheet, winners, version = stored(app, card.event_id)
    assert sheet == [{"top": str(card.seated[1][second])}]
    assert winners == {card.seated[1][second]} and version == 1
    _add(app, card, first, 1)
    sheet, winners, version = stored(app, card.event_id)
    assert len(sheet) == 2 and version == 2
    # One each: the tie goes to the alphabetically first name.
    assert winners == {card.seated[1][first]}


def test_undo_removes_the_last_entry_and_the_result_follows(app, card):
    first, second = _first_two(card)
    _add(app, card, first, 0)
    _add(app, card, second, 1)
    _add(app, card, second, 2)
    assert stored(app, card.event_id)[1] == {card.seated[1][second]}
    change = _undo(app, card, 3)
    assert change.changed and change.count == 2
    sheet, winners, _version = stored(app, card.event_id)
    assert len(sheet) == 2 and winners == {card.seated[1][first]}


def test_undoing_the_only_entry_leaves_no_game(app, card):
    first, _second = _first_two(card)
    _add(app, card, first, 0)
    _undo(app, card, 1)
    assert stored(app, card.event_id) is None and game_count(app, card.event_id) == 0


def test_the_same_entry_sent_twice_is_stored_once_and_answered_as_done(app, card):
    first, _second = _first_two(card)
    _add(app, card, first, 0)
    again = _add(app, card, first, 0)
    assert not again.changed and again.count == 1
    sheet, _winners, version = stored(app, card.event_id)
    assert len(sheet) == 1 and version == 1


def test_an_undo_sent_twice_undoes_one_entry(app, card):
    first, second = _first_two(card)
    _add(app, card, first, 0)
    _add(app, card, second, 1)
    _undo(app, card, 2)
    again = _undo(app, card, 2)
    assert not again.changed and len(stored(app, card.event_id)[0]) == 1


def test_an_entry_from_a_page_that_missed_another_entry_is_refused_and_changes_nothing(app, card):
    first, second = _first_two(card)
    _add(app, card, first, 0)
    _add(app, card, first, 1)
    before = stored(app, card.event_id)
    with pytest.raises(Conflict, match="Someone else changed game 1 meanwhile: its sheet now holds 2 draws"):
        _add(app, card, second, 1)
    with pytest.raises(Conflict):
        _add(app, card, second, 0)
    with pytest.raises(Conflict):
        _undo(app, card, 1)
    assert stored(app, card.event_id) == before


def test_a_refused_entry_changes_nothing_and_says_why_beside_the_form(app, card):
    first, _second = _first_two(card)
    _add(app, card, first, 0)
    before, lines = stored(app, card.event_id), audit_lines(app, card.event_id)
    stranger = str(card.seated[2][sorted(card.seated[2])[0]])  # seated at table 2, not here
    refusal = "Draw 2: the highest card must be drawn by a player at this table"
    with pytest.raises(DomainError, match=refusal) as refused:
        _add(app, card, stranger, 1)
    assert refused.value.field == "entry"
    assert stored(app, card.event_id) == before and audit_lines(app, card.event_id) == lines


def test_a_finished_game_takes_no_more_entries(app, card):
    first, second = _first_two(card)
    for seen in range(3):
        change = _add(app, card, first, seen)
    assert change.tally.finished
    with pytest.raises(DomainError, match="Draw 4: the match is already over"):
        _add(app, card, second, 3)
    assert len(stored(app, card.event_id)[0]) == 3


def test_the_audit_line_says_which_table_game_and_entry_and_where_the_game_stands(app, card):
    first, second = _first_two(card)
    _add(app, card, first, 0, table=1, number=1, actor="phone, table 1")
    _add(app, card, second, 1)
    assert audit_lines(app, card.event_id)[-2:] == [
        ("draw added", f"Table 1, game 1: draw 1 added — {first} leads 1 draw to 0"),
        ("draw added", f"Table 1, game 1: draw 2 added — {first} leads 1 draw to 1"),
    ]
    _undo(app, card, 2)
    assert audit_lines(app, card.event_id)[-1] == ("draw undone",
                                                    f"Table 1, game 1: draw 2 undone — {first} leads 1 draw to 0")


def test_a_game_recorded_on_the_results_form_is_not_taken_over_by_the_scorer(app, card):
    first, _second = _first_two(card)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        correct_games(session, data, data.table(1), [GameEntry(1, None, frozenset({card.seated[1][first]}), None)])
    with pytest.raises(Conflict, match="recorded on the results form"):
        _add(app, card, first, 0)


def test_the_results_form_saving_another_winner_drops_the_sheet_and_logs_it(app, card):
    first, second = _first_two(card)
    _add(app, card, first, 0)
    _add(app, card, first, 1)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        correct_games(session, data, data.table(1), [GameEntry(1, 2, frozenset({card.seated[1][second]}), None)])
    sheet, winners, _version = stored(app, card.event_id)
    assert sheet is None and winners == {card.seated[1][second]}
    assert ("scoresheet dropped", "the result typed on the results form") in audit_lines(app, card.event_id)


def test_the_results_form_resending_the_same_winner_keeps_the_sheet(app, card):
    first, _second = _first_two(card)
    _add(app, card, first, 0)
    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, card.event_id), 1)
        correct_games(session, data, data.table(1), [GameEntry(1, 1, frozenset({card.seated[1][first]}), None)])
    assert stored(app, card.event_id)[0] == [{"top": str(card.seated[1][first])}]


def test_a_phone_scores_only_while_the_round_runs_and_the_organiser_corrects_after_the_close(app, card):
    first, second = _first_two(card)
    _add(app, card, first, 0)
    with app.app_context():
        session = db.session()
        rounds.close(session, session.get(Event, card.event_id), 1)
    with pytest.raises(Conflict, match="Round 1 is closed"):
        _add(app, card, second, 1, actor="phone, table 1", while_running=True)
    change = _add(app, card, second, 1)  # the organiser: a correction, the seating follows
    assert change.changed and change.correction is not None
    assert len(stored(app, card.event_id)[0]) == 2
