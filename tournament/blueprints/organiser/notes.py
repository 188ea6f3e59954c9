"""The organiser's side of the notes tables and observers send (services.notes): the live feed
the Room page polls, and hiding a note from the debrief (or showing it again).

The feed's words are the server's, in the page's language; the Room page shows the notes as
HTML the server rendered (static/board.js swaps the panel in when the feed changes), so no
script holds a word of its own."""

from __future__ import annotations

from flask import flash, redirect, request, url_for

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...models import DebriefNote, Event
from ...services import notes
from ..conditional import conditional_json
from ..current_event import current_event
from ..links import local_path
from ..moments import local_time
from . import bp
from .forms import ButtonForm

CONTROLS_SIZE = 200  # notes the debrief page's list shows, newest first


@bp.app_template_global()
def latest_notes(event: Event, limit: int = notes.FEED_SIZE) -> list[DebriefNote]:
    """The event's latest notes, newest first, hidden ones included (marked): what the Room
    page's panel and the debrief controls list. One statement."""
    return notes.notes_since(db.session(), event, limit=limit)


@bp.app_template_global()
def note_source(note: DebriefNote):
    """Who sent a note, in the words the debrief uses too."""
    return notes.sender(note.source, note.author)


def _item(event: Event, note: DebriefNote) -> dict:
    flag = notes.flag_of(note.flag)
    return {
        "id": note.id, "at": notes.utc_iso(note.at), "time": local_time(note.at, event),
        "round": note.round_number, "table": note.table_number, "source": note.source, "author": note.author,
        "flag": note.flag, "icon": flag.icon if flag else None, "label": translate(flag.label) if flag else None,
        "stands_out": bool(flag and flag.stands_out), "text": note.text, "hidden": note.hidden,
    }


@bp.get("/events/<int:event_id>/debrief/notes.json")
def notes_feed(event_id: int):
    """The latest notes (newest first) with an ETag: the Room page polls it and redraws its
    notes panel when it changes. Words (flag labels, times) in the page's language."""
    event = current_event(event_id)
    return conditional_json({"notes": [_item(event, note) for note in latest_notes(event)]})


def _back(event: Event):
    """Back to the page the button was on (a path of this site), else the Room page."""
    return redirect(local_path(request.form.get("next")) or url_for("room.room_page", event_id=event.id))


def _set(event_id: int, note_id: int, hidden: bool):
    session = db.session()
    event = current_event(event_id)
    if ButtonForm().validate_on_submit():
        note = (notes.hide_note if hidden else notes.show_note)(session, event, note_id)
        if request.accept_mimetypes.best == "application/json":
            return {"id": note.id, "hidden": note.hidden}
        flash(translate(T("The note is hidden from the debrief.") if hidden
                        else T("The note shows in the debrief again.")), "success")
    return _back(event)


@bp.post("/events/<int:event_id>/debrief/notes/<int:note_id>/hide")
def hide_note(event_id: int, note_id: int):
    """Keep a note out of the debrief (a name in it, a remark meant for the teacher only)."""
    return _set(event_id, note_id, True)


@bp.post("/events/<int:event_id>/debrief/notes/<int:note_id>/show")
def show_note(event_id: int, note_id: int):
    return _set(event_id, note_id, False)
