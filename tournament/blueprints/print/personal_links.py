"""Printed personal links: each player at an online table, their link and its QR code, to cut
out and hand over, for a class that should not pick names from a list. Making the links is a
POST (a GET never creates anything); the page prints those made so far."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ... import db
from ...core.i18n import T, Tn
from ...games import game_of
from ...i18n import translate
from ...name_display import show_room_names
from ...services.errors import DomainError
from ...services.online import settings as online_settings
from ..current_event import current_event
from ..links import qr_svg
from ..organiser.forms import ButtonForm
from ..organiser.online import personal_link
from ..refusals import refuse
from . import bp

PER_PAGE = 10  # two across, five down: cards to cut out


def _page(event, status=200):
    show_room_names(event)  # the cards are cut out and handed to the players: the names the room sees
    seats = online_settings.online_seats(db.session(), event)
    cards = [(seat, link, qr_svg(link)) for seat in seats if seat.token
             for link in [personal_link(seat.token)]]
    return render_template("print/personal_links.html", event=event, game=game_of(event), cards=cards,
                           pages=[cards[i:i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)],
                           missing=sum(1 for seat in seats if not seat.token),
                           possible=online_settings.is_possible(event),
                           not_possible=online_settings.not_possible(event), button=ButtonForm(formdata=None)), status


@bp.get("/events/<int:event_id>/print/personal-links")
def personal_links(event_id: int):
    """Every personal link made so far for the players at online tables, ten to a page."""
    return _page(current_event(event_id))


@bp.post("/events/<int:event_id>/print/personal-links")
def make_personal_links(event_id: int):
    """Make a link for every player at an online table who has none yet (claimed names keep theirs)."""
    session = db.session()
    event = current_event(event_id)
    try:
        if not ButtonForm().validate_on_submit():
            raise DomainError(T("The form expired. Press the button again."))
        made = online_settings.make_personal_links(session, event)
    except DomainError as error:
        return _page(event, status=refuse(error))
    flash(translate(Tn("{n} personal link made.", "{n} personal links made.", made)), "success")
    return redirect(url_for("print.personal_links", event_id=event.id))
