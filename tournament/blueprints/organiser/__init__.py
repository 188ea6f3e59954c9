"""The organiser's pages. Every view needs a logged-in organiser, except first-run setup and login."""

from __future__ import annotations

from flask import Blueprint, g, redirect, request, session, url_for

from ... import db
from ...models import Organiser
from ...services import accounts

bp = Blueprint("organiser", __name__)

PUBLIC_ENDPOINTS = {"organiser.setup", "organiser.login", "organiser.health"}


@bp.before_request
def require_organiser():
    """First visit on a fresh install goes to account setup; afterwards, to login."""
    organiser_id = session.get("organiser_id")
    g.organiser = db.session().get(Organiser, organiser_id) if organiser_id else None
    if request.endpoint in PUBLIC_ENDPOINTS or g.organiser is not None:
        return None
    if not accounts.has_organiser(db.session()):
        return redirect(url_for("organiser.setup"))
    return redirect(url_for("organiser.login", next=request.full_path.rstrip("?")))


from . import auth, entry, events, players, rounds, standings, tables  # noqa: E402,F401  (views register on bp)
