"""The room's secret links: projector and "where do I sit" per event, one phone link per table.

A token is the whole credential: it names one event (read-only) or one table (which may write
only its own games in the running round). Revoking a table's link sets its token to None, so
the old address stops working at once; regenerating issues a new one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from sqlalchemy import and_, bindparam, select
from sqlalchemy.orm import InstrumentedAttribute, Session, contains_eager

from ..core.i18n import T
from ..models import Event, Round, RoundState, Table
from ..models.base import is_token, new_token
from .errors import NotFound
from .tables import get_table
from .unit_of_work import event_change

BAD_TABLE_LINK = T(
    "This table link is not valid any more. The organiser may have replaced it: "
    "scan the new code or ask the organiser for the current link."
)
BAD_EVENT_LINK = T("This link is not valid any more. Ask the organiser for the current one.")


def _well_formed(token: str) -> bool:
    return is_token(token)


def _event_by(session: Session, column: InstrumentedAttribute[str], token: str) -> Event:
    event = session.scalar(select(Event).where(column == token)) if _well_formed(token) else None
    if event is None:
        raise NotFound(BAD_EVENT_LINK)
    return event


def event_by_projector_token(session: Session, token: str) -> Event:
    return _event_by(session, Event.projector_token, token)


def event_by_public_token(session: Session, token: str) -> Event:
    return _event_by(session, Event.public_token, token)


def presenter_key(secret: str | bytes, event: Event) -> str:
    """The secret of the projector's presenter link, whose page may step the debrief: the
    organiser's own screen, wherever the laptop's address that opened it. It is signed from the
    projector token under the app's key, so it names this event only and replacing the event's
    links (``regenerate_event_links``) revokes it with them; no column keeps it."""
    key = secret.encode() if isinstance(secret, str) else secret
    digest = hmac.new(key, f"presenter:{event.id}:{event.projector_token}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def event_by_presenter_link(session: Session, token: str, key: str, secret: str | bytes) -> Event:
    event = event_by_projector_token(session, token)
    if not (is_token(key) and hmac.compare_digest(key, presenter_key(secret, event))):
        raise NotFound(BAD_EVENT_LINK)
    return event


# Built once: the phone page is opened far more often than any other, by every table at once.
_TABLE_AND_RUNNING_ROUND = (
    select(Table, Round).join(Table.event)
    .outerjoin(Round, and_(Round.event_id == Table.event_id, Round.state == RoundState.RUNNING))
    .where(Table.token == bindparam("token")).options(contains_eager(Table.event))
    .order_by(Round.number.desc()).limit(1)
)


def table_by_token(session: Session, token: str) -> tuple[Table, Round | None]:
    """The table a phone link names, with its event loaded, and the event's running round
    (None between rounds), in one statement."""
    row = session.execute(_TABLE_AND_RUNNING_ROUND, {"token": token}).first() if _well_formed(token) else None
    if row is None:
        raise NotFound(BAD_TABLE_LINK)
    return row.Table, row.Round


def revoke_table_link(session: Session, event: Event, number: int) -> None:
    with event_change(session, event.id):
        get_table(event, number).token = None


def regenerate_table_link(session: Session, event: Event, number: int) -> str:
    with event_change(session, event.id):
        table = get_table(event, number)
        table.token = new_token()
    return table.token


def regenerate_all_table_links(session: Session, event: Event) -> None:
    with event_change(session, event.id):
        for table in event.tables:
            table.token = new_token()


def regenerate_event_links(session: Session, event: Event) -> None:
    """New projector and "where do I sit" links; screens showing the old ones stop updating."""
    with event_change(session, event.id):
        event.projector_token = new_token()
        event.public_token = new_token()
