"""Nicknames, set one by one on the Players page or a player's page, or proposed for every
player who has none. A refused nickname comes back on the page it was typed on, beside its field."""

from __future__ import annotations

from flask import flash, redirect, url_for

from ... import db
from ...core import nicknames as animals
from ...core.i18n import Name, T, Tn
from ...i18n import translate
from ...services import nicknames
from ...services import players as player_service
from ...services.errors import DomainError
from ..current_event import current_event
from ..refusals import refuse
from ..service_config import max_name_length
from . import bp
from .nickname_forms import PLAYER, PLAYERS, SETTINGS, NicknameForm, ProposeForm
from .players import _player_page, _players_page


def _back(event_id: int, back: str | None, player_id: int | None = None):
    if back == SETTINGS:
        return redirect(url_for("organiser.event_settings", event_id=event_id))
    if back == PLAYER and player_id is not None:
        return redirect(url_for("organiser.player", event_id=event_id, player_id=player_id))
    return redirect(url_for("organiser.players", event_id=event_id))


@bp.post("/events/<int:event_id>/players/<int:player_id>/nickname")
def player_nickname(event_id: int, player_id: int):
    """Set or clear (left blank) one player's nickname."""
    session = db.session()
    event = current_event(event_id)
    player = player_service.get_player(session, event, player_id)
    form = NicknameForm()
    on_player = form.back.data == PLAYER
    if form.validate_on_submit():
        try:
            stored = nicknames.set_nickname(session, event.id, player.id, form.nickname.data or "", max_name_length())
        except DomainError as error:
            status = refuse(error, form.nickname)
        else:
            flash(translate(T("{name}'s nickname is now “{nickname}”.", name=Name(player.name), nickname=Name(stored))
                            if stored else T("{name} has no nickname now.", name=Name(player.name))), "success")
            return _back(event.id, form.back.data, player.id)
    else:
        status = 400
    if on_player:
        return _player_page(session, event, player, nickname=form, status=status)
    return _players_page(session, event, nickname=(player.id, form), status=status)


@bp.post("/events/<int:event_id>/nicknames/propose")
def propose_nicknames(event_id: int):
    """Every player without a nickname gets a neutral one (an animal and a number), in the
    event's language, so the room reads the same words as its sheets."""
    event = current_event(event_id)
    form = ProposeForm()
    if not form.validate_on_submit():
        return _back(event.id, PLAYERS)
    words = [translate(animal, event.language) for animal in animals.ANIMALS]
    try:
        count = nicknames.propose(db.session(), event.id, words)
    except DomainError as error:
        refuse(error)
    else:
        flash(translate(Tn("{n} player got a nickname.", "{n} players got a nickname.", count)), "success")
    return _back(event.id, form.back.data)
