"""Phones at the tables: a table's secret link (the score slip's QR code) opens that table's
result form for the running round. The token is the only credential; it can write nothing but
its own table's games in the round that is running now."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_wtf.csrf import CSRFError

from ...services.errors import Conflict, DomainError, NotFound

bp = Blueprint("table", __name__, url_prefix="/t")


@bp.errorhandler(DomainError)
def _refused(error: DomainError):
    """Phone-sized refusal with the reason, instead of the organiser's error page."""
    status = 404 if isinstance(error, NotFound) else 409 if isinstance(error, Conflict) else 400
    return render_template("table/refused.html", message=str(error), status=status), status


@bp.errorhandler(CSRFError)
def _expired(_error: CSRFError):
    message = "This page was open too long or in another browser. Reload it and send the results again."
    return render_template("table/refused.html", message=message, status=400), 400


from . import views  # noqa: E402,F401  (views register on bp)
