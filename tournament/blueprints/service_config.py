"""The app's settings as the services take them: the one place, for the services, that reads
the app's configuration. Services are given these values as arguments and never read the app,
so they run the same in a request, a script or a test."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from ..core.limits import MAX_NAME_LENGTH
from ..services.backups import FOLDER, KEEP, BackupStore


def _app(app: Flask | None) -> Flask:
    return current_app if app is None else app


def backup_store(app: Flask | None = None) -> BackupStore:
    """The automatic backups: `backups/` in the instance folder, the newest KEEP per event."""
    return BackupStore(Path(_app(app).instance_path) / FOLDER, keep=KEEP)


def max_name_length(app: Flask | None = None) -> int:
    """The longest player name accepted (setting MAX_NAME_LENGTH)."""
    return int(_app(app).config.get("MAX_NAME_LENGTH", MAX_NAME_LENGTH))
