"""The "note for the organiser" form a table's phone and an observer's page share.

The form only carries what was typed and tapped; ``services.notes.send_note`` decides. A
refusal names its field, and the form comes back as sent with the message beside that field.
Each form shown gets a fresh random ``nonce``: sent twice, it is one note; a form refused and
shown again keeps its nonce, since nothing was stored."""

from __future__ import annotations

import secrets

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField

from ..core.limits import MAX_NOTE_TEXT
from ..i18n import translate
from ..services.errors import DomainError


class NoteForm(FlaskForm):
    # Set by the icon button tapped (its name is "flag"); empty from the plain send button.
    flag = HiddenField()
    # The box stops at the limit, so nobody learns it only after sending (the service still checks).
    text = StringField(lazy_gettext("A few words (optional)"), render_kw={"maxlength": MAX_NOTE_TEXT})
    nonce = HiddenField()
    table = StringField(lazy_gettext("Table you are watching"))  # observers only


def blank_form() -> NoteForm:
    form = NoteForm(formdata=None)
    form.nonce.data = secrets.token_urlsafe(16)
    return form


def sent_form() -> NoteForm:
    """The form as posted. The flag comes from the button tapped, which WTForms' hidden field
    would read the same way: both are the request's ``flag`` value."""
    return NoteForm()


def table_number(form: NoteForm) -> int | None:
    typed = (form.table.data or "").strip()
    return int(typed) if typed.isdecimal() and len(typed) <= 6 else None


def refuse(form: NoteForm, error: DomainError) -> None:
    """Put the refusal beside its field (the text box unless it is about the icon or table)."""
    field = {"flag": form.flag, "table": form.table}.get(error.field or "", form.text)
    field.errors = [translate(error.text)]

