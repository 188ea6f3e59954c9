from __future__ import annotations

from flask import render_template, request

from ... import db
from ...services import audit
from ...services.errors import DomainError
from ..current_event import current_event
from ..fields import is_number
from . import bp


def _optional_int(name: str) -> int | None:
    value = request.args.get(name, "").strip()
    if not value:
        return None
    if not is_number(value) or len(value) > 6:
        raise DomainError(f"The {name} filter must be a number.")
    return int(value)


@bp.get("/events/<int:event_id>/audit")
def audit_log(event_id: int):
    """Every change of a result, seat, player status or round state, newest first,
    filterable by round and table."""
    session = db.session()
    event = current_event("tables", "rounds")  # the filters list them
    try:
        where = audit.AuditFilter(round_number=_optional_int("round"), table_number=_optional_int("table"))
    except DomainError as error:
        # A hand-edited address: show the whole log with the reason beside the filter.
        where = audit.AuditFilter(round_number=None, table_number=None)
        return render_template("organiser/audit.html", event=event, where=where, problem=str(error),
                               entries=audit.entries(session, event.id, where), limit=audit.PAGE_SIZE), 400
    return render_template("organiser/audit.html", event=event, where=where,
                           entries=audit.entries(session, event.id, where), limit=audit.PAGE_SIZE)
