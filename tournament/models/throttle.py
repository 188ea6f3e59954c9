"""Rate limits' counts where every server process sees them (`tournament.throttle_store`).

Not the tournament's data: no event owns a row, nothing exports them, and a row outlives its
limit's period by no more than a sweep (`expires_at`)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base


class ThrottleCount(Base):
    """The requests (or points, for a limit on an amount) one limit counted for one key in one
    slice of its period. `key` is a SHA-256 of the limit's key (which names the limit, its
    period and who is counted: an address, a typed username, a link), so a username with a NUL
    or of any length is a key like any other, and the table holds no typed name. A slice is a
    sixtieth of the limit's period, numbered from the epoch; `expires_at` (epoch seconds) is
    when it stops counting: its latest hit's time plus the period. (The fixed-window calls keep
    one row a key, slice -1, whose `expires_at` ends its window.)"""

    __tablename__ = "throttle_counts"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    slice: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    hits: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float, index=True)
