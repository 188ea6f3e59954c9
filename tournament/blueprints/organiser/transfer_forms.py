"""The event-file upload form (Flask-WTF, CSRF-protected)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired


class ImportForm(FlaskForm):
    # A compressed export ends in .json.gz, whose last extension is "gz"; the content decides.
    file = FileField(lazy_gettext("Event file (.json or .json.gz, exported from this app)"), validators=[
        FileRequired(lazy_gettext("Choose the event file to import.")),
        FileAllowed(["json", "gz"], lazy_gettext("Choose a .json or .json.gz file exported from this app.")),
    ])
