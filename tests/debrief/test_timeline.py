"""The timeline view: starts, closes, reopenings, corrections, ties that decided moves and
players leaving, in order, in the results page's words, in a fixed number of statements."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from tests.debrief.conftest import change_status, play_round, played_event, statements_of
from tests.room.conftest import close_round
from tournament import db
from tournament.i18n import translate_html
from tournament.models import Event, PlayerStatus
from tournament.services.debrief import timeline
from tournament.services.round_data import load_round


def _build(app, event_id):
    with app.app_context():
        session = db.session()
        return timeline.build(session, session.get(Event, event_id))


def _correct_round_1_table_1(app, event_id) -> None:
    """Game 1 at table 1 of the closed round 1 goes to its second player instead."""
    from tournament.services.corrections import correct_games
    from tournament.services.games import GameEntry

    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), 1)
        table = data.table(1)
        game = data.games_at(table)[0]
        others = sorted(p.id for p in data.seated_at(table) if p.id not in game.winner_ids)
        correct_games(session, data, table, [GameEntry(1, game.version, frozenset({others[0]}), None)])


def _reopen_latest(app, event_id, number) -> None:
    from tournament.services.corrections import undo_close

    with app.app_context():
        session = db.session()
        undo_close(session, load_round(session, session.get(Event, event_id), number))


def test_timeline_lists_starts_closes_corrections_ties_and_withdrawals_in_order(app):
    event_id = played_event(app, rounds=1)
    _correct_round_1_table_1(app, event_id)
    play_round(app, event_id, 3, close=False)
    change_status(app, event_id, "Lea", PlayerStatus.WITHDRAWN)
    close_round(app, event_id)
    _reopen_latest(app, event_id, 2)
    close_round(app, event_id)
    view = _build(app, event_id)

    kinds = [item.kind for item in view.items]
    squeezed = [k for i, k in enumerate(kinds) if k != "tie" or kinds[i - 1] != "tie"]  # one "tie" per close
    assert squeezed == ["start", "close", "tie", "correction", "start", "withdrawal", "close", "reopen",
                        "close", "tie"]
    assert [item.at for item in view.items] == sorted(item.at for item in view.items)
    correction = next(item for item in view.items if item.kind == "correction")
    assert (correction.round, correction.table) == (1, 1)
    assert str(correction.text) == "Table 1's result in round 1 was corrected after the round closed (1 game changed)."
    assert correction.stored.startswith("game 1: ") and " won → " in correction.stored
    withdrawal = next(item for item in view.items if item.kind == "withdrawal")
    assert str(withdrawal.text) == "Lea withdrew." and withdrawal.round == 2
    assert [str(i.text) for i in view.items if i.kind in ("start", "close", "reopen")] == [
        "Round 1 started.", "Round 1 closed.", "Round 2 started.", "Round 2 closed.", "Round 2 was reopened.",
        "Round 2 closed."]
    header, rows = timeline.csv_table(view)
    assert header == ["at", "round", "table", "kind", "text"]
    assert rows[0][3:] == ["start", "Round 1 started."] and datetime.fromisoformat(rows[0][0]).tzinfo


def test_timeline_ties_are_the_ties_that_decided_moves_worded_as_the_results_page_words_them(app, organiser):
    event_id = played_event(app, rounds=2)
    view = _build(app, event_id)
    ties = [item for item in view.items if item.kind == "tie"]
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        deciding = []
        for number in (1, 2):
            outcome = load_round(session, event, number).outcome(load_round(session, event, number + 1))
            deciding += [(number, tie.table, tie.text) for tie in outcome.plan.ties if tie.decides_move]
    assert deciding and [(i.round, i.table, i.text) for i in ties] == deciding
    page = organiser.get(f"/events/{event_id}/rounds/1/results").get_data(as_text=True)
    with app.test_request_context("/"):
        for item in ties:
            if item.round == 1:
                assert str(translate_html(item.text)) in page


def test_timeline_is_in_the_events_time_zone_and_says_nothing_about_rules(app):
    def house_rule(session, event):
        from tournament.services import tables as table_service
        event.time_zone = "Pacific/Auckland"
        table = event.tables[0]
        table_service.set_rules(session, event, table, table.variant, "Aces are low here")

    event_id = played_event(app, rounds=1, before=house_rule)
    view = _build(app, event_id)
    assert view.time_zone == "Pacific/Auckland"
    assert timeline.csv_table(view)[1][0][0].endswith(("+13:00", "+12:00"))
    assert not any("rule" in str(item.text).lower() or "Aces" in (item.stored or "") for item in view.items)


def test_the_wall_keeps_the_latest_items_that_changed_a_table_and_counts_the_rest(app):
    event_id = played_event(app, rounds=3)
    view = _build(app, event_id)
    assert 0 < len(view.wall) <= timeline.WALL_ITEMS and view.more == len(view.items) - len(view.wall)
    assert sum(timeline._lines(item) for item in view.wall) <= timeline.WALL_LINES
    important = [item for item in view.items if item.important]
    shown = [item for item in view.wall if item.important]
    assert shown and shown == important[-len(shown):]  # the latest, none skipped
    others = [item for item in view.wall if not item.important]
    every_other = [item for item in view.items if not item.important]
    assert others == every_other[len(every_other) - len(others):]
    assert str(view.more_text).startswith(f"… and {view.more} more")


def _statements(app, event_id) -> int:
    return statements_of(app, timeline.build, event_id)


def test_timeline_statements_do_not_grow_with_tables_or_rounds(app):
    small = played_event(app, tables=3, rounds=1)
    large = played_event(app, [f"Player {i:02}" for i in range(24)], tables=6, rounds=3)
    assert _statements(app, small) == _statements(app, large) == 6


def test_a_round_without_its_log_lines_still_shows_its_start_and_close(app):
    from tournament.models import AuditEntry

    event_id = played_event(app, rounds=1)
    with app.app_context():
        db.session().query(AuditEntry).filter_by(event_id=event_id).delete()
        db.session().commit()
    view = _build(app, event_id)
    assert [i.kind for i in view.items if i.kind != "tie"] == ["start", "close"]
    assert all(i.at.tzinfo is UTC or i.at.utcoffset().total_seconds() == 0 for i in view.items)


def test_players_set_up_before_the_first_round_are_not_events_of_the_tournament(app):
    def observers_chosen(session, event):
        from tournament.models import Player
        from tournament.services import players as player_service

        kim = session.query(Player).filter_by(event_id=event.id, name="Kim").one()
        player_service.set_status(session, event, kim, PlayerStatus.OBSERVER)

    event_id = played_event(app, rounds=1, before=observers_chosen)
    change_status(app, event_id, "Ana", PlayerStatus.WITHDRAWN)
    texts = [str(item.text) for item in _build(app, event_id).items]
    assert "Ana withdrew." in texts
    assert not any("Kim" in text for text in texts), texts


def test_the_timelines_machine_readable_times_stop_at_the_second(app, organiser):
    """HTML allows at most three digits of a second in <time datetime>; stored moments have six."""
    event_id = played_event(app, rounds=1)
    page = organiser.get(f"/events/{event_id}/debrief").get_data(as_text=True)
    stamps = re.findall(r'<time class="dt-at" datetime="([^"]*)"', page)
    assert stamps
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", stamp) for stamp in stamps), stamps
