"""Upgrading a database gives every stored event a number of rounds that leaves it playing: at
least 4, and never fewer than the rounds it has (its planned next round included)."""

from __future__ import annotations

from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

from benchmarks.harness import wipe_postgres
from tests.conftest import PG_URL
from tournament.migrate import upgrade
from tournament.models import Base, Event


def test_stored_events_play_at_least_four_rounds_and_all_they_have(tmp_path):
    engine = create_engine(PG_URL) if PG_URL else create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    if PG_URL:
        wipe_postgres(engine)
    try:
        upgrade(engine, "0013")
        with engine.begin() as connection:
            for event_id, rounds in ((1, 2), (2, 6)):
                connection.execute(text(
                    "INSERT INTO events (id, name, created_at, round_minutes, shuffle_seed, projector_token, "
                    "public_token, revision) VALUES (:id, 'Class', '2026-05-02 09:30:00', 7, 1, :p, :q, 0)"),
                    {"id": event_id, "p": f"p{event_id}", "q": f"q{event_id}"})
                for number in range(1, rounds + 1):
                    connection.execute(text("INSERT INTO rounds (event_id, number, state) VALUES (:e, :n, :s)"),
                                       {"e": event_id, "n": number, "s": "planned" if number == rounds else "closed"})
        upgrade(engine)
        with Session(engine) as session:
            assert [(e.planned_rounds, e.ended_at) for e in session.query(Event).order_by(Event.id)] == [
                (4, None), (6, None)]
    finally:
        if PG_URL:
            wipe_postgres(engine)
            Base.metadata.create_all(engine)
        engine.dispose()
