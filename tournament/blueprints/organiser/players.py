from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from wtforms import SelectChoice

from ... import db
from ...models import PlayerStatus
from ...services import events as event_service
from ...services import midevent
from ...services import players as player_service
from ...services.errors import DomainError
from . import bp
from .forms import JoinTableForm, LatePlayerForm, NamesForm, RenameForm


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
    late = LatePlayerForm()
    late.table.choices = _table_choices(event)
    return render_template("organiser/players.html", event=event, form=form, late=late,
                           current=midevent.current_round(session, event)), status


STATUS_WORDS = {PlayerStatus.SEATED: "playing", PlayerStatus.OBSERVER: "an observer",
                PlayerStatus.WITHDRAWN: "withdrawn"}


def _table_choices(event):
    return [SelectChoice(t.number, f"Table {t.number}") for t in event.tables]


@bp.post("/events/<int:event_id>/players/<int:player_id>/status/<status>")
def player_status(event_id: int, player_id: int, status: str):
    """Make a player an observer, withdraw them, or let them play again. Before round 1 this
    only changes the table plan; afterwards they leave (or join, at the chosen table) the
    running or planned round, and their history stays."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    player = player_service.get_player(session, event, player_id)
    try:
        new_status = PlayerStatus(status)
    except ValueError:
        raise DomainError("Unknown player status.") from None
    form = JoinTableForm()
    form.table.choices = _table_choices(event)
    table = form.table.data if new_status is PlayerStatus.SEATED and form.validate_on_submit() else None
    midevent.change_status(session, event, player, new_status, table)
    flash(f"{player.name} is now {STATUS_WORDS[new_status]}.", "success")
    return redirect(url_for("organiser.player", event_id=event.id, player_id=player.id)
                    if event.rounds else url_for("organiser.players", event_id=event.id))


@bp.route("/events/<int:event_id>/players/<int:player_id>", methods=["GET", "POST"])
def player(event_id: int, player_id: int):
    """One player: rename (names stay unique ignoring case and accents) and change status."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    player = player_service.get_player(session, event, player_id)
    form = RenameForm(name=player.name)
    status = 200
    if form.validate_on_submit():
        try:
            midevent.rename(session, event, player, form.name.data)
        except DomainError as error:
            session.rollback()
            form.name.errors = [str(error)]
            status = 400
        else:
            flash(f"Renamed to {player.name}.", "success")
            return redirect(url_for("organiser.player", event_id=event.id, player_id=player.id))
    elif form.is_submitted():
        status = 400
    join = JoinTableForm()
    join.table.choices = _table_choices(event)
    return render_template("organiser/player.html", event=event, player=player, form=form, join=join,
                           current=midevent.current_round(session, event)), status


@bp.post("/events/<int:event_id>/players/late")
def late_player(event_id: int):
    """A latecomer joins a table of the running round, or of the planned next round."""
    session = db.session()
    event = event_service.get_event(session, event_id)
    form = LatePlayerForm()
    form.table.choices = _table_choices(event)
    if not form.validate_on_submit():
        raise DomainError("Give the latecomer's name and choose one of the event's tables.")
    player = midevent.add_late_player(session, event, form.name.data, form.table.data)
    flash(f"{player.name} joins table {form.table.data}.", "success")
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
