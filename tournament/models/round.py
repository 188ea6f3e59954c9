from __future__ import annotations

import enum
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Boolean, ForeignKey, Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..core.rounds import RoundState
from .base import Base, UtcDateTime, enum_column

if TYPE_CHECKING:
    from .event import Event, Table
    from .game import Game
    from .player import Player


__all__ = ["Presence", "Round", "RoundState", "Seat"]


class Presence(enum.Enum):
    """Whether a seated player is at the table this round. NULL: nobody has said yet."""

    HERE = "here"
    MISSING = "missing"  # the table's phone reported them missing; the organiser decides
    ABSENT = "absent"  # the organiser marked them absent: not ranked, does not move this round


class Round(Base):
    """A timed period of play: planned (seats may be adjusted) -> running -> closed.

    `state` is stored as the state's value ("planned", ...), so the core's enum is the column's
    type as it stands. Only services.lifecycle changes it, following core.rounds' table."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    state: Mapped[RoundState] = mapped_column(enum_column(RoundState), default=RoundState.PLANNED)
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)

    event: Mapped[Event] = relationship(back_populates="rounds")
    seats: Mapped[list[Seat]] = relationship(back_populates="round", cascade="all, delete-orphan")
    games: Mapped[list[Game]] = relationship(back_populates="round", cascade="all, delete-orphan")


class Seat(Base):
    """Where a player sits in a round. `manual` marks a seat the organiser changed by hand."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    manual: Mapped[bool] = mapped_column(Boolean, default=False)
    presence: Mapped[Presence | None] = mapped_column(enum_column(Presence), nullable=True, default=None)

    round: Mapped[Round] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()
    table: Mapped[Table] = relationship()
