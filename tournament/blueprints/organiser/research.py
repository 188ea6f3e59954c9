"""Download for research: the event with every player a pseudonym (services/research_export.py).
Reading only: the page and the download write nothing, so both are GETs."""

from __future__ import annotations

from flask import render_template, request

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...services import research_export
from ..current_event import current_event
from . import bp
from .transfer import _download

INCLUDE = "1"  # the checkbox's value; absent: notes left out


def _page(event, error=None, include=False, status=200):
    return render_template("organiser/research.html", event=event, error=error, include=include), status


@bp.get("/events/<int:event_id>/research")
def research(event_id: int):
    """What the research file holds and leaves out, and the choice of including the notes."""
    return _page(current_event(event_id))


@bp.get("/events/<int:event_id>/research.zip")
def research_zip(event_id: int):
    """The ZIP: the pseudonymised event file and spreadsheets; notes only when ticked."""
    event = current_event(event_id, "players")
    notes = request.args.get("notes")
    if notes not in (None, "", INCLUDE):
        return _page(event, translate(T("Tick “Include notes” or leave it empty; nothing else is understood.")),
                     status=400)
    body = research_export.research_zip(db.session(), event, include_notes=notes == INCLUDE)
    return _download(event, "-research.zip", body, "application/zip")
