from __future__ import annotations

import enum
import secrets
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .. import games
from ..core.limits import MAX_HOUSE_RULE
from ..core.public_names import NamesShown
from ..core.rounds import DEFAULT_ROUNDS
from ..games import settings as declared
from .base import Base, UtcDateTime, enum_column, new_token, utcnow

if TYPE_CHECKING:
    from .player import Player
    from .round import Round


def new_deal_salt() -> str:
    return secrets.token_hex(16)


class TableAgreement(enum.Enum):
    """Whether a table confirms the results its phone sends. A result counts at once in every
    case; an unconfirmed or disputed one is marked, and with WARN the round's close lists them."""

    OFF = "off"
    ASK = "ask"
    WARN = "warn"


class Event(Base):
    """One session with one group of players."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    # The card game every table plays, by its registry key (tournament.games); never changes.
    game: Mapped[str] = mapped_column(String(40), default=games.DEFAULT, server_default=games.DEFAULT)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    # IANA name of the zone pages show the event's moments in (tournament.time_zones); moments stay UTC.
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    # Language of the pages the whole room reads (projector, print) and the phones' default
    # (tournament.i18n.languages code).
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    round_minutes: Mapped[int] = mapped_column(Integer, default=7)
    # How many rounds the tournament plays: closing that round plans no next one and ends it.
    planned_rounds: Mapped[int] = mapped_column(Integer, default=DEFAULT_ROUNDS, server_default=str(DEFAULT_ROUNDS))
    # When the tournament ended (None: it is playing). Only services.lifecycle writes it.
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True, default=None)
    # Seed of the home-table shuffle: the same seed always gives the same plan.
    shuffle_seed: Mapped[int] = mapped_column(Integer, default=1)
    table_agreement: Mapped[TableAgreement] = mapped_column(
        enum_column(TableAgreement), default=TableAgreement.ASK, server_default=TableAgreement.ASK.value)
    # What the room sees of a name (core.public_names); stored events keep FULL (migration 0016).
    names_shown: Mapped[NamesShown] = mapped_column(
        enum_column(NamesShown), default=NamesShown.INITIAL, server_default=NamesShown.FULL.value)
    # When the organiser last chose "Keep" for this event: the retention counts from here too.
    kept_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True, default=None)
    study_minutes: Mapped[int] = mapped_column(Integer, default=5, server_default="5")
    practice_minutes: Mapped[int] = mapped_column(Integer, default=3, server_default="3")

    # Printing
    paper_size: Mapped[str] = mapped_column(String(8), default="a4", server_default="a4")
    sheet_copies: Mapped[int] = mapped_column(Integer, default=2, server_default="2")
    colour_safe: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    # The room: read-only links for the projector and for "where do I sit".
    projector_token: Mapped[str] = mapped_column(String(64), default=new_token, unique=True)
    public_token: Mapped[str] = mapped_column(String(64), default=new_token, unique=True)
    projector_theme: Mapped[str] = mapped_column(String(8), default="dark", server_default="dark")
    chime: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    # Phase timer, kept by the server so every screen shows the same countdown.
    # Running: ends at timer_started_at + timer_seconds. Paused: timer_paused_left seconds remain.
    timer_phase: Mapped[str | None] = mapped_column(String(16), nullable=True)
    timer_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    timer_started_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    timer_paused_left: Mapped[float | None] = mapped_column(Float, nullable=True)

    # Moves once with every committed change to the event or anything in it (services.unit_of_work),
    # so the projector can tell "nothing changed" from one row instead of recomputing.
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The debrief. Until the organiser reveals the rules, no page outside the organiser's shows
    # a table's variant. `debrief_step` is the prompt on the wall (None: the wall follows the
    # tournament); `debrief_steps` the event's own prompts (None: the default sequence);
    # `debrief_trick` the trick replayed under every table's rules, card codes lead first
    # (None: the app proposes one).
    debrief_revealed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True, default=None)
    debrief_step: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    debrief_steps: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True, default=None)
    debrief_trick: Mapped[str | None] = mapped_column(String(120), nullable=True, default=None)
    # Part of every online deal's seed (services.online.seed): ids come back after a deletion
    # (SQLite gives the newest row's id again), a salt never does, so no event deals what another
    # dealt. Made with the row, so an imported, restored or duplicated event gets its own; never
    # exported. Empty only for a row written outside the app.
    deal_salt: Mapped[str] = mapped_column(String(32), default=new_deal_salt, server_default="")

    tables: Mapped[list[Table]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Table.number"
    )
    players: Mapped[list[Player]] = relationship(
        back_populates="event", cascade="all, delete-orphan", order_by="Player.id"
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
    # The table's rule variant in its game's JSON form (games.settings.to_json); read it through `variant`.
    variant_data: Mapped[dict[str, Any]] = mapped_column("variant", JSON)
    # One line of the organiser's own that prints on this table's rule sheet only.
    house_rule: Mapped[str | None] = mapped_column(String(MAX_HOUSE_RULE), nullable=True, default=None)
    # Secret of the table's phone link (score-slip QR); None when revoked.
    token: Mapped[str | None] = mapped_column(String(64), default=new_token, nullable=True, unique=True)
    # Played online: each player on their own device at a virtual table (services.online).
    online: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Online only: the app enforces legal plays and takes tricks by this table's rules (for
    # practice or a demonstration). Off, the players decide, as at a real table.
    app_referees: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    event: Mapped[Event] = relationship(back_populates="tables")

    @property
    def variant(self) -> Any:
        """The variant, as the event's game reads it. The event is nearly always in the session
        already (pages load it first), so this costs no SQL; otherwise one SELECT per session."""
        return declared.from_json(games.game_of(self.event).settings, self.variant_data)

    @variant.setter
    def variant(self, variant: Any) -> None:
        """Stored in the game's JSON form; a table not yet added to an event plays the default game."""
        event = self.event
        game = games.game_of(event) if event is not None else games.get(games.DEFAULT)
        self.variant_data = declared.to_json(game.settings, variant)
