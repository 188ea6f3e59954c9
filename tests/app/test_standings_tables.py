"""The standings' table columns agree with each other: the highest table is never below the
table a player sits at now, and a player who left has no table now."""

from __future__ import annotations

from tests.app.helpers import player_ids, seating
from tests.conftest import setup_event
from tests.room.conftest import close_round, record_winner, start_round
from tournament import db
from tournament.models import Event, Player, PlayerStatus
from tournament.services import midevent
from tournament.services.standings import compute_standings

NAMES = ["Ana", "Ben", "Cem", "Dora", "Eli", "Finn", "Gus", "Hana"]


def _rows(app, event_id):
    with app.app_context():
        session = db.session()
        return {r.player.name: r for r in compute_standings(session, session.get(Event, event_id)).rows}


def test_highest_table_counts_the_table_a_player_moved_up_to(app):
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    winner = sorted(n for n, t in seating(app, event_id, 1).items() if t == 1)[0]
    record_winner(app, event_id, 1, [winner])
    record_winner(app, event_id, 2, [sorted(n for n, t in seating(app, event_id, 1).items() if t == 2)[0]])
    close_round(app, event_id)
    row = _rows(app, event_id)[winner]
    assert row.current_table == 2 and row.highest_table == 2
    assert all(r.highest_table >= r.current_table for r in _rows(app, event_id).values())


def test_a_withdrawn_player_has_no_table_now_but_keeps_her_highest(app):
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    leaver = sorted(n for n, t in seating(app, event_id, 1).items() if t == 2)[0]
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        player = session.get(type(event.players[0]), player_ids(app, event_id)[leaver])
        midevent.change_status(session, event, player, PlayerStatus.WITHDRAWN)
    row = _rows(app, event_id)[leaver]
    assert row.current_table is None and row.highest_table == 2


def _correct(app, event_id: int, number: int, table_number: int, winners: list[str]) -> None:
    from tournament.services.corrections import correct_games
    from tournament.services.games import GameEntry
    from tournament.services.round_data import load_round

    with app.app_context():
        session = db.session()
        data = load_round(session, session.get(Event, event_id), number)
        table = data.table(table_number)
        ids = {p.name: p.id for p in data.seated_at(table)}
        seen = {g.number: g.version for g in data.games_at(table)}
        correct_games(session, data, table,
                      [GameEntry(n, seen.get(n), frozenset({ids[w]}), None) for n, w in enumerate(winners, 1)])


def _played_round(app):
    event_id = setup_event(app, NAMES, tables=2)
    start_round(app, event_id)
    at = {t: sorted(n for n, s in seating(app, event_id, 1).items() if s == t) for t in (1, 2)}
    record_winner(app, event_id, 1, [at[1][0]])
    record_winner(app, event_id, 2, [at[2][0]])
    close_round(app, event_id)
    return event_id, at


def test_a_corrected_closed_round_gives_its_round_win_to_the_new_winner(app):
    event_id, at = _played_round(app)
    assert _rows(app, event_id)[at[1][0]].rounds_won == 1
    _correct(app, event_id, 1, 1, [at[1][1], at[1][1]])
    rows = _rows(app, event_id)
    assert (rows[at[1][0]].rounds_won, rows[at[1][1]].rounds_won) == (0, 1)


def test_a_round_winner_renamed_after_the_close_keeps_her_round_win(app):
    event_id, at = _played_round(app)
    assert _rows(app, event_id)[at[2][0]].rounds_won == 1
    winner_id = player_ids(app, event_id)[at[2][0]]
    with app.app_context():
        session = db.session()
        midevent.rename(session, session.get(Event, event_id), session.get(Player, winner_id), "Zed Renamed")
    assert _rows(app, event_id)["Zed Renamed"].rounds_won == 1


def test_standings_plan_an_unchanged_closed_round_once(app, monkeypatch):
    """After any change to the event the standings are computed again; a closed round whose
    seats and games did not change is not planned again (planning is most of their cost)."""
    from tournament.services import standings

    event_id, _at = _played_round(app)
    planned = []

    def counting(*args, **kwargs):
        planned.append(args[0])
        return round_outcome(*args, **kwargs)

    round_outcome = standings.round_outcome
    monkeypatch.setattr(standings, "round_outcome", counting)
    standings.forget_parts()
    _rows(app, event_id)
    _rows(app, event_id)
    assert planned == [1]
