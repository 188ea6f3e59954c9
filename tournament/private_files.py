"""Files only the laptop account that runs the app may read: the instance folder holds the
database (events, names, the organiser's password hash), the session key and the backups.

On a shared school laptop every other account can otherwise read them, because the usual umask
makes new files 0644 and folders 0755. New files and folders are created private, and an
existing install is tightened at every start (`create_app`, which `db-upgrade` and `serve` run).
On systems without POSIX permissions (Windows) this does nothing.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
POSIX = os.name == "posix"
# SQLite's companion files: the write-ahead log, its index and a rollback journal.
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def private_dir(path: Path) -> Path:
    """Create `path` (and missing parents) and make it 0700."""
    path.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
    _chmod(path, PRIVATE_DIR)
    return path


def private_file(path: Path) -> Path:
    """Create `path` empty if missing, born 0600 (never readable by others even for a moment)."""
    if POSIX:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE)
        os.close(descriptor)
    else:
        path.touch()
    _chmod(path, PRIVATE_FILE)
    return path


def secure_sqlite(path: Path) -> None:
    """The database file 0600 before this process first connects to it: SQLite gives its -wal
    and -shm files the permissions of the database file, so they are born private too. Existing
    ones are tightened by chmod alone.

    An existing database file is never opened here. On POSIX, closing any descriptor of a file
    drops every lock this process holds on it, including the shared lock each of SQLite's WAL
    connections keeps; another process closing the database then believes it is the last one,
    checkpoints and deletes the WAL under the running server, and every change written to it
    afterwards is lost. Creating a missing file (O_EXCL) is safe: no connection of this process
    can hold a lock on a file that did not exist a moment ago."""
    if not path.parent.exists():
        private_dir(path.parent)
    if POSIX:
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    for suffix in ("", *SQLITE_COMPANIONS):
        target = path.with_name(path.name + suffix)
        if target.exists():
            _chmod(target, PRIVATE_FILE)


def secure_tree(folder: Path) -> None:
    """Tighten an existing folder and everything in it (an install from before this rule)."""
    if not folder.is_dir():
        return
    _chmod(folder, PRIVATE_DIR)
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            _chmod(Path(root) / name, PRIVATE_DIR)
        for name in files:
            _chmod(Path(root) / name, PRIVATE_FILE)


def _chmod(path: Path, mode: int) -> None:
    if not POSIX:
        return
    try:
        if path.is_symlink():  # never follow a link out of the folder
            return
        os.chmod(path, mode)
    except (PermissionError, FileNotFoundError):
        # Not ours (a folder shared on purpose) or gone meanwhile: leave it as it is.
        pass
