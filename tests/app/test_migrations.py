"""The Alembic migrations and the models must describe the same schema."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from tournament import create_app
from tournament.migrate import upgrade
from tournament.models import Base
from tests.conftest import PG_URL


def test_migrations_build_exactly_the_schema_the_models_declare(tmp_path):
    if PG_URL:
        engine = create_engine(PG_URL)
        Base.metadata.drop_all(engine)
        with engine.begin() as connection:
            connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    else:
        engine = create_engine(f"sqlite:///{tmp_path / 'migrated.sqlite3'}")
    try:
        upgrade(engine)
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        if PG_URL:
            Base.metadata.drop_all(engine)
            Base.metadata.create_all(engine)
            with engine.begin() as connection:
                connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        engine.dispose()


def test_db_upgrade_command_is_repeatable(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path))
    runner = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}"}).test_cli_runner()
    first = runner.invoke(args=["db-upgrade"])
    second = runner.invoke(args=["db-upgrade"])
    assert first.exit_code == 0, first.output
    assert second.exit_code == 0 and "up to date" in second.output
