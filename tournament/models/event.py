from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..core import RuleVariant, Suit
from .base import Base, UtcDateTime, utcnow

if TYPE_CHECKING:
    from .player import Player
    from .round import Round


class Event(Base):
    """One session with one group of players."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    round_minutes: Mapped[int] = mapped_column(Integer, default=7)
    # Seed of the home-table shuffle: the same seed always gives the same plan.
    shuffle_seed: Mapped[int] = mapped_column(Integer, default=1)

    tables: Mapped[list[Table]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Table.number"
    )
    players: Mapped[list[Player]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Player.name"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Round.number"
    )


class Table(Base):
    """A numbered table; 1 is the bottom table, the highest number the top. Holds its rule variant."""

    __tablename__ = "tables"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    ace: Mapped[str] = mapped_column(String(8))
    wins: Mapped[str] = mapped_column(String(8))
    trump: Mapped[str | None] = mapped_column(String(8), nullable=True)
    trump_any_time: Mapped[bool] = mapped_column(Boolean, default=False)

    event: Mapped[Event] = relationship(back_populates="tables")

    @property
    def variant(self) -> RuleVariant:
        return RuleVariant(
            ace=self.ace,
            wins=self.wins,
            trump=Suit(self.trump) if self.trump else None,
            trump_any_time=self.trump_any_time,
        )

    @variant.setter
    def variant(self, variant: RuleVariant) -> None:
        self.ace = variant.ace
        self.wins = variant.wins
        self.trump = variant.trump.value if variant.trump else None
        self.trump_any_time = variant.trump_any_time
