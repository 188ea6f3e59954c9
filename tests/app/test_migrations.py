"""The Alembic migrations and the models must describe the same schema."""

import re

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.orm import Session

from benchmarks.harness import wipe_postgres
from tests.conftest import PG_URL
from tournament import create_app
from tournament.games.five_tricks.cards import Suit
from tournament.games.five_tricks.variants import FiveTricksVariant
from tournament.migrate import MIGRATIONS, alembic_config, upgrade
from tournament.models import Base, Event, Game

# The newest migration: "still at the new schema" means this, whatever migration came last.
HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()


def test_migrations_build_exactly_the_schema_the_models_declare(tmp_path):
    if PG_URL:
        engine = create_engine(PG_URL)
        wipe_postgres(engine)
    else:
        engine = create_engine(f"sqlite:///{tmp_path / 'migrated.sqlite3'}")
    try:
        upgrade(engine)
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        if PG_URL:
            wipe_postgres(engine)
            Base.metadata.create_all(engine)
        engine.dispose()


def test_db_upgrade_command_is_repeatable(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path))
    runner = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}"}).test_cli_runner()
    first = runner.invoke(args=["db-upgrade"])
    second = runner.invoke(args=["db-upgrade"])
    assert first.exit_code == 0, first.output
    assert second.exit_code == 0 and "up to date" in second.output


def downgrade(engine, revision: str) -> None:
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


@pytest.fixture
def old_database(tmp_path):
    """A database as the previous version (0004) left it: one event, tables with three different
    variants. On PostgreSQL when the suite runs there, the shared test database is rebuilt after."""
    if PG_URL:
        engine = create_engine(PG_URL)
        wipe_postgres(engine)
    else:
        engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    upgrade(engine, "0004")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO events (id, name, created_at, round_minutes, shuffle_seed, projector_token, "
            "public_token, revision) VALUES (1, 'Class 4B', '2026-05-02 09:30:00', 7, 1, 'p', 'q', 0)"))
        connection.execute(text(
            "INSERT INTO tables (id, event_id, number, ace, wins, trump, trump_any_time, token) VALUES "
            "(1, 1, 1, 'low', 'lowest', 'hearts', false, 't1'), "
            "(2, 1, 2, 'high', 'highest', NULL, true, 't2'), "
            "(3, 1, 3, 'low', 'highest', 'spades', true, NULL)"))
    try:
        yield engine
    finally:
        if PG_URL:
            wipe_postgres(engine)
            Base.metadata.create_all(engine)
        engine.dispose()


OLD_VARIANTS = [
    FiveTricksVariant(ace="low", wins="lowest", trump=Suit.HEARTS, trump_any_time=False),
    FiveTricksVariant(ace="high", wins="highest", trump=None, trump_any_time=True),
    FiveTricksVariant(ace="low", wins="highest", trump=Suit.SPADES, trump_any_time=True),
]


def test_upgrading_keeps_every_tables_rule_variant_and_makes_old_events_five_tricks(old_database):
    upgrade(old_database)
    with Session(old_database) as session:
        event = session.get(Event, 1)
        assert event.game == "five-tricks"
        assert [table.variant for table in event.tables] == OLD_VARIANTS
        assert event.tables[0].token == "t1"


def test_downgrading_puts_the_variants_back_in_their_columns(old_database):
    upgrade(old_database)
    downgrade(old_database, "0004")
    with old_database.connect() as connection:
        rows = connection.exec_driver_sql("SELECT ace, wins, trump, trump_any_time FROM tables ORDER BY number")
        assert [(ace, wins, trump, bool(any_time)) for ace, wins, trump, any_time in rows] == [
            ("low", "lowest", "hearts", False), ("high", "highest", None, True), ("low", "highest", "spades", True)]


def test_downgrading_is_refused_while_an_event_plays_another_game(old_database):
    upgrade(old_database)
    with old_database.begin() as connection:
        connection.execute(text("UPDATE events SET game = 'highest-card'"))
    with pytest.raises(RuntimeError, match="play a game other than Five Tricks"):
        downgrade(old_database, "0004")
    with old_database.connect() as connection:  # nothing changed: still at the new schema
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == HEAD
        assert connection.exec_driver_sql("SELECT count(*) FROM tables WHERE variant IS NOT NULL").scalar() == 3


def _old_games(engine) -> None:
    """Round 1 of the 0004 event: game 1 with tricks (Ben won 3-1-0), game 2 with only a
    ticked winner (Ana), game 3 whose winner was deleted (no winner left)."""
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO players (id, event_id, name, name_key, status) VALUES "
            "(1, 1, 'Ana', 'ana', 'seated'), (2, 1, 'Ben', 'ben', 'seated'), (3, 1, 'Cleo', 'cleo', 'seated')"))
        connection.execute(text("INSERT INTO rounds (id, event_id, number, state) VALUES (1, 1, 1, 'closed')"))
        connection.execute(text(
            "INSERT INTO games (id, round_id, table_id, number, winner_id, version, updated_at) VALUES "
            "(1, 1, 1, 1, 2, 1, '2026-05-02 09:40:00'), (2, 1, 1, 2, 1, 3, '2026-05-02 09:42:00'), "
            "(3, 1, 1, 3, NULL, 1, '2026-05-02 09:44:00')"))
        connection.execute(text(
            "INSERT INTO game_tricks (game_id, player_id, tricks) VALUES (1, 1, 1), (1, 2, 3), (1, 3, 0)"))


def test_upgrading_turns_each_games_winner_and_tricks_into_result_rows(old_database):
    _old_games(old_database)
    upgrade(old_database)
    with Session(old_database) as session:
        games = {game.number: game for game in session.scalars(select(Game))}
        assert (games[1].winner_ids, games[1].scores) == (frozenset({2}), {1: 1, 2: 3, 3: 0})
        assert (games[2].winner_ids, games[2].scores, games[2].version) == (frozenset({1}), None, 3)
        assert (games[3].winner_ids, games[3].scores) == (frozenset(), None)


def test_downgrading_puts_single_winners_and_tricks_back(old_database):
    _old_games(old_database)
    upgrade(old_database)
    downgrade(old_database, "0005")
    with old_database.connect() as connection:
        assert connection.exec_driver_sql("SELECT number, winner_id FROM games ORDER BY number").all() == [
            (1, 2), (2, 1), (3, None)]
        assert connection.exec_driver_sql(
            "SELECT game_id, player_id, tricks FROM game_tricks ORDER BY player_id").all() == [
            (1, 1, 1), (1, 2, 3), (1, 3, 0)]


def test_downgrading_is_refused_while_a_game_has_several_winners(old_database):
    _old_games(old_database)
    upgrade(old_database)
    with old_database.begin() as connection:
        connection.execute(text("UPDATE game_results SET won = true WHERE game_id = 1"))
    with pytest.raises(RuntimeError, match="have several winners"):
        downgrade(old_database, "0005")
    with old_database.connect() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == HEAD


def test_scoresheets_and_house_rules_start_empty_and_downgrade_drops_them(old_database):
    upgrade(old_database)
    with old_database.begin() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM tables WHERE house_rule IS NULL").scalar() == 3
        connection.execute(text("UPDATE tables SET house_rule = 'Deal from the left.'"))
    downgrade(old_database, "0006")
    columns = inspect(old_database)
    assert {"variant"} <= {c["name"] for c in columns.get_columns("tables")} and "house_rule" not in {
        c["name"] for c in columns.get_columns("tables")}
    assert "sheet" not in {c["name"] for c in columns.get_columns("games")}


def test_events_from_before_time_zones_show_their_times_in_utc_and_downgrade_drops_the_zone(old_database):
    upgrade(old_database)
    with Session(old_database) as session:
        assert session.get(Event, 1).time_zone == "UTC"
    downgrade(old_database, "0007")
    assert "time_zone" not in {c["name"] for c in inspect(old_database).get_columns("events")}


def test_upgrading_gives_every_event_its_own_deal_salt_and_keeps_stored_deals_on_their_old_seed(old_database):
    upgrade(old_database, "0011")
    with old_database.begin() as connection:
        connection.execute(text(
            "INSERT INTO events (id, name, created_at, round_minutes, shuffle_seed, projector_token, "
            "public_token, revision) VALUES (2, 'Class 4C', '2026-05-02 09:30:00', 7, 1, 'p2', 'q2', 0)"))
        connection.execute(text("INSERT INTO rounds (id, event_id, number, state) VALUES (1, 1, 1, 'running')"))
        connection.execute(text(
            "INSERT INTO online_games (id, event_id, table_id, round_id, number, seats, dealer, actions, created_at) "
            "VALUES (1, 1, 1, 1, 1, '[1, 2, 3, 4]', 0, '[]', '2026-05-02 09:40:00')"))
    upgrade(old_database)
    with old_database.connect() as connection:
        salts = connection.exec_driver_sql("SELECT deal_salt FROM events ORDER BY id").scalars().all()
        assert len(salts) == 2 and len(set(salts)) == 2 and all(re.fullmatch("[0-9a-f]{32}", s) for s in salts)
        assert connection.exec_driver_sql("SELECT seed_version FROM online_games").scalar_one() is None
    downgrade(old_database, "0011")
    columns = inspect(old_database)
    assert "deal_salt" not in {c["name"] for c in columns.get_columns("events")}
    assert "seed_version" not in {c["name"] for c in columns.get_columns("online_games")}


def _retention(engine) -> str | None:
    with engine.connect() as connection:
        return connection.execute(text("SELECT value FROM app_settings WHERE key = 'retention_days'")).scalar()


def test_an_upgrade_keeps_stored_events_showing_full_names_and_erases_nothing(old_database):
    upgrade(old_database)
    with old_database.connect() as connection:
        assert connection.execute(text("SELECT names_shown FROM events")).scalar() == "full"
    assert _retention(old_database) == "never"


def test_a_new_install_erases_events_90_days_after_their_last_round(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        upgrade(engine)
        assert _retention(engine) == "90"
    finally:
        engine.dispose()
