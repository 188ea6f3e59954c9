from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, enum_column

if TYPE_CHECKING:
    from .event import Event, Table


class PlayerStatus(enum.Enum):
    SEATED = "seated"
    OBSERVER = "observer"
    WITHDRAWN = "withdrawn"


class Player(Base):
    """A display name, unique within its event when compared case- and accent-insensitively.

    `name_key` holds the folded name so that the database itself refuses "Ana" next to "ána".
    """

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("event_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    name_key: Mapped[str] = mapped_column(String(320))
    # Shown in the room instead of the name when the event shows nicknames (core.public_names).
    nickname: Mapped[str | None] = mapped_column(String(80), nullable=True, default=None)
    status: Mapped[PlayerStatus] = mapped_column(enum_column(PlayerStatus), default=PlayerStatus.SEATED)
    home_table_id: Mapped[int | None] = mapped_column(
        ForeignKey("tables.id", ondelete="SET NULL"), nullable=True
    )

    event: Mapped[Event] = relationship(back_populates="players")
    home_table: Mapped[Table | None] = relationship()
