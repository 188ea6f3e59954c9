from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import CheckConstraint, ForeignKey, Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, UtcDateTime, utcnow

if TYPE_CHECKING:
    from .event import Table
    from .player import Player
    from .round import Round


class Game(Base):
    """One hand at one table in one round.

    `version` grows on every change, so a form or phone holding an older copy is refused
    instead of silently overwriting a newer result.
    """

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("round_id", "table_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    winner_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), nullable=True
    )
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)

    round: Mapped[Round] = relationship(back_populates="games")
    table: Mapped[Table] = relationship()
    winner: Mapped[Player | None] = relationship()
    tricks: Mapped[list[GameTricks]] = relationship(
        back_populates="game", cascade="all, delete-orphan"
    )


class GameTricks(Base):
    """Tricks one player took in one game; present only when the table reported trick counts."""

    __tablename__ = "game_tricks"
    __table_args__ = (CheckConstraint("tricks >= 0", name="tricks_not_negative"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    tricks: Mapped[int] = mapped_column(Integer)

    game: Mapped[Game] = relationship(back_populates="tricks")
