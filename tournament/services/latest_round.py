"""The event's latest round: the one with the highest number, whatever its state. Every page and
service that asks "where is the tournament now?" reads it here."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from ..models import Event, Round


def latest_round_statement(event_id: Any) -> Select[Round]:
    """The statement, for an event's id or a column to correlate with (``OnlineClaim.event_id``)."""
    return select(Round).where(Round.event_id == event_id).order_by(Round.number.desc()).limit(1)


def latest_round(session: Session, event: Event) -> Round | None:
    return session.scalar(latest_round_statement(event.id))
