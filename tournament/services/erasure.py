"""Erasing that erases: an event's rows, its automatic backups, and the database's own copies.

What names an event's players on this laptop: its rows (the audit log, notes and online
messages included, removed with the event by their foreign keys), its backups under
`instance/backups/`, and, on SQLite, the bytes of deleted rows (secure_delete overwrites them,
see db.py) and the write-ahead log (checkpointed and truncated here). Exports are downloads,
never written under `instance/`. No other event's rows name them: a duplicate or a restored
backup is an event of its own, and writes no line in the log of the one it came from.

Files go after the commit, so a refused deletion leaves the event whole with its backups; a
file left behind by a crash in between belongs to no event, and the next retention run sweeps
it (`sweep_files`). The retention run (`erase_expired`) erases every event past its date in
one change, and logs each by number and date only, never by name."""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from ..db import BUSY_TIMEOUT_MS
from ..models import AppSetting, Event
from . import retention
from .backups import NAME, STAMP, BackupStore, _prefix
from .errors import NotFound
from .events import NO_SUCH_EVENT, delete_event
from .unit_of_work import unit_of_work

log = logging.getLogger(__name__)

LAST_RUN_KEY = "retention_last_run"  # the day (UTC, ISO) the retention last ran
PARTIAL_AGE = timedelta(days=1)  # a half-written backup older than this was left by a crash
CHECKPOINT_WAIT_MS = 2000  # how long the checkpoint waits for readers before trying next time


def erase_event(session: Session, event_id: int, store: BackupStore) -> int:
    """Delete the event, then its backups and the database's copies of its rows. Returns how
    many backups went with it."""
    event = session.get(Event, event_id)
    if event is None:
        raise NotFound(NO_SUCH_EVENT)
    backups = store.list_backups(event)
    delete_event(session, event)
    removed = sum(_unlink(store.folder / backup.name) for backup in backups)
    scrub(session)
    return removed


def backup_count(store: BackupStore, event: Event) -> int:
    """How many backups deleting the event deletes too (the confirmation page says so)."""
    return len(store.list_backups(event))


def _unlink(path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def scrub(session: Session) -> None:
    """On SQLite, copy the write-ahead log into the file (whose deleted bytes secure_delete has
    overwritten) and truncate it, so no earlier version of a deleted row stays in it. A reader
    holding the log open makes this wait, then give up until the next erasure: logged."""
    bind = session.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine
    if engine.dialect.name != "sqlite":
        return
    if session.new or session.dirty or session.deleted:
        raise RuntimeError("unsaved objects in the session after an erasure")
    # Only reads happened since the change committed: ending them lets go of this session's
    # own snapshot, which would hold the log open.
    session.rollback()
    raw = engine.raw_connection()  # outside any transaction: a checkpoint cannot run inside one
    connection = raw.driver_connection
    assert isinstance(connection, sqlite3.Connection)
    try:
        connection.execute(f"PRAGMA busy_timeout={CHECKPOINT_WAIT_MS}")  # a page's read ends sooner
        busy, _frames, _copied = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy:
            log.warning("Erasure: the database's log was busy; the next retention run empties it.")
    finally:
        connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        raw.close()


@dataclass(frozen=True)
class Erased:
    event_id: int
    last_activity: datetime


@dataclass(frozen=True)
class Run:
    """What one retention run did."""

    events: list[Erased]
    backups: int  # files removed: the erased events', those past the retention, and leftovers


def erase_expired(session: Session, store: BackupStore, now: datetime, *, force: bool = False) -> Run | None:
    """The retention run: erase every event past its date, then the backups past the retention
    and files no event owns. Once a day (the day is stored, so several server processes run it
    once between them); ``force`` runs it again (start-up, the command line). None: already
    run today."""
    now = now.astimezone(UTC)
    today = now.date().isoformat()
    with unit_of_work(session):
        last_run = session.get(AppSetting, LAST_RUN_KEY)
        if last_run is not None and last_run.value == today and not force:
            return None
        if last_run is None:
            session.add(AppSetting(key=LAST_RUN_KEY, value=today))
        else:
            last_run.value = today
        erased = [Erased(due.event_id, due.last_activity) for due in retention.due_dates(session).values()
                  if due.erase_on <= now]
        for gone in erased:
            event = session.get(Event, gone.event_id)
            if event is not None:
                session.delete(event)
    removed = sweep_files(session, store, now)
    scrub(session)  # also empties a log an erasure found busy
    for gone in erased:
        log.info("Retention: erased event %d (last round %s)", gone.event_id, gone.last_activity.date().isoformat())
    if removed:
        log.info("Retention: removed %d backup files", removed)
    return Run(erased, removed)


def sweep_files(session: Session, store: BackupStore, now: datetime) -> int:
    """Remove backups of no event (deleted, erased, or left by a crash), backups past the
    retention (of events that stay too), and half-written files a crash left."""
    folder = store.folder
    if not folder.is_dir():
        return 0
    owners = {_prefix(event) for event in session.scalars(select(Event))}
    days = retention.retention_days(session)
    grace = retention.grace_until(session)
    removed = 0
    for path in folder.iterdir():
        if not path.is_file():
            continue
        match = NAME.fullmatch(path.name)
        if match is None:
            written = datetime.fromtimestamp(path.stat().st_mtime, UTC)
            if path.name.startswith(".partial-") and written <= now - PARTIAL_AGE:
                removed += _unlink(path)
            continue
        at = datetime.strptime(match["at"], STAMP).replace(tzinfo=UTC)
        owned = any(path.name.startswith(prefix) for prefix in owners)
        expired = days is not None and retention.erase_after(at, days, grace) <= now
        if not owned or expired:
            removed += _unlink(path)
    return removed
