"""Declarative base with a naming convention, so Alembic migrations get stable constraint names."""

from __future__ import annotations

import enum
import re
import secrets
from datetime import UTC, datetime

from sqlalchemy import DateTime, Enum, MetaData
from sqlalchemy.orm import DeclarativeBase

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def utcnow() -> datetime:
    return datetime.now(UTC)


UtcDateTime = DateTime(timezone=True)


def new_token() -> str:
    """Unguessable link secret (phones, projector, "where do I sit")."""
    return secrets.token_urlsafe(18)


# What the app's link secrets look like (`secrets.token_urlsafe`). Anything else is no link of
# ours and never reaches the database: PostgreSQL refuses a NUL in a text parameter with an
# error instead of finding no row.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_token(text: object) -> bool:
    return isinstance(text, str) and TOKEN_SHAPE.fullmatch(text) is not None


def enum_column(enum_class: type[enum.Enum]) -> Enum:
    """Stored as its string value (readable in exports and SQL), checked by a constraint."""
    return Enum(
        enum_class,
        native_enum=False,
        create_constraint=True,
        length=16,
        values_callable=lambda members: [m.value for m in members],
        name=enum_class.__name__.lower(),
    )
