"""Access rules shared by the blueprints that serve the organiser."""

from __future__ import annotations

from flask import Blueprint, g, redirect, request, session, url_for

from .. import db
from ..models import Organiser
from ..services import accounts, audit
from . import permissions

# Session keys of a login. A session from before generations existed counts as generation 0,
# so it ends at the account's first log-out or password reset like any other.
SESSION_ID_KEY = "organiser_id"
SESSION_GENERATION_KEY = "organiser_generation"


def log_in(organiser: Organiser) -> None:
    """Start a fresh session for `organiser`, stamped with its current generation."""
    session.clear()
    session[SESSION_ID_KEY] = organiser.id
    session[SESSION_GENERATION_KEY] = organiser.session_generation


def current_organiser() -> Organiser | None:
    """The logged-in account, or None. One primary-key query; a session whose generation is
    older than the account's (logged out, password reset) is dropped, even if it was copied."""
    organiser_id = session.get(SESSION_ID_KEY)
    organiser = db.session().get(Organiser, organiser_id) if isinstance(organiser_id, int) else None
    if organiser is not None and organiser.session_generation != session.get(SESSION_GENERATION_KEY, 0):
        organiser = None
    if organiser is None and organiser_id is not None:
        session.clear()
    return organiser


def require_organiser_login(bp: Blueprint, public_endpoints: frozenset[str] = frozenset()) -> None:
    """Every view of `bp` needs a logged-in account, and a helper account only the endpoints
    `permissions` allows it (any other answers 403 with a sentence). A fresh install goes to
    account setup. The account's username goes into the database session, so every audit line
    of the request names it."""

    @bp.before_request
    def _require_organiser():
        g.organiser = current_organiser()
        if g.organiser is not None:
            db.session().info[audit.ACCOUNT] = g.organiser.username
            if request.endpoint not in public_endpoints:
                permissions.check(g.organiser, request.endpoint)
            return None
        if request.endpoint in public_endpoints:
            return None
        if not accounts.has_organiser(db.session()):
            return redirect(url_for("organiser.setup"))
        return redirect(url_for("organiser.login", next=request.full_path.rstrip("?")))
