"""Refused forms come back filled in, with the reason beside the input it concerns.

A view catches the service's DomainError, calls `refuse` and renders its own page again with
the returned status. Nothing the refused request staged is kept (the session is rolled back),
while the form keeps what was typed because it was built from the request."""

from __future__ import annotations

from flask import flash

from .. import db
from ..i18n import translate
from ..services.errors import DomainError


def refuse(error: DomainError, field=None) -> int:
    """Undo what the request staged and put the message beside `field` (a WTForms field), or at
    the top of the page when no single input is to blame. Returns the status to answer with."""
    db.session().rollback()
    message = translate(error.text)  # the session keeps plain text, in the page's language
    if field is not None:
        field.errors = [*field.errors, message]
    else:
        flash(message, "error")
    return error.http_status



def field_for(form, error: DomainError, default=None):
    """The form field the error names (its `field` hint), else `default`."""
    if error.field and error.field in form:
        return form[error.field]
    return default
