"""The audit log: who changed what, when. Entries join the caller's transaction, so a
change and its log line are committed together or not at all."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import AuditEntry

ORGANISER = "organiser"
PAGE_SIZE = 200


def log(
    session: Session,
    event_id: int,
    actor: str,
    action: str,
    subject: str = "",
    *,
    round_number: int | None = None,
    table_number: int | None = None,
    old: str | None = None,
    new: str | None = None,
) -> None:
    session.add(AuditEntry(
        event_id=event_id, actor=actor[:80], action=action, subject=subject[:200],
        round_number=round_number, table_number=table_number, old_value=old, new_value=new,
    ))


@dataclass(frozen=True)
class AuditFilter:
    round_number: int | None = None
    table_number: int | None = None


def entries(session: Session, event_id: int, where: AuditFilter, limit: int = PAGE_SIZE) -> list[AuditEntry]:
    """Newest first."""
    query = select(AuditEntry).where(AuditEntry.event_id == event_id)
    if where.round_number is not None:
        query = query.where(AuditEntry.round_number == where.round_number)
    if where.table_number is not None:
        query = query.where(AuditEntry.table_number == where.table_number)
    return list(session.scalars(query.order_by(AuditEntry.at.desc(), AuditEntry.id.desc()).limit(limit)))
