"""The notice for the school, "What this app stores": a printable page any account may read."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from flask import current_app, render_template
from flask_babel import format_date

from ... import db
from ...private_files import PRIVATE_DIR, PRIVATE_FILE
from ...services import notice as notice_service
from ...services.backups import FOLDER
from . import bp


@bp.get("/notice")
def notice():
    """What is stored, where, for how long, who sees what and how to erase it, read live."""
    app = current_app
    instance = Path(app.instance_path)
    facts = notice_service.notice(db.session(), instance, db.sqlite_file(db.database_url(app)), instance / FOLDER)
    return render_template("organiser/notice.html", notice=facts,
                           private_dir=f"{PRIVATE_DIR:04o}", private_file=f"{PRIVATE_FILE:04o}",
                           now_date=format_date(date.today(), "long"))
