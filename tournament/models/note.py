from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column

from ..core.limits import MAX_NOTE_TEXT
from .base import Base, UtcDateTime, utcnow


class DebriefNote(Base):
    """A short note or an icon flag a table's phone or an observer sends during the event, for
    the organiser now and the debrief later. Round and table are kept as numbers, like the
    audit log, so a note outlives a table removed afterwards.

    `source` is "table" (a table's phone; `author` empty), "observer" (`author` is the
    observer's name as it was) or "online" (a disputed trick at an online table; `author`
    empty). A note has a `flag`, a `text`, or both. `nonce` is the sending page's one-time key:
    the same form sent twice (a double tap, a resend) is one note.
    """

    __tablename__ = "debrief_notes"
    __table_args__ = (UniqueConstraint("event_id", "nonce"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    round_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    source: Mapped[str] = mapped_column(String(16))
    author: Mapped[str] = mapped_column(String(80), default="", server_default="")
    flag: Mapped[str | None] = mapped_column(String(16), nullable=True)
    text: Mapped[str | None] = mapped_column(String(MAX_NOTE_TEXT), nullable=True)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    nonce: Mapped[str | None] = mapped_column(String(64), nullable=True)
