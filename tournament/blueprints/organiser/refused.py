"""The organiser's last resort for a refusal no view turned into its own page: the reason,
inside the event's menu, with a way back to where the organiser was (never a dead end).
Views handle their forms' refusals themselves (see ..refusals); this catches the rest, such as
an address naming a player or round that does not exist."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import render_template, request, url_for

from ... import db
from ...i18n import translate
from ...models import Event
from ...services.errors import DomainError
from ..refusals import refuse
from . import bp


def _back(event: Event | None) -> str:
    """The page the request came from when it is this site's, else the event or the events list."""
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.path and referrer.path != request.path:
        return referrer.path + (f"?{referrer.query}" if referrer.query else "")
    return url_for("organiser.event", event_id=event.id) if event is not None else url_for("organiser.index")


@bp.errorhandler(DomainError)
def refused(error: DomainError):
    status = refuse(error)
    event_id = (request.view_args or {}).get("event_id")
    event = db.session().get(Event, event_id) if isinstance(event_id, int) else None
    page = render_template("organiser/refused.html", event=event, title=translate(error.title), back=_back(event))
    return page, status, error.headers()
