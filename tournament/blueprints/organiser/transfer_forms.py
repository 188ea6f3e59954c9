"""The event-file upload form, and the forms that give a copy or an event a new list of players
(Flask-WTF, CSRF-protected)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired
from wtforms import RadioField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional

from .forms import PASTE_LIMIT

SAME, NEW = "same", "new"


class ImportForm(FlaskForm):
    # A compressed export ends in .json.gz, whose last extension is "gz"; the content decides.
    file = FileField(lazy_gettext("Event file (.json or .json.gz, exported from this app)"), validators=[
        FileRequired(lazy_gettext("Choose the event file to import.")),
        FileAllowed(["json", "gz"], lazy_gettext("Choose a .json or .json.gz file exported from this app.")),
    ])


class DuplicateForm(FlaskForm):
    """A copy for another group: the same players, or the new group's pasted list."""
    players = RadioField(lazy_gettext("Players of the copy"), default=SAME, choices=[
        (SAME, lazy_gettext("The same players")),
        (NEW, lazy_gettext("A new list, pasted below")),
    ])
    names = TextAreaField(lazy_gettext("The new group's names, one per line"),
                          validators=[Optional(), Length(max=PASTE_LIMIT)])

    def new_names(self) -> str | None:
        """The pasted list when the organiser chose a new one, else None (the same players)."""
        return (self.names.data or "") if self.players.data == NEW else None


class ReplaceListForm(FlaskForm):
    replacement = TextAreaField(lazy_gettext("The whole new list, one name per line"),
                                validators=[DataRequired(), Length(max=PASTE_LIMIT)])
