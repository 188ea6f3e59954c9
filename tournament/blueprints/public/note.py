"""An observer's note for the organiser, from their "where do I sit" page: they choose the table
they are watching, tap an icon and/or write a few words. Only a player whose status is
"observer" gets the form, and only their posts are stored (as source "observer", with their
name as it is now); anyone else's post is refused and stores nothing."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ... import db
from ...i18n import translate
from ...i18n.locale import use_event
from ...services import notes, room_links, seat_finder
from ...services.errors import DomainError
from ...throttle import limit_notes
from ..note_form import blank_form, refuse, sent_form, table_number
from ..page_strings import localised
from ..table.note import SENT
from . import bp


def seat_page(event, token: str, player_id: int, where: dict, form=None, status: int = 200):
    """The seat page; an observer's carries the note form (`form`: as sent, when refused)."""
    session = db.session()
    observer = None if where["playing"] else notes.observer(session, event, player_id)
    tables = notes.table_numbers(session, event) if observer is not None else None
    if observer is not None and form is None:
        form = blank_form()
    return render_template("public/seat.html", event=event, where=where, note=form if observer else None,
                           tables=tables, feed=url_for("public.seat_feed", token=token, player_id=player_id),
                           note_action=url_for("public.note", token=token, player_id=player_id)), status


@bp.post("/<token>/<int:player_id>/note")
@limit_notes
def note(token: str, player_id: int):
    session = db.session()
    event = room_links.event_by_public_token(session, token)
    use_event(event)
    observer = notes.observer(session, event, player_id)
    if observer is None:
        seat_finder.where(session, event, player_id)  # another event's or no such player: not found
        raise notes.NotAnObserver(notes.NOT_AN_OBSERVER)
    form = sent_form()
    form.validate_on_submit()  # CSRF is checked before the view; the service checks the rest
    try:
        notes.send_note(session, event, source="observer", table_number=table_number(form), author=observer.name,
                        flag=form.flag.data, text=form.text.data, nonce=form.nonce.data)
    except DomainError as error:
        session.rollback()
        refuse(form, error)
        where = localised(seat_finder.where(session, event, player_id))
        return seat_page(event, token, player_id, where, form, error.http_status)
    flash(translate(SENT), "success")
    return redirect(url_for("public.seat", token=token, player_id=player_id) + "#note")
