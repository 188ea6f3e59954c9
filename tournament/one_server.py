"""One `flask serve` per SQLite database file.

A second server on the same file would hand out links to another address, keep page caches the
first one never hears about, and queue for SQLite's single write lock. So the serving process
holds a lock on a file beside the database (`tournament.sqlite3.serving`) for as long as it
serves, and writes there who it is; a second `serve` finds the lock taken and refuses, naming
the first. The lock is the operating system's, so it goes with the process however it ends: a
server killed with SIGKILL or a laptop that lost power leaves no lock behind, only the file.

Never a lock on the database file itself: SQLite's own locks live there, and on POSIX closing
any descriptor of a file drops every fcntl lock the process holds on it (see private_files).
`flock` locks belong to the one open file and are not dropped that way. The CLI commands
(`db-upgrade`, `create-organiser`) take no part: they may run while the server does.
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .private_files import PRIVATE_FILE

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None  # type: ignore[assignment]

SUFFIX = ".serving"
# Windows locks byte ranges and keeps other processes from reading a locked one, so the lock
# sits far past the few bytes naming the server, which the refused process reads.
_WINDOWS_LOCK_OFFSET = 1 << 20


@dataclass(frozen=True)
class Holder:
    """The server that holds the lock, as it wrote itself down (None: not readable yet)."""

    pid: int | None
    host: str | None
    port: int | None

    def describe(self) -> str:
        if self.pid is None or self.host is None or self.port is None:
            return "another `flask serve` that is still starting up"
        return (f"`flask serve` process {self.pid}, listening on {self.host} port {self.port} "
                f"(on this laptop: http://127.0.0.1:{self.port}/)")


class AlreadyServed(Exception):
    def __init__(self, database: Path, holder: Holder):
        self.database, self.holder = database, holder
        super().__init__(
            f"{database} is already served by {holder.describe()}. One database is served by one "
            "server at a time: open that one, or stop it (Ctrl+C in its window) before starting another.")


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + SUFFIX)


@contextmanager
def serving(database: Path, host: str, port: int) -> Iterator[bool]:
    """Hold the database's serving lock while the block runs; raises `AlreadyServed` when
    another process holds it. Yields False when the lock cannot be had at all here (a folder
    that refuses the file, a platform with neither lock): the server then runs unguarded."""
    path = lock_path(database.resolve())
    try:
        # O_BINARY: Windows would otherwise translate the line ending it writes and reads.
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), PRIVATE_FILE)
    except OSError:
        yield False
        return
    try:
        taken = _try_lock(descriptor)
        if taken is False:
            raise AlreadyServed(database, _read_holder(descriptor))
        if taken:
            _write_holder(descriptor, host, port)
        yield bool(taken)
    finally:
        # Closing the descriptor releases the lock; the file stays, so a process that opened it
        # a moment ago locks the same file as everyone else.
        if msvcrt is not None:
            _windows_unlock(descriptor)
        os.close(descriptor)


def _try_lock(descriptor: int) -> bool | None:
    """True: locked; False: another process holds it; None: no lock is possible here."""
    if fcntl is not None:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            # Where flock is emulated with fcntl, a taken lock may answer EACCES instead.
            return False if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES) else None
        return True
    if msvcrt is not None:
        os.lseek(descriptor, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            taken = (errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))
            return False if error.errno in taken else None
        return True
    return None


def _windows_unlock(descriptor: int) -> None:
    if sys.platform != "win32":  # called only where msvcrt exists; this tells the type checker so
        return
    try:
        os.lseek(descriptor, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
    except OSError:  # not ours to unlock (refused) or already gone with the handle
        pass


def _write_holder(descriptor: int, host: str, port: int) -> None:
    text = json.dumps({"pid": os.getpid(), "host": host, "port": port}).encode()
    os.ftruncate(descriptor, 0)
    os.lseek(descriptor, 0, os.SEEK_SET)
    os.write(descriptor, text + b"\n")


def _read_holder(descriptor: int) -> Holder:
    try:
        os.lseek(descriptor, 0, os.SEEK_SET)
        found = json.loads(os.read(descriptor, 4096).decode("utf-8"))
        return Holder(int(found["pid"]), str(found["host"]), int(found["port"]))
    except (OSError, ValueError, KeyError, TypeError):
        # The holder has locked but not yet written (or is writing) who it is.
        return Holder(None, None, None)
