from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ... import db
from ...models import PlayerStatus
from ...services import events as event_service
from ...services import players as player_service
from ...services.errors import DomainError
from . import bp
from .forms import ButtonForm, NamesForm


@bp.route("/events/<int:event_id>/players", methods=["GET", "POST"])
def players(event_id: int):
    """Paste names, one per line. The whole list is refused if any name is a duplicate
    (case and accents ignored) or too long, so nothing is half-imported."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    form = NamesForm()
    status = 200
    if form.validate_on_submit():
        try:
            added = player_service.add_players(session, event, form.names.data)
        except DomainError as error:
            session.rollback()
            form.names.errors = [str(error)]
            status = 400
        else:
            flash(f"Added {len(added)} player{'s' if len(added) != 1 else ''}.", "success")
            return redirect(url_for("organiser.players", event_id=event.id))
    elif form.is_submitted():
        status = 400
    return render_template("organiser/players.html", event=event, form=form, button=ButtonForm()), status


@bp.post("/events/<int:event_id>/players/<int:player_id>/status/<status>")
def player_status(event_id: int, player_id: int, status: str):
    """Before round 1: make a player an observer (sits at no table) or a player again."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    player = player_service.get_player(session, event, player_id)
    try:
        new_status = PlayerStatus(status)
    except ValueError:
        raise DomainError("Unknown player status.") from None
    player_service.set_status(session, event, player, new_status)
    flash(f"{player.name} is now {'an observer' if new_status is PlayerStatus.OBSERVER else 'playing'}.", "success")
    return redirect(url_for("organiser.players", event_id=event.id))


@bp.post("/events/<int:event_id>/players/<int:player_id>/remove")
def remove_player(event_id: int, player_id: int):
    """Remove a mistyped name before the tournament starts."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    player = player_service.get_player(session, event, player_id)
    name = player.name
    player_service.remove_player(session, event, player)
    flash(f"Removed {name}.", "success")
    return redirect(url_for("organiser.players", event_id=event.id))
