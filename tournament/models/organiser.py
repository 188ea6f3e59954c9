from __future__ import annotations

import enum

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, enum_column


class Role(enum.Enum):
    """What an account may do: an organiser everything, a helper run the class but not change
    its rules, its accounts or its files (tournament.blueprints.permissions)."""

    ORGANISER = "organiser"
    HELPER = "helper"


class Organiser(Base):
    """A facilitator account; the password is stored only as a Werkzeug hash."""

    __tablename__ = "organisers"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    # Copied into the session at login; bumping it ends every session of this account.
    session_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # Language of this account's own pages (tournament.i18n.languages code); None follows the browser.
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    role: Mapped[Role] = mapped_column(enum_column(Role), default=Role.ORGANISER,
                                       server_default=Role.ORGANISER.value)
