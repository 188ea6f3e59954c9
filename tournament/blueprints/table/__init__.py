"""Phones at the tables: a table's secret link (the score slip's QR code) opens that table's
result form for the running round. The token is the only credential; it can write nothing but
its own table's games in the round that is running now. The pages speak the phone's language
(the switch's cookie, else the browser's), else the event's."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_wtf.csrf import CSRFError

from ...core.i18n import T
from ...i18n import translate
from ...services.errors import DomainError
from ..conditional import vary_by_language

bp = Blueprint("table", __name__, url_prefix="/t")
bp.after_request(vary_by_language)


@bp.errorhandler(DomainError)
def _refused(error: DomainError):
    """Phone-sized refusal with the reason, instead of the organiser's error page."""
    page = render_template("table/refused.html", message=translate(error.text), title=translate(error.phone_title),
                           status=error.http_status)
    return page, error.http_status, error.headers()


RESULTS_EXPIRED = T("This page was open too long or in another browser. Reload it and send the results again.")
NOTE_EXPIRED = T("This page was open too long or in another browser. Reload it and send the note again.")


@bp.errorhandler(CSRFError)
def _expired(_error: CSRFError):
    message = translate(NOTE_EXPIRED if request.endpoint == "table.note" else RESULTS_EXPIRED)
    title = translate(DomainError.phone_title)
    return render_template("table/refused.html", message=message, title=title, status=400), 400


from . import agree, note, presence, score, views  # noqa: E402,F401  (views register on bp)
