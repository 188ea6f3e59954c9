"""Automatic backups: the event's export file, written to `instance/backups/` after every round
close, keeping the newest `KEEP` per event (a ``BackupStore``).

A backup's file name is the only thing a request can name, so it must match `NAME` exactly and
belong to the event in the URL; nothing else under the folder (or outside it) is reachable.
The name carries the event's id *and* creation time, so that a new event that happens to reuse
a deleted event's id does not inherit its backups.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.orm import Session

from ..core.i18n import T
from ..core.limits import MAX_NAME_LENGTH
from ..models import Event
from ..private_files import private_dir
from . import transfer
from .errors import NotFound

KEEP = 20
FOLDER = "backups"
NAME = re.compile(r"event-(?P<event>[1-9][0-9]{0,11})-(?P<created>[0-9]{14})-"
                  r"(?P<at>[0-9]{8}-[0-9]{6}-[0-9]{6})-round-(?P<round>[0-9]{1,4})\.json")
STAMP = "%Y%m%d-%H%M%S-%f"
RESTORED = " (restored)"


@dataclass(frozen=True)
class Backup:
    name: str
    at: datetime
    round: int
    size: int


def _prefix(event: Event) -> str:
    created = event.created_at
    if created.tzinfo is not None:
        created = created.astimezone(UTC)
    return f"event-{event.id}-{created:%Y%m%d%H%M%S}-"


@dataclass(frozen=True)
class BackupStore:
    """Where backups go and how many per event are kept; built from the app's settings in one
    place (blueprints.service_config), so nothing here reads the app."""

    folder: Path
    keep: int = KEEP

    def write(self, session: Session, event: Event) -> Path:
        """Write the backup atomically (a reader never sees half a file), then drop the oldest."""
        document = transfer.export_event(session, event)
        closed = [r["number"] for r in document["rounds"] if r["state"] == "closed"]
        now = datetime.now(UTC)
        target = self.folder / f"{_prefix(event)}{now:{STAMP}}-round-{max(closed, default=0)}.json"
        private_dir(target.parent)
        # mkstemp creates the file 0600, and os.replace keeps that: a backup is never world-readable.
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".partial-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(transfer.to_json(document, compact=True))
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        for old in self.list_backups(event)[self.keep:]:
            (self.folder / old.name).unlink(missing_ok=True)
        return target

    def list_backups(self, event: Event) -> list[Backup]:
        """Newest first."""
        if not self.folder.is_dir():
            return []
        prefix = _prefix(event)
        found = []
        for path in self.folder.iterdir():
            match = NAME.fullmatch(path.name)
            if match and path.name.startswith(prefix) and path.is_file():
                at = datetime.strptime(match["at"], STAMP).replace(tzinfo=UTC)
                found.append(Backup(path.name, at, int(match["round"]), path.stat().st_size))
        return sorted(found, key=lambda b: b.name, reverse=True)

    def path_of(self, event: Event, name: str) -> Path:
        if not NAME.fullmatch(name) or not name.startswith(_prefix(event)):
            raise NotFound(T("There is no such backup of this event."))
        path = self.folder / name
        if not path.is_file():
            raise NotFound(T("That backup no longer exists; backups beyond the newest {count} are removed.",
                               count=self.keep))
        return path

    def restore(self, session: Session, event: Event, name: str, max_name_length: int = MAX_NAME_LENGTH) -> Event:
        """The backup becomes a new event named "<name> (restored)"; the event itself is untouched."""
        raw = self.path_of(event, name).read_bytes()
        return transfer.import_bytes(session, raw, suffix=RESTORED, max_name_length=max_name_length)
