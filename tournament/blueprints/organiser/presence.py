"""The organiser's decision about a player the table's phone reported missing (or anyone
seated in the running round): absent for this round, or here after all. The buttons sit on the
round's board and the Room page; each comes back to the page it was pressed on."""

from __future__ import annotations

from flask import flash, redirect, request, url_for

from ... import db
from ...core.i18n import Name, T
from ...i18n import translate
from ...models import RoundState
from ...services import presence
from ...services.errors import DomainError
from ...services.round_data import load_round
from ..current_event import current_event
from ..refusals import refuse
from . import bp
from .forms import ButtonForm

ROOM = "room"  # the `back` value of a button on the Room page
CLOSE = "close"  # of a button on the close page; anything else: the round's board


@bp.post("/events/<int:event_id>/rounds/<int:number>/players/<int:player_id>/absent")
def mark_absent(event_id: int, number: int, player_id: int):
    """Absent for this round: not ranked at the table, does not move, keeps the table."""
    return _mark(event_id, number, player_id, absent=True)


@bp.post("/events/<int:event_id>/rounds/<int:number>/players/<int:player_id>/here")
def mark_here(event_id: int, number: int, player_id: int):
    """Here after all: ranked and moved with the table as usual."""
    return _mark(event_id, number, player_id, absent=False)


def _mark(event_id: int, number: int, player_id: int, absent: bool):
    session = db.session()
    event = current_event(event_id)
    back = request.form.get("back")
    if not ButtonForm().validate_on_submit():
        return _back(event, number, back)
    try:
        player, table = presence.mark(session, event, number, player_id, absent)
    except DomainError as error:
        return _refused(session, event, number, back, refuse(error))
    message = (T("{player} is absent for round {n}: not ranked, and keeps table {table}.",
                 player=Name(player.name), n=number, table=table) if absent
               else T("{player} is here in round {n}, at table {table}.", player=Name(player.name), n=number,
                      table=table))
    flash(translate(message), "success")
    return _back(event, number, back)


def _back(event, number: int, back: str | None):
    if back == ROOM:
        return redirect(url_for("room.room_page", event_id=event.id))
    if back == CLOSE:
        return redirect(url_for("organiser.close_round", event_id=event.id, number=number))
    return redirect(url_for("organiser.round_board", event_id=event.id, number=number))


def _refused(session, event, number: int, back: str | None, status: int):
    """The page the button was on, the reason on top."""
    from ..room.controls import _room  # the Room page's one drawing
    from .rounds import _board_page, _results_page

    if back == ROOM:
        return _room(event, status=status)
    data = load_round(session, event, number)
    if data.round.state is RoundState.RUNNING:
        return _board_page(data, status)
    if data.round.state is RoundState.CLOSED:
        return _results_page(session, data, status)
    return _back(event, number, None)


@bp.app_template_global()
def room_presence(event) -> presence.RoomPresence | None:
    """The Room page's panel: the running round's missing and absent players, and the tables
    that have not said who is here."""
    return presence.room_presence(db.session(), event)
