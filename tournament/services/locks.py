"""Serialising changes that depend on a round's state.

A phone may send a result while the organiser closes the same round. Both first take the
round's row lock with a no-op UPDATE (on PostgreSQL a row lock; on SQLite the database write
lock, which fails fast if this transaction read data another writer has since changed), then
read the state again. So a close never misses a game saved a moment before, and a game never
lands in a round that was closed a moment before.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..models import Round, RoundState


def lock_round(session: Session, round_: Round) -> RoundState:
    """Lock the round's row for the rest of the transaction; return its committed state."""
    session.execute(
        update(Round).where(Round.id == round_.id).values(state=Round.state)
        .execution_options(synchronize_session=False)
    )
    return session.scalar(select(Round.state).where(Round.id == round_.id))
