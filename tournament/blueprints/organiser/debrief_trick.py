"""The organiser's controls of the debrief's replayed trick: type the trick, or go back to the
app's proposal. Both answer with the debrief page (or the event's page where there is none yet);
a refused trick comes back on a page of its own, filled in, the message beside the field."""

from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...services.debrief import trick as trick_service
from ...services.errors import DomainError
from ..current_event import current_event
from . import bp


def _back(event_id: int) -> str:
    """The debrief page when the app has one, else the event's page."""
    if "organiser.debrief" in current_app.view_functions:
        return url_for("organiser.debrief", event_id=event_id)
    return url_for("organiser.event", event_id=event_id)


@bp.post("/events/<int:event_id>/debrief/trick")
def debrief_trick_choose(event_id: int):
    """Replay the trick typed in the field "cards" ("7♥ A♣ 2♥ 3♠" or "7h ac 2h 3s")."""
    session = db.session()
    event = current_event(event_id)
    typed = request.form.get("cards", "")
    try:
        stored = trick_service.choose_trick(session, event, typed)
    except DomainError as error:
        status = _refused(error)
        view = trick_service.build(session, event)
        page = render_template("debrief/trick_refused.html", event=event, view=view, trick_typed=typed[:200],
                               trick_error=translate(error.text), back=_back(event.id))
        return page, status
    flash(translate(T("The debrief replays the trick {cards}.", cards=trick_service.shown(event, stored))), "success")
    return redirect(_back(event.id))


def _refused(error: DomainError) -> int:
    """The message goes beside the field, not into a flash."""
    return error.http_status


@bp.post("/events/<int:event_id>/debrief/trick/propose")
def debrief_trick_propose(event_id: int):
    """Forget the typed trick: the debrief replays the app's proposal."""
    session = db.session()
    event = current_event(event_id)
    trick_service.propose_trick(session, event)
    flash(translate(T("The debrief replays the trick that splits the tables most.")), "success")
    return redirect(_back(event.id))
