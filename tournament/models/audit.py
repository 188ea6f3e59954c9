from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, UtcDateTime, utcnow


class AuditEntry(Base):
    """One recorded change: a result, a seat, a player's status or a round's state.

    Values are stored as the text shown to the organiser, so the log stays readable after
    players are renamed or games removed.
    """

    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    actor: Mapped[str] = mapped_column(String(80))
    # The account that made the change ("organiser" changes by an organiser or a helper); None
    # for a table's phone, an online table, or an entry from a file.
    account: Mapped[str | None] = mapped_column(String(80), nullable=True, default=None)
    action: Mapped[str] = mapped_column(String(40))
    round_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    subject: Mapped[str] = mapped_column(String(200), default="")
    old_value: Mapped[str | None] = mapped_column(Text, nullable=True)
    new_value: Mapped[str | None] = mapped_column(Text, nullable=True)
