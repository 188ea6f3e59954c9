"""Page caches in every server process follow `Event.revision`; a write the unit of work does
not see must still move it (models/revision.py), or another process would serve a stale page."""

from __future__ import annotations

import pytest
from sqlalchemy import insert, select, text, update

from tournament import db
from tournament.models import Event, Game, GameResult, Player, Round
from tournament.models.revision import UnseenWrite, bulk_write
from tournament.services import events, players, rounds, tables


def _event_with_round(session, name="Class"):
    event = events.create_event(session, name)
    players.add_players(session, event, "Ann\nBob\nCid\nDee")
    tables.set_table_count(session, event, 1)
    round_ = rounds.start_round(session, event)
    session.commit()
    return event.id, round_.id


def _revision(session, event_id):
    session.expire_all()
    return session.scalar(select(Event.revision).where(Event.id == event_id))


def test_bulk_write_to_an_event_moves_its_revision(app):
    with app.app_context():
        session = db.session()
        event_id, round_id = _event_with_round(session)
        table_id = session.get(Round, round_id).event.tables[0].id
        before = _revision(session, event_id)
        with bulk_write(session, event_id):
            session.execute(insert(Game), [{"round_id": round_id, "table_id": table_id, "number": 1, "version": 1}])
        session.commit()
        assert _revision(session, event_id) == before + 1


@pytest.mark.parametrize("write", ["orm insert", "core update", "query delete", "text update"])
def test_bulk_write_outside_the_helper_moves_every_revision(app, write):
    with app.app_context():
        session = db.session()
        first, round_id = _event_with_round(session, "First")
        second, _ = _event_with_round(session, "Second")
        table_id = session.get(Round, round_id).event.tables[0].id
        before = _revision(session, first), _revision(session, second)
        if write == "orm insert":
            session.execute(insert(Game), [{"round_id": round_id, "table_id": table_id, "number": 1, "version": 1}])
        elif write == "core update":
            session.execute(update(Player.__table__).where(Player.event_id == first).values(name=Player.name + "!"))
        elif write == "query delete":
            session.query(Player).filter(Player.name == "Ann", Player.event_id == first).delete()
        else:
            session.execute(text("UPDATE players SET name = name WHERE event_id = :e"), {"e": first})
        session.commit()
        after = _revision(session, first), _revision(session, second)
        assert after[0] > before[0] and after[1] > before[1]


def test_driver_level_write_to_an_event_is_refused_outside_the_helper(app):
    with app.app_context():
        session = db.session()
        event_id, _ = _event_with_round(session)
        with pytest.raises(UnseenWrite):
            session.connection().exec_driver_sql(f"UPDATE players SET name = name WHERE event_id = {event_id}")
        session.rollback()
        before = _revision(session, event_id)
        with bulk_write(session, event_id):
            session.connection().exec_driver_sql(f"UPDATE players SET name = name WHERE event_id = {event_id}")
        session.commit()
        assert _revision(session, event_id) == before + 1


def test_the_event_row_lock_leaves_the_revision_alone(app):
    from tournament.services.locks import lock_event

    with app.app_context():
        session = db.session()
        event_id, _ = _event_with_round(session)
        before = _revision(session, event_id)
        lock_event(session, event_id)
        session.commit()
        assert _revision(session, event_id) == before


def test_an_imported_event_writes_its_rows_through_the_helper(app):
    from tournament.services import transfer

    with app.app_context():
        session = db.session()
        event_id, _ = _event_with_round(session)
        document = transfer.export_event(session, session.get(Event, event_id))
        imported = transfer.import_event(session, document, suffix=" (copy)")
        session.commit()
        assert _revision(session, imported.id) >= 1
        assert session.scalar(select(Player.id).where(Player.event_id == imported.id).limit(1)) is not None


def test_changing_only_a_games_result_rows_moves_the_revision(app):
    with app.app_context():
        session = db.session()
        event_id, round_id = _event_with_round(session)
        table_id = session.get(Round, round_id).event.tables[0].id
        ann, bob, *_ = session.scalars(select(Player.id).where(Player.event_id == event_id).order_by(Player.name))
        game = Game(round_id=round_id, table_id=table_id, number=1, version=1)
        game.set_result({ann}, {ann: 3, bob: 1})
        session.add(game)
        session.commit()
        before = _revision(session, event_id)
        result = session.scalars(select(GameResult).where(GameResult.player_id == bob)).one()
        result.score = 2  # the game row itself is untouched
        session.commit()
        assert _revision(session, event_id) == before + 1
        session.delete(result)
        session.commit()
        assert _revision(session, event_id) == before + 2
