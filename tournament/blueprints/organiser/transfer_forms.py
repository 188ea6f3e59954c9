"""The event-file upload form (Flask-WTF, CSRF-protected)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired


class ImportForm(FlaskForm):
    file = FileField("Event file (.json, exported from this app)", validators=[
        FileRequired("Choose the event file to import."),
        FileAllowed(["json"], "Choose a .json file exported from this app."),
    ])
