"""Access rules shared by the blueprints that serve the organiser."""

from __future__ import annotations

from flask import Blueprint, g, redirect, request, session, url_for

from .. import db
from ..models import Organiser
from ..services import accounts


def require_organiser_login(bp: Blueprint, public_endpoints: frozenset[str] = frozenset()) -> None:
    """Every view of `bp` needs a logged-in organiser. A fresh install goes to account setup."""

    @bp.before_request
    def _require_organiser():
        organiser_id = session.get("organiser_id")
        g.organiser = db.session().get(Organiser, organiser_id) if organiser_id else None
        if request.endpoint in public_endpoints or g.organiser is not None:
            return None
        if not accounts.has_organiser(db.session()):
            return redirect(url_for("organiser.setup"))
        return redirect(url_for("organiser.login", next=request.full_path.rstrip("?")))
