"""Moving data out of and into the app: the event file, spreadsheets, backups, duplicates."""

from __future__ import annotations

import gzip
import io
import re
from datetime import UTC, datetime

from flask import flash, redirect, render_template, send_file, url_for

from ... import db
from ...core.i18n import Name, T
from ...i18n import translate
from ...services import csv_export, duplicate, transfer
from ...services.errors import DomainError
from ..current_event import current_event
from ..refusals import refuse
from ..service_config import backup_store, max_name_length
from . import bp
from .forms import ButtonForm
from .imported_name import imported_mark
from .transfer_forms import DuplicateForm, ImportForm


def _download(event, suffix: str, body: str | bytes, mimetype: str):
    slug = re.sub(r"[^a-z0-9]+", "-", event.name.lower()).strip("-")[:40] or "event"
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M")
    data = body.encode("utf-8") if isinstance(body, str) else body
    return send_file(io.BytesIO(data), mimetype=mimetype, as_attachment=True,
                     download_name=f"{slug}-{stamp}{suffix}", max_age=0)


@bp.get("/events/<int:event_id>/export.json")
def export_json(event_id: int):
    """The whole event as a versioned JSON file (docs/export-format.md); no link secrets.
    Compact, so that the file of the largest event the limits allow fits the upload limit."""
    session = db.session()
    event = current_event(event_id)
    return _download(event, ".json", transfer.to_json(transfer.export_event(session, event), compact=True),
                     "application/json")


@bp.get("/events/<int:event_id>/export.json.gz")
def export_json_gz(event_id: int):
    """The same file gzip-compressed (often 20 times smaller): imports like the plain one, and
    carries events beyond the plain upload limit."""
    session = db.session()
    event = current_event(event_id)
    body = transfer.to_json(transfer.export_event(session, event), compact=True).encode("utf-8")
    return _download(event, ".json.gz", gzip.compress(body, mtime=0), "application/gzip")


@bp.get("/events/<int:event_id>/games.csv")
def games_csv(event_id: int):
    """Every recorded game, one row each, for a spreadsheet."""
    session = db.session()
    event = current_event(event_id)
    return _download(event, "-games.csv", csv_export.games_csv(transfer.export_event(session, event)), "text/csv")


@bp.get("/events/<int:event_id>/moves.csv")
def moves_csv(event_id: int):
    """Every player's table, games won and move after each closed round."""
    session = db.session()
    event = current_event(event_id)
    return _download(event, "-moves.csv", csv_export.moves_csv(transfer.export_event(session, event)), "text/csv")


@bp.route("/events/import", methods=["GET", "POST"])
def import_event():
    """Upload an event file: it becomes a new event, or is refused whole with the reason
    (nothing is saved then). Files above MAX_CONTENT_LENGTH are refused with 413."""
    form = ImportForm()
    if not form.validate_on_submit():
        return render_template("organiser/import.html", form=form), 400 if form.is_submitted() else 200
    try:
        event = transfer.import_bytes(db.session(), form.file.data.read(),
                                      max_name_length=max_name_length(), mark=imported_mark)
    except DomainError as problem:  # a FileProblem, or a rule of the app the file breaks
        db.session().rollback()
        return render_template("organiser/import.html", form=form, problem=problem.text), 400
    flash(translate(T("Event “{name}” imported as a new event.", name=Name(event.name))), "success")
    return redirect(url_for("organiser.event", event_id=event.id))


@bp.get("/events/<int:event_id>/backups")
def event_backups(event_id: int):
    """The automatic backups taken after each round close, newest first (the last 20 are kept)."""
    return _backups_page(current_event(event_id))


def _backups_page(event, status=200):
    store = backup_store()
    return render_template("organiser/backups.html", event=event, backups=store.list_backups(event),
                           keep=store.keep, form=ButtonForm(formdata=None)), status


@bp.post("/events/<int:event_id>/backups/<name>/restore")
def restore_backup(event_id: int, name: str):
    """Restoring never overwrites: the backup becomes a new event "<name> (restored)".
    Only file names of this event's backups are accepted (404 otherwise)."""
    session = db.session()
    event = current_event(event_id)
    try:
        restored = backup_store().restore(session, event, name, max_name_length())
    except DomainError as error:
        return _backups_page(event, refuse(error))
    flash(translate(T("Backup restored as the new event “{name}”.", name=Name(restored.name))), "success")
    return redirect(url_for("organiser.event", event_id=restored.id))


@bp.route("/events/<int:event_id>/duplicate", methods=["GET", "POST"])
def duplicate_event(event_id: int):
    """A copy for the next group: tables and rules, and the same players (not withdrawn ones)
    or a new pasted list; no rounds. A refused list comes back as typed, the reason beside it."""
    session = db.session()
    event = current_event(event_id, "tables", "players")
    form = DuplicateForm()
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        names = form.new_names()
        try:
            copy = duplicate.duplicate_event(session, event, names, max_name_length())
        except DomainError as error:
            status = refuse(error, form.names)
        else:
            flash(translate(T("Created “{name}” with the same tables and players and no rounds.", name=Name(copy.name))
                            if names is None else
                            T("Created “{name}” with the same tables, the new list of players and no rounds.",
                              name=Name(copy.name))), "success")
            return redirect(url_for("organiser.event", event_id=copy.id))
    return render_template("organiser/duplicate.html", event=event, form=form), status


BACKUP_SAVED = T("A backup of the event was saved (Backups, on the event's page).")
BACKUP_FAILED = T("The round is closed, but the automatic backup could not be written. "
                  "Download the event file from the event page to keep a copy.")
