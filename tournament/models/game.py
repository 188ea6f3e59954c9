from __future__ import annotations

import enum
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, UtcDateTime, enum_column, utcnow

if TYPE_CHECKING:
    from .event import Table
    from .round import Round


class Agreement(enum.Enum):
    """Where the table stands on a result its phone sent. A game the organiser entered, or
    sent while the event asks no confirmation, has none (NULL)."""

    ASKED = "asked"  # sent, no other player has confirmed it yet
    AGREED = "agreed"  # another player of the table tapped "We agree"
    DISPUTED = "disputed"  # another player tapped "We don't": the organiser settles it
    SETTLED = "settled"  # the organiser kept or changed a disputed result


class Game(Base):
    """One hand at one table in one round.

    `version` grows on every change, so a form or phone holding an older copy is refused
    instead of silently overwriting a newer result.

    The result is a set of rows, one per player the table reported on (`GameResult`): the
    players who won (one, or several when the game has partnerships or shared wins) and, when
    the game keeps a score and the table gave it, every reported player's score.
    """

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("round_id", "table_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)
    # The entries of a game kept on the app's scorer (hands, deals), in the game's JSON form,
    # players named by id as strings; None for a game reported by its result only. The result
    # rows are what the tournament reads; they are the scorer's tally of this sheet.
    sheet: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True, default=None)
    agreement: Mapped[Agreement | None] = mapped_column(enum_column(Agreement), nullable=True, default=None)

    round: Mapped[Round] = relationship(back_populates="games")
    table: Mapped[Table] = relationship()
    results: Mapped[list[GameResult]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="GameResult.player_id"
    )

    @property
    def winner_ids(self) -> frozenset[int]:
        """The players who won this game (empty only if every winner has since been deleted)."""
        return frozenset(r.player_id for r in self.results if r.won)

    @property
    def scores(self) -> dict[int, int] | None:
        """Player id -> score, or None when the table reported only who won."""
        found = {r.player_id: r.score for r in self.results if r.score is not None}
        return found or None

    def set_result(self, winner_ids: Collection[int], scores: Mapping[int, int] | None) -> None:
        """Replace the result: a row for every winner and every scored player."""
        winners = set(winner_ids)
        scored = dict(scores or {})
        self.results = [GameResult(player_id=pid, score=scored.get(pid), won=pid in winners)
                        for pid in sorted(winners | set(scored))]


class GameResult(Base):
    """One player's part in one game's result: won or not, and the score when one was given.

    A row exists for every winner and for every player the table gave a score; a winner-only
    report leaves `score` NULL."""

    __tablename__ = "game_results"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    won: Mapped[bool] = mapped_column(Boolean)

    game: Mapped[Game] = relationship(back_populates="results")
