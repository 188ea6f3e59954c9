"""Organiser accounts. Passwords are hashed with Werkzeug (scrypt), never stored in clear."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from werkzeug.security import check_password_hash, generate_password_hash

from ..models import Organiser
from .errors import DomainError

MIN_PASSWORD_LENGTH = 8


def has_organiser(session: Session) -> bool:
    return session.scalar(select(func.count()).select_from(Organiser)) > 0


def set_organiser(session: Session, username: str, password: str) -> bool:
    """Create the account or reset its password; returns True when it was created."""
    username = username.strip()
    if not username:
        raise DomainError("The username must not be empty.")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise DomainError(f"The password needs at least {MIN_PASSWORD_LENGTH} characters.")
    organiser = session.scalar(select(Organiser).where(Organiser.username == username))
    created = organiser is None
    if organiser is None:
        organiser = Organiser(username=username, password_hash="")
        session.add(organiser)
    organiser.password_hash = generate_password_hash(password)
    session.commit()
    return created


def authenticate(session: Session, username: str, password: str) -> Organiser | None:
    organiser = session.scalar(select(Organiser).where(Organiser.username == username.strip()))
    if organiser is None or not check_password_hash(organiser.password_hash, password):
        return None
    return organiser
