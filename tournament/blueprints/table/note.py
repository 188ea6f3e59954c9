"""A table's note for the organiser: an icon ("we disagreed about a play") and/or a few words,
sent from the table's phone during or between rounds, for the debrief."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...i18n.locale import use_event
from ...name_display import show_room_names
from ...services import notes
from ...services.errors import DomainError
from ...services.room_links import table_by_token
from ...throttle import limit_notes
from ..note_form import blank_form, refuse, sent_form
from . import bp

SENT = T("Sent")


@bp.app_template_global()
def note_flags() -> list[notes.Flag]:
    """The icons in the order the note form shows them."""
    return list(notes.FLAGS.values())


@bp.app_template_global()
def note_flag(key: str | None) -> notes.Flag | None:
    return notes.flag_of(key)


def _page(table, form, status: int = 200):
    session = db.session()
    number = notes.round_played(session, table.event)
    sent = notes.table_notes(session, table.event, table.number, number)
    return render_template("table/note.html", table=table, round_number=number, form=form, sent=sent), status


@bp.route("/<token>/note", methods=["GET", "POST"])
@limit_notes
def note(token: str):
    """The note form on a page of its own: where a refused note comes back filled in, and a
    sent one is listed with the table's other notes of this round."""
    session = db.session()
    table, _round = table_by_token(session, token)
    use_event(table.event)
    show_room_names(table.event)
    if request.method != "POST":
        return _page(table, blank_form())
    form = sent_form()
    form.validate_on_submit()  # CSRF is checked before the view; the service checks the rest
    try:
        notes.send_note(session, table.event, source="table", table_number=table.number, author="",
                        flag=form.flag.data, text=form.text.data, nonce=form.nonce.data)
    except DomainError as error:
        session.rollback()
        refuse(form, error)
        return _page(table, form, error.http_status)
    flash(translate(SENT), "success")
    return redirect(url_for("table.note", token=token))

