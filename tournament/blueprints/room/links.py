from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...services import room_links
from ..current_event import current_event
from ..links import external_url, qr_svg
from ..organiser.forms import ButtonForm
from . import bp


@bp.get("/events/<int:event_id>/room/tables")
def table_links(event_id: int):
    """Every table's phone link as a QR code (printable), with revoke and regenerate."""
    event = current_event(event_id, "tables")
    links = []
    for table in event.tables:
        link = external_url("table.enter", token=table.token) if table.token else None
        links.append((table, link, qr_svg(link) if link else None))
    return render_template("room/table_links.html", event=event, links=links, button=ButtonForm())


def _back(event_id: int):
    return redirect(url_for("room.table_links", event_id=event_id))


@bp.post("/events/<int:event_id>/room/tables/<int:number>/revoke")
def revoke(event_id: int, number: int):
    """The table's old link stops working at once (e.g. a photo of the slip went round)."""
    session = db.session()
    event = current_event(event_id, "tables")
    if ButtonForm().validate_on_submit():
        room_links.revoke_table_link(session, event, number)
        flash(translate(T("Table {number}'s phone link is revoked. Regenerate it to issue a new one.", number=number)),
              "success")
    return _back(event.id)


@bp.post("/events/<int:event_id>/room/tables/<int:number>/regenerate")
def regenerate(event_id: int, number: int):
    """A new link for the table; the old one stops working (reprint its score slip)."""
    session = db.session()
    event = current_event(event_id, "tables")
    if ButtonForm().validate_on_submit():
        room_links.regenerate_table_link(session, event, number)
        flash(translate(T("Table {number} has a new phone link. The old one no longer works.", number=number)),
              "success")
    return _back(event.id)


@bp.post("/events/<int:event_id>/room/tables/regenerate")
def regenerate_all(event_id: int):
    """New links for every table at once (before a new session with the same event)."""
    session = db.session()
    event = current_event(event_id, "tables")
    if ButtonForm().validate_on_submit():
        room_links.regenerate_all_table_links(session, event)
        flash(translate(T("Every table has a new phone link. Old links no longer work.")), "success")
    return _back(event.id)


@bp.post("/events/<int:event_id>/room/links/regenerate")
def regenerate_event_links(event_id: int):
    """New projector and where-do-I-sit links; open the projector again from this page."""
    session = db.session()
    event = current_event(event_id, "tables")
    if ButtonForm().validate_on_submit():
        room_links.regenerate_event_links(session, event)
        flash(translate(T("New projector and where-do-I-sit links. Reopen the projector page.")), "success")
    return redirect(url_for("room.room_page", event_id=event.id))
