"""Online play: players at virtual tables, each on their own device.

These rows are the live state of play, not the tournament's record: a finished online game is
recorded as an ordinary `Game` of the running round, and that is what standings, exports and
the debrief read. So a change to them alone does not move the event's revision (its unit of
work says ``record=False``): a card played does not invalidate every page's cache.
Screens that follow online play read `OnlineClock.version` instead.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, UtcDateTime, utcnow


class OnlineClaim(Base):
    """A player's name claimed on one device. `token` is the secret of the player's personal
    link (`/play/<token>`); the device keeps it. No row: the name is free to claim.
    `seen_at` is the device's last poll (written at most every few seconds): the organiser
    sees who is away. `claimed_from` is the address a device claimed the name from on the
    event's list (an address holds only so many names at once); None for a personal link the
    organiser made, which whoever opens it plays."""

    __tablename__ = "online_claims"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    claimed_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    seen_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True, default=None)
    claimed_from: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)


class OnlineClock(Base):
    """Grows with every change to one online table's play (a card, a pointing, a chat line, a
    gesture, a stroke on the pad), so a device asks "anything new at my table?" in one row."""

    __tablename__ = "online_clocks"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)


# How the seeds of deals written now are made (`services.online.seed`), kept in each deal's row.
SEED_VERSION = 2


class OnlineGame(Base):
    """One deal at one online table: a practice deal (`round_id` None) or a game of a round.

    The cards are never stored: the deal is drawn from a secret seed (the app's key, the
    event's salt, the table, the round, `number`, `seats` and `dealer`), and the state is that
    deal replayed through `actions`, the list of accepted actions in the engine's JSON form
    (each with its device's nonce, so a repeated action is recognised). `seats` are the players'
    ids in playing order and `dealer` an index into them. `seed_version` says how its seed is
    made: `SEED_VERSION`, or None for a deal written before seats and salt were part of it.
    `recorded_as` is the number of the tournament `Game` it was recorded as."""

    __tablename__ = "online_games"
    __table_args__ = (UniqueConstraint("table_id", "round_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    round_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), nullable=True, index=True)
    number: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    dealer: Mapped[int] = mapped_column(Integer, default=0)
    actions: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True, default=None)
    recorded_as: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    # The variant the app referees this deal by (the game's JSON form), as the table was set
    # when the deal was written; None: the players decide. A deal is always replayed under the
    # rules it was played by, whatever the table's settings become.
    referee: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)
    seed_version: Mapped[int | None] = mapped_column(Integer, nullable=True, default=SEED_VERSION)


class OnlineMessage(Base):
    """Something said at an online table without a card: a chat line (practice only), a
    gesture from the fixed set, or a stroke on the shared drawing pad (`kind` "chat",
    "gesture", "stroke", "clear"). `body` is the kind's JSON form. `nonce` makes a resend one
    message."""

    __tablename__ = "online_messages"
    __table_args__ = (UniqueConstraint("table_id", "nonce"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    round_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), nullable=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"), nullable=True)
    kind: Mapped[str] = mapped_column(String(8))
    body: Mapped[Any] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    nonce: Mapped[str | None] = mapped_column(String(64), nullable=True)
