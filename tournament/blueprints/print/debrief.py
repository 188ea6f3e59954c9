"""The debrief's take-away: one printed page with the event, its date and rounds, and every
registered view marked for the summary, drawn in ``<div class="debrief paper">``.

A view that reveals the tables' rules is printed once they are revealed: the page is handed
out, so it follows the same gate as the wall."""

from __future__ import annotations

from ... import db
from ...core.rounds import progress_label
from ...name_display import show_room_names
from ...services import debrief, printing
from ..current_event import current_event
from . import bp
from .pages import _render


@bp.get("/events/<int:event_id>/print/debrief", endpoint="debrief")
def debrief_summary(event_id: int):
    """The printable one-page summary of the debrief."""
    session = db.session()
    event = current_event(event_id)
    show_room_names(event)  # handed out to the class: the names the room sees
    rounds = printing.rounds_of(session, event)
    played = [r for r in rounds if r.started_at is not None]
    views, held_back = [], []
    for spec in debrief.registered():
        if not spec.summary or not debrief.is_available(spec, event):
            continue
        if debrief.is_shown(spec, event):
            views.append((spec, spec.build(session, event)))
        else:
            held_back.append(spec)
    progress = progress_label(len(played), event.planned_rounds, event.ended_at is not None)
    return _render("print/debrief.html", event, rounds=played, progress=progress, views=views, held_back=held_back,
                   stylesheets=debrief.stylesheets(),
                   day=played[0].started_at if played else event.created_at)

