"""The event-file upload form (Flask-WTF, CSRF-protected)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired


class ImportForm(FlaskForm):
    # A compressed export ends in .json.gz, whose last extension is "gz"; the content decides.
    file = FileField("Event file (.json or .json.gz, exported from this app)", validators=[
        FileRequired("Choose the event file to import."),
        FileAllowed(["json", "gz"], "Choose a .json or .json.gz file exported from this app."),
    ])
