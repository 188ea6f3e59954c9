from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from wtforms import SelectChoice

from ... import db
from ...core.i18n import Name, T, Text, Tn
from ...i18n import translate
from ...models import PlayerStatus
from ...services import midevent, nicknames
from ...services import players as player_service
from ...services.errors import Conflict, DomainError
from ...services.public_names import room_names
from ..current_event import current_event, with_collections
from ..refusals import field_for, refuse
from ..service_config import max_name_length
from . import bp, consequences
from .forms import ButtonForm, JoinTableForm, LatePlayerForm, NamesForm, RenameForm
from .nickname_forms import PLAYER, NicknameForm, ProposeForm
from .transfer_forms import ReplaceListForm


def _players_page(session, event, form=None, late=None, replace=None, nickname=None, status=200):
    """The players page; a refused form is passed in so it shows what was typed (``nickname``:
    the player's id and the refused nickname form)."""
    with_collections(event, "tables", "players", "rounds")
    if late is None:
        late = LatePlayerForm(formdata=None)
        late.table.choices = _table_choices(event)
    return render_template("organiser/players.html", event=event, form=form or NamesForm(formdata=None), late=late,
                           replace=replace or ReplaceListForm(formdata=None),
                           current=midevent.current_round(session, event), shown=room_names(event),
                           nickname=nickname or (None, None), propose=ProposeForm(formdata=None),
                           missing_nicknames=nicknames.missing(session, event.id)), status


@bp.route("/events/<int:event_id>/players", methods=["GET", "POST"])
def players(event_id: int):
    """Paste names, one per line. The whole list is refused if any name is a duplicate
    (case and accents ignored) or too long, so nothing is half-imported."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = NamesForm()
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        try:
            added = player_service.add_players(session, event, form.names.data, max_name_length())
        except DomainError as error:
            status = refuse(error, form.names)
        else:
            flash(translate(Tn("Added {n} player.", "Added {n} players.", len(added))), "success")
            return redirect(url_for("organiser.players", event_id=event.id))
    return _players_page(session, event, form=form, status=status)


@bp.post("/events/<int:event_id>/players/replace")
def replace_players(event_id: int):
    """Before round 1, a pasted list takes the place of the whole list (another group); refused
    whole, with the reason beside the list, when a name repeats or round 1 has started."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = ReplaceListForm()
    if not form.validate_on_submit():
        return _players_page(session, event, replace=form, status=400)
    try:
        added = player_service.replace_players(session, event, form.replacement.data, max_name_length())
    except DomainError as error:
        # Once round 1 has started the list is not on the page: the reason goes on top.
        return _players_page(session, event, replace=form,
                             status=refuse(error, None if event.rounds else form.replacement))
    flash(translate(Tn("The list now holds {n} player.", "The list now holds {n} players.", len(added))), "success")
    return redirect(url_for("organiser.players", event_id=event.id))


def _status_now(status: PlayerStatus, name: Name) -> Text:
    """One whole sentence per status: "now" and the status agree differently in each language."""
    if status is PlayerStatus.SEATED:
        return T("{name} is now playing.", name=name)
    if status is PlayerStatus.OBSERVER:
        return T("{name} is now an observer.", name=name)
    return T("{name} is now withdrawn.", name=name)


def _table_choices(event):
    return [SelectChoice(t.number, translate(T("Table {number}", number=t.number))) for t in event.tables]


def _status(status: str) -> PlayerStatus:
    try:
        return PlayerStatus(status)
    except ValueError:
        raise DomainError(T("Unknown player status.")) from None


@bp.get("/events/<int:event_id>/players/<int:player_id>/withdraw")
def withdraw_player(event_id: int, player_id: int):
    """Withdrawing is confirmed on a page that says what it does; the change is a POST from it."""
    session = db.session()
    event = current_event(event_id)
    player = player_service.get_player(session, event, player_id)
    return _confirm_withdrawal(session, event, player, midevent.current_round(session, event))


@bp.post("/events/<int:event_id>/players/<int:player_id>/status/<status>")
def player_status(event_id: int, player_id: int, status: str):
    """Make a player an observer, withdraw them, or let them play again. Before round 1 this
    only changes the table plan; afterwards they leave (or join, at the chosen table) the
    running or planned round, and their history stays."""
    session = db.session()
    event = current_event(event_id, "tables", "rounds")
    player = player_service.get_player(session, event, player_id)
    new_status = _status(status)
    current = midevent.current_round(session, event)
    form = JoinTableForm()
    form.table.choices = _table_choices(event)
    joining = new_status is PlayerStatus.SEATED and current is not None
    if joining and current is not None and not form.validate_on_submit():
        form.table.errors = [translate(T("Choose the table where {name} joins round {number}.",
                                           name=Name(player.name), number=current.number))]
        return _player_page(session, event, player, join=form, status=400)
    try:
        midevent.change_status(session, event, player, new_status, form.table.data if joining else None)
    except DomainError as error:
        if not event.rounds:
            return _players_page(session, event, status=refuse(error))
        if new_status is PlayerStatus.WITHDRAWN:
            return _confirm_withdrawal(session, event, player, current, refuse(error))
        return _player_page(session, event, player, join=form, status=refuse(error, field_for(form, error)))
    flash(translate(_status_now(new_status, Name(player.name))), "success")
    return redirect(url_for("organiser.player", event_id=event.id, player_id=player.id)
                    if event.rounds else url_for("organiser.players", event_id=event.id))


def _confirm_withdrawal(session, event, player, current, status=200):
    return render_template("organiser/confirm.html", event=event, form=ButtonForm(formdata=None),
                           title=translate(T("Withdraw {name}?", name=Name(player.name))),
                           lines=[consequences.withdrawal(session, player, current)],
                           action=url_for("organiser.player_status", event_id=event.id, player_id=player.id,
                                          status=PlayerStatus.WITHDRAWN.value),
                           confirm=translate(T("Withdraw {name}", name=Name(player.name))), danger=True,
                           back=url_for("organiser.player", event_id=event.id, player_id=player.id)), status


def _player_page(session, event, player, form=None, join=None, nickname=None, status=200):
    if form is None:
        form = RenameForm(formdata=None, name=player.name)
    if nickname is None:
        nickname = NicknameForm(formdata=None, nickname=player.nickname or "", back=PLAYER)
    with_collections(event, "tables", "rounds")
    if join is None:
        join = JoinTableForm(formdata=None)
        join.table.choices = _table_choices(event)
    return render_template("organiser/player.html", event=event, player=player, form=form, join=join,
                           current=midevent.current_round(session, event), nickname=nickname,
                           shown=room_names(with_collections(event, "players"))), status


@bp.route("/events/<int:event_id>/players/<int:player_id>", methods=["GET", "POST"])
def player(event_id: int, player_id: int):
    """One player: rename (names stay unique ignoring case and accents) and change status."""
    session = db.session()
    event = current_event(event_id, "tables", "rounds")
    player = player_service.get_player(session, event, player_id)
    form = RenameForm(name=player.name)
    status = 400 if form.is_submitted() else 200
    if form.validate_on_submit():
        try:
            midevent.rename(session, event, player, form.name.data, max_name_length())
        except DomainError as error:
            status = refuse(error, form.name)
        else:
            flash(translate(T("Renamed to {name}.", name=Name(player.name))), "success")
            return redirect(url_for("organiser.player", event_id=event.id, player_id=player.id))
    return _player_page(session, event, player, form=form, status=status)


@bp.post("/events/<int:event_id>/players/late")
def late_player(event_id: int):
    """A latecomer joins a table of the running round, or of the planned next round. A refused
    latecomer comes back on the players page, typed name kept, the reason beside the field."""
    session = db.session()
    event = current_event(event_id, "tables")
    form = LatePlayerForm()
    form.table.choices = _table_choices(event)
    if not form.validate_on_submit():
        return _players_page(session, event, late=form, status=400)
    try:
        player = midevent.add_late_player(session, event, form.name.data, form.table.data, max_name_length())
    except DomainError as error:
        # The table was checked against the choices, so what is left concerns the name, or the
        # round (nothing to join), which belongs on top of the page.
        at = None if isinstance(error, Conflict) else form.name
        return _players_page(session, event, late=form, status=refuse(error, field_for(form, error, at)))
    flash(translate(T("{name} joins table {table}.", name=Name(player.name), table=form.table.data)), "success")
    return redirect(url_for("organiser.players", event_id=event.id))


@bp.route("/events/<int:event_id>/players/<int:player_id>/remove", methods=["GET", "POST"])
def remove_player(event_id: int, player_id: int):
    """Remove a mistyped name before the tournament starts, after a confirmation page."""
    session = db.session()
    event = current_event(event_id, "rounds")
    player = player_service.get_player(session, event, player_id)
    form = ButtonForm()
    status = 200
    if form.validate_on_submit():
        name = player.name
        try:
            player_service.remove_player(session, event, player)
        except DomainError as error:
            status = refuse(error)
        else:
            flash(translate(T("Removed {name}.", name=Name(name))), "success")
            return redirect(url_for("organiser.players", event_id=event.id))
    elif form.is_submitted():
        status = 400
    return render_template("organiser/confirm.html", event=event, form=form,
                           title=translate(T("Remove {name}?", name=Name(player.name))),
                           lines=[consequences.removal(player)], danger=True,
                           confirm=translate(T("Remove {name}", name=Name(player.name))),
                           action=url_for("organiser.remove_player", event_id=event.id, player_id=player.id),
                           back=url_for("organiser.players", event_id=event.id)), status
