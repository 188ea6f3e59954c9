"""What the notice "What this app stores" reads live: how long events are kept, each event's names
setting, the accounts by role, and the files that hold names with their actual permissions.

The page states facts read here at the moment it is drawn, never a copy of a setting, so a
printed notice tells what the laptop did on the day it was printed."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..core.public_names import NamesShown
from ..models import Event, Organiser, Role
from .retention import retention_days


@dataclass(frozen=True)
class StoredPlace:
    kind: str  # "instance", "database", "backups"
    path: str
    exists: bool
    mode: str | None  # "0700"; None when missing or on a system without POSIX permissions
    private: bool  # nobody but the account running the app may read it


@dataclass(frozen=True)
class Notice:
    retention_days: int | None  # None: never erased automatically
    events: list[tuple[str, NamesShown]]  # each event's name and what the room sees of names
    organisers: int
    helpers: int
    places: list[StoredPlace]
    posix: bool


def _place(kind: str, path: Path) -> StoredPlace:
    if os.name != "posix" or not path.exists():
        return StoredPlace(kind, str(path), path.exists(), None, False)
    mode = stat.S_IMODE(path.stat().st_mode)
    return StoredPlace(kind, str(path), True, f"{mode:04o}", mode & 0o077 == 0)


def notice(session: Session, instance: Path, database: Path | None, backups: Path) -> Notice:
    """The facts of the notice; ``database`` is the SQLite file (None for PostgreSQL)."""
    events = [(name, shown) for name, shown in
              session.execute(select(Event.name, Event.names_shown).order_by(Event.created_at.desc(), Event.id.desc()))]
    roles: dict[Role, int] = {role: count for role, count in
                              session.execute(select(Organiser.role, func.count()).group_by(Organiser.role))}
    places = [_place("instance", instance), *([_place("database", database)] if database is not None else []),
              _place("backups", backups)]
    return Notice(retention_days(session), events, roles.get(Role.ORGANISER, 0), roles.get(Role.HELPER, 0),
                  places, os.name == "posix")
