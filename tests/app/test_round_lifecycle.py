"""A round changes state only through services.lifecycle, by core.rounds' table; the services
own what a change implies (the countdown of a start, the backup of a close) and take their
settings as arguments. Service-level: no HTTP."""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

import tournament
from tests.conftest import count_queries, setup_event
from tournament import db
from tournament.blueprints import service_config
from tournament.models import AuditEntry, Event, Game, Round, RoundState
from tournament.services import corrections, players, rounds
from tournament.services.backups import BackupStore
from tournament.services.errors import Conflict, DomainError
from tournament.services.games import GameEntry, record_games
from tournament.services.locks import lock_event
from tournament.services.round_data import load_round

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PACKAGE = Path(tournament.__file__).parent
LIFECYCLE = PACKAGE / "services" / "lifecycle.py"


def _state_writes(path: Path) -> list[str]:
    """Where the file sets an attribute `state`: `x.state = ...` (also augmented or annotated),
    `setattr(x, "state", ...)`, or `.values(state=...)` of an SQL UPDATE."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and part.attr == "state" and isinstance(part.ctx, ast.Store):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "setattr" and len(node.args) > 1 and getattr(node.args[1], "value", None) == "state":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
            if name == "values" and any(k.arg == "state" for k in node.keywords):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_every_state_change_goes_through_the_transition_table():
    assert _state_writes(LIFECYCLE), "the scan must find the one writer, or it finds nothing anywhere"
    elsewhere = [where for path in sorted(PACKAGE.rglob("*.py")) if path != LIFECYCLE
                 for where in _state_writes(path)]
    assert elsewhere == [], f"Round.state is set outside services/lifecycle.py: {elsewhere}"


def test_services_never_read_the_apps_settings_themselves():
    readers = [str(path.relative_to(PACKAGE)) for path in sorted((PACKAGE / "services").glob("*.py"))
               if path.name != "single_flight.py" and "current_app" in path.read_text(encoding="utf-8")]
    assert readers == [], f"these services read current_app instead of being given their settings: {readers}"


@pytest.fixture
def ctx(app):
    """An event of two tables of four, in an app context; yields (session, event)."""
    event_id = setup_event(app, NAMES, tables=2)
    with app.app_context():
        session = db.session()
        yield session, session.get(Event, event_id)


def _audit(session: Session, event: Event) -> list[tuple[str, str | None, str | None]]:
    return [(a.action, a.old_value, a.new_value) for a in
            session.scalars(select(AuditEntry).where(AuditEntry.event_id == event.id).order_by(AuditEntry.id))
            if a.action.startswith("round ")]


def _winner_of_each_table(session: Session, event: Event, number: int) -> None:
    data = load_round(session, event, number)
    for table in data.tables:
        seated = sorted(data.seated_at(table), key=lambda p: p.name)
        record_games(session, data, table, [GameEntry(1, None, frozenset({seated[0].id}), None)])


def test_starting_a_round_runs_it_and_its_countdown_together(ctx):
    session, event = ctx
    round_ = rounds.start_round(session, event, now=T0)
    session.expire_all()
    assert round_.state is RoundState.RUNNING
    assert round_.started_at.replace(tzinfo=UTC) == T0
    assert (event.timer_phase, event.timer_seconds) == ("round", event.round_minutes * 60)
    assert event.timer_started_at.replace(tzinfo=UTC) == T0
    assert _audit(session, event) == [("round started", "planned", "running")]


def test_a_refused_start_says_the_tables_sentence_and_changes_neither_round_nor_countdown(ctx):
    session, event = ctx
    rounds.start_round(session, event, now=T0)
    with pytest.raises(Conflict) as refused:
        rounds.start_round(session, event, now=T0 + timedelta(minutes=5))
    assert str(refused.value) == "Round 1 is still running. Close it before starting the next one."
    assert refused.value.http_status == 409
    session.rollback()
    session.expire_all()
    assert event.timer_started_at.replace(tzinfo=UTC) == T0
    assert _audit(session, event) == [("round started", "planned", "running")]


def test_closing_closes_the_round_at_its_moment_and_plans_the_next(ctx):
    session, event = ctx
    rounds.start_round(session, event, now=T0)
    _winner_of_each_table(session, event, 1)
    closed = rounds.close(session, event, 1, now=T0 + timedelta(minutes=20))
    session.expire_all()
    assert closed.round.state is RoundState.CLOSED
    assert closed.round.closed_at.replace(tzinfo=UTC) == T0 + timedelta(minutes=20)
    assert closed.following.number == 2 and closed.following.state is RoundState.PLANNED
    assert closed.backup_saved is None  # no store given, none written
    with pytest.raises(Conflict, match=r"^Round 1 is already closed\.$"):
        rounds.close(session, event, 1)


def test_closing_a_planned_round_is_refused_with_the_tables_sentence(ctx):
    session, event = ctx
    rounds.start_round(session, event, now=T0)
    rounds.close(session, event, 1)
    with pytest.raises(Conflict) as refused:
        rounds.close(session, event, 2)
    assert str(refused.value) == "Round 2 has not started yet."


class _WatchedStore(BackupStore):
    """Notes what the database held, seen from another connection, when the backup was written."""

    seen: dict

    def write(self, session, event):
        with Session(session.get_bind()) as other:
            self.seen["round 1"] = other.scalar(
                select(Round.state).where(Round.event_id == event.id, Round.number == 1))
        self.seen["lock held"] = bool(session.info.get("locked_events"))
        return super().write(session, event)


def test_the_backup_of_a_close_is_written_after_its_commit_and_outside_the_lock(ctx, tmp_path):
    session, event = ctx
    store = _WatchedStore(tmp_path / "backups")
    object.__setattr__(store, "seen", {})
    rounds.start_round(session, event, now=T0)
    closed = rounds.close(session, event, 1, store)
    assert closed.backup_saved is True
    assert store.seen == {"round 1": RoundState.CLOSED, "lock held": False}
    assert [b.round for b in store.list_backups(event)] == [1]


def test_a_backup_that_cannot_be_written_is_reported_and_the_close_stays(ctx, tmp_path):
    session, event = ctx
    (tmp_path / "backups").write_text("a file where the folder should be")
    rounds.start_round(session, event, now=T0)
    closed = rounds.close(session, event, 1, BackupStore(tmp_path / "backups"))
    assert closed.backup_saved is False
    session.expire_all()
    assert closed.round.state is RoundState.CLOSED and closed.following.number == 2


def test_reopening_runs_the_round_again_clears_its_close_and_drops_the_planned_round(ctx):
    session, event = ctx
    rounds.start_round(session, event, now=T0)
    rounds.close(session, event, 1)
    corrections.undo_close(session, load_round(session, event, 1))
    session.expire_all()
    reopened = session.scalars(select(Round).where(Round.event_id == event.id)).all()
    assert [(r.number, r.state, r.closed_at) for r in reopened] == [(1, RoundState.RUNNING, None)]
    assert [a[0] for a in _audit(session, event)] == ["round started", "round closed", "round reopened"]
    with pytest.raises(Conflict, match=r"^Round 1 is not closed \(it was reopened a moment ago\)\.$"):
        corrections.undo_close(session, load_round(session, event, 1))


def test_recording_in_a_closed_round_is_refused_and_saves_nothing(ctx):
    session, event = ctx
    rounds.start_round(session, event, now=T0)
    data = load_round(session, event, 1)
    session.commit()  # the page was served
    with Session(session.get_bind()) as other_tab:  # closed elsewhere after this page was loaded
        rounds.close(other_tab, other_tab.get(Event, event.id), 1)
    table = data.tables[0]
    winner = data.seated_at(table)[0].id
    with pytest.raises(Conflict) as stale:  # the page showed the round running
        record_games(session, data, table, [GameEntry(1, None, frozenset({winner}), None)])
    assert str(stale.value) == ("Round 1 was closed or reopened a moment ago. "
                                "Nothing was saved; reload the page and check.")
    session.rollback()
    with pytest.raises(Conflict) as closed:  # the page shows it closed
        record_games(session, load_round(session, event, 1), table, [GameEntry(1, None, frozenset({winner}), None)])
    assert str(closed.value) == "Round 1 is closed; results can be entered only while it runs."
    session.rollback()
    assert session.scalars(select(Game)).all() == []


def test_a_seat_of_a_started_round_cannot_be_moved(ctx):
    session, event = ctx
    rounds.start_round(session, event, now=T0)
    data = load_round(session, event, 1)
    player = data.players[data.seats[0].player_id]
    with pytest.raises(Conflict, match=r"^Round 1 has started; its seats are as played\.$"):
        rounds.move_planned_seat(session, data, player, 2)


def test_the_event_lock_is_taken_once_per_transaction_and_again_after_it(app, ctx):
    session, event = ctx
    with count_queries(app) as statements:
        lock_event(session, event.id)
        lock_event(session, event.id)
        session.commit()
        lock_event(session, event.id)
        session.rollback()
    updates = [s for s in statements if s.startswith("UPDATE events SET name=events.name")]
    assert len(updates) == 2, statements


def test_the_longest_name_is_the_one_passed_in(ctx):
    session, event = ctx
    with pytest.raises(DomainError, match="Names longer than 6 characters"):
        players.add_players(session, event, "Ambrose", max_name_length=6)
    session.rollback()
    assert [p.name for p in players.add_players(session, event, "Ambrose")] == ["Ambrose"]


def test_the_apps_name_length_setting_reaches_the_services(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    app.config["MAX_NAME_LENGTH"] = 6
    page = organiser.post(f"/events/{event_id}/players", data={"names": "Ambrose"})
    assert page.status_code == 400
    assert "Names longer than 6 characters" in page.get_data(as_text=True)
    with app.app_context():
        assert service_config.max_name_length() == 6
        assert service_config.backup_store().folder == Path(app.instance_path) / "backups"
