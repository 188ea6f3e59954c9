from __future__ import annotations

import enum

from sqlalchemy import ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, enum_column


class WishKind(enum.Enum):
    APART = "apart"  # never at the same home table (two siblings, two friends who would talk)
    TOGETHER = "together"  # at the same home table (a pupil who needs a buddy)


class SeatingWish(Base):
    """A pair of players the home-table assignment keeps apart or together when it can.
    Movement never reads it: after round 1 the rules decide. The pair is stored with the
    smaller player id first, so a pair has one row whatever order it was entered in."""

    __tablename__ = "seating_wishes"
    __table_args__ = (UniqueConstraint("first_player_id", "second_player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    kind: Mapped[WishKind] = mapped_column(enum_column(WishKind))
    first_player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    second_player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
