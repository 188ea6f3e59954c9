from __future__ import annotations

from flask import render_template, request

from ... import db
from ...core.i18n import T
from ...services import audit
from ...services.errors import DomainError
from ..current_event import current_event
from ..fields import is_number
from . import bp

# One whole sentence per filter: "round" and "table" differ in gender in other languages.
_NOT_A_NUMBER = {
    "round": T("The round filter must be a number."),
    "table": T("The table filter must be a number."),
}


def _optional_int(name: str) -> int | None:
    value = request.args.get(name, "").strip()
    if not value:
        return None
    if not is_number(value) or len(value) > 6:
        raise DomainError(_NOT_A_NUMBER[name])
    return int(value)


def _page(event, where, **extra):
    return render_template("organiser/audit.html", event=event, where=where, action_text=audit.action_text,
                           actor_text=audit.actor_text, subject_text=audit.subject_text, value_text=audit.value_text,
                           entries=audit.entries(db.session(), event.id, where), limit=audit.PAGE_SIZE, **extra)


@bp.get("/events/<int:event_id>/audit")
def audit_log(event_id: int):
    """Every change of a result, seat, player status or round state, newest first,
    filterable by round and table; each action in the page's language (``audit.ACTIONS``)."""
    event = current_event(event_id, "tables", "rounds")  # the filters list them
    try:
        where = audit.AuditFilter(round_number=_optional_int("round"), table_number=_optional_int("table"))
    except DomainError as error:
        # A hand-edited address: show the whole log with the reason beside the filter.
        return _page(event, audit.AuditFilter(round_number=None, table_number=None), problem=error.text), 400
    return _page(event, where)
