from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from wtforms import SelectChoice

from ... import db
from ...core.i18n import Name, T
from ...core.movement import size_warnings
from ...core.names import name_key
from ...core.rounds import is_last_round
from ...games import game_of
from ...i18n import translate
from ...models import RoundState
from ...services import corrections
from ...services import players as player_service
from ...services import rounds as rounds_service
from ...services import tables as table_service
from ...services.errors import DomainError
from ...services.latest_round import latest_round
from ...services.round_data import load_round
from ..current_event import current_event
from ..refusals import field_for, refuse
from ..service_config import backup_store
from . import bp, consequences
from .forms import ButtonForm, MoveSeatForm
from .transfer import BACKUP_FAILED, BACKUP_SAVED


@bp.get("/events/<int:event_id>/rounds")
def rounds(event_id: int):
    """Go to the latest round's page, or explain how to start round 1."""
    session = db.session()
    event = current_event(event_id, "tables")
    latest = latest_round(session, event)
    if latest is not None:
        return redirect(url_for("organiser.round_board", event_id=event.id, number=latest.number))
    return render_template("organiser/no_rounds.html", event=event, form=ButtonForm())


@bp.post("/events/<int:event_id>/rounds/start")
def start_round(event_id: int):
    """Round 1 seats everyone at their home table; later rounds use the planned seating.
    The round's countdown starts with it."""
    session = db.session()
    event = current_event(event_id, "tables", "rounds")
    try:
        round_ = rounds_service.start_round(session, event)
    except DomainError as error:
        return _start_refused(session, event, error)
    flash(translate(T("Round {number} is running.", number=round_.number)), "success")
    return redirect(url_for("organiser.round_board", event_id=event.id, number=round_.number))


def _start_refused(session, event, error: DomainError):
    """Back to the page the start button is on (round 1's page, or the planned round's
    seating), the reason on top; a running round's board otherwise."""
    status = refuse(error)
    latest = latest_round(session, event)
    if latest is None:
        return render_template("organiser/no_rounds.html", event=event, form=ButtonForm(formdata=None)), status
    data = load_round(session, event, latest.number)
    if latest.state is RoundState.PLANNED:
        return _seats_page(data, _seat_form(data), status)
    if latest.state is RoundState.RUNNING:
        return _board_page(data, status)
    return _results_page(session, data, status)


def _board_page(data, status=200):
    return render_template("organiser/round_board.html", event=data.event, data=data, form=ButtonForm(formdata=None),
                           empty=rounds_service.empty_tables(data)), status


@bp.get("/events/<int:event_id>/rounds/<int:number>")
def round_board(event_id: int, number: int):
    """Status board: every table with its players and how many games it has reported."""
    session = db.session()
    event = current_event(event_id, "rounds")
    data = load_round(session, event, number)
    if data.round.state is RoundState.CLOSED:
        return redirect(url_for("organiser.round_results", event_id=event.id, number=number))
    if data.round.state is RoundState.PLANNED:
        return redirect(url_for("organiser.round_seats", event_id=event.id, number=number))
    return _board_page(data)


@bp.route("/events/<int:event_id>/rounds/<int:number>/close", methods=["GET", "POST"])
def close_round(event_id: int, number: int):
    """Closing ranks every table by games won (ties: alphabetical order) and plans the moves.
    The confirmation page warns about tables that reported no games."""
    session = db.session()
    event = current_event(event_id)
    form = ButtonForm()
    if form.validate_on_submit():
        return _close(session, event, number, form)
    data = load_round(session, current_event(event_id, "rounds"), number)
    if data.round.state is not RoundState.RUNNING:
        flash(translate(T("Round {number} is not running, so it cannot be closed.", number=number)), "warning")
        return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
    return _close_page(data, form)


def _close(session, event, number: int, form):
    """The round is read once, by the service under the event's lock (nothing loaded before
    it); the page is loaded here only when the close is refused."""
    try:
        closed = rounds_service.close(session, event, number, backup_store())
    except DomainError as error:
        status = refuse(error)
        data = load_round(session, event, number)
        if data.round.state is RoundState.RUNNING:
            return _close_page(data, form, status)
        return (_results_page(session, data, status) if data.round.state is RoundState.CLOSED
                else _board_page(data, status))
    if closed.following is not None:
        message = T("Round {number} closed. Round {next}'s seating is planned below.",
                    number=number, next=closed.following.number)
    else:
        message = T("Round {number} closed. It was the last round: the tournament is over.", number=number)
    flash(f"{translate(message)} {translate(BACKUP_SAVED)}" if closed.backup_saved else translate(message), "success")
    if closed.backup_saved is False:
        flash(translate(BACKUP_FAILED), "warning")
    return redirect(url_for("organiser.round_results", event_id=event.id, number=number))


def _close_page(data, form, status=200):
    return render_template("organiser/close_round.html", event=data.event, data=data, form=form,
                           last=is_last_round(data.round.number, data.event.planned_rounds),
                           empty=rounds_service.empty_tables(data), outcome=data.outcome()), status


@bp.get("/events/<int:event_id>/rounds/<int:number>/results")
def round_results(event_id: int, number: int):
    """A closed round: per table the ranking, games won, round winner and who moves where,
    with the ties that alphabetical order decided spelled out."""
    session = db.session()
    event = current_event(event_id, "rounds")
    data = load_round(session, event, number)
    if data.round.state is not RoundState.CLOSED:
        return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
    return _results_page(session, data)


def _results_page(session, data, status=200):
    following = _maybe_round(session, data.event, data.round.number + 1)
    # The close of the round that ended the tournament can be undone too: it then plays on.
    undoable = following is not None or (data.event.ended_at is not None and _is_latest(session, data))
    can_undo = undoable and corrections.undo_refusal(session, data, following) is None
    return render_template("organiser/round_results.html", event=data.event, data=data, outcome=data.outcome(following),
                           seat_limits=table_service.seat_limits(game_of(data.event)), following=following,
                           can_undo=can_undo, form=ButtonForm(formdata=None)), status


@bp.route("/events/<int:event_id>/rounds/<int:number>/reopen", methods=["GET", "POST"])
def reopen_round(event_id: int, number: int):
    """Undo the latest round close while the next round has no results. A page first says
    what undoing does (GET); the undo itself is a POST from it."""
    session = db.session()
    event = current_event(event_id)
    data = load_round(session, event, number)
    form = ButtonForm()
    status = 200
    ended = event.ended_at is not None
    if form.validate_on_submit():
        try:
            corrections.undo_close(session, data)
        except DomainError as error:
            status = refuse(error)
        else:
            flash(translate(T("Round {number} is running again; the tournament plays on.", number=number) if ended
                            else T("Round {number} is running again; the planned next round was removed.",
                                   number=number)), "success")
            return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
    elif form.is_submitted():
        status = 400
    following = _maybe_round(session, event, number + 1)
    refusal = corrections.undo_refusal(session, data, following)
    if refusal and status == 200:  # nothing to confirm: say why where the button was
        flash(translate(refusal), "error")
        return redirect(url_for("organiser.round_results", event_id=event.id, number=number))
    return render_template("organiser/confirm.html", event=event, form=form,
                           title=translate(T("Undo the close of round {number}?", number=number)),
                           lines=[*consequences.undo_close(data, following),
                                  *([T("The tournament is no longer over: closing round {number} ends it again.",
                                       number=number)] if ended else [])],
                           action=url_for("organiser.reopen_round", event_id=event.id, number=number),
                           confirm=translate(T("Undo the close of round {number}", number=number)), danger=False,
                           back=url_for("organiser.round_results", event_id=event.id, number=number)), status


def _is_latest(session, data) -> bool:
    latest = latest_round(session, data.event)
    return latest is not None and latest.number == data.round.number


def _maybe_round(session, event, number):
    try:
        return load_round(session, event, number)
    except DomainError:
        return None


def _seat_form(data, formdata=None) -> MoveSeatForm:
    form = MoveSeatForm(formdata=formdata)
    names = sorted(((s.player_id, data.players[s.player_id].name) for s in data.seats), key=lambda c: name_key(c[1]))
    form.player.choices = [SelectChoice(player_id, name) for player_id, name in names]
    form.table.choices = [SelectChoice(t.number, translate(T("Table {number}", number=t.number))) for t in data.tables]
    return form


@bp.route("/events/<int:event_id>/rounds/<int:number>/seats", methods=["GET", "POST"])
def round_seats(event_id: int, number: int):
    """A planned round: its seating as the movement rules produced it, with table sizes and
    warnings; the organiser may move players (recorded as manual moves) before starting it."""
    session = db.session()
    event = current_event(event_id, "rounds")
    data = load_round(session, event, number)
    if data.round.state is not RoundState.PLANNED:
        return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
    form = _seat_form(data, request.form if request.method == "POST" else None)
    if request.method == "GET":
        return _seats_page(data, form)
    if not form.validate_on_submit():
        return _seats_page(data, form, 400)
    try:
        player = player_service.get_player(session, event, form.player.data)
        rounds_service.move_planned_seat(session, data, player, form.table.data)
    except DomainError as error:
        status = refuse(error, field_for(form, error, form.player))
        return _seats_page(load_round(session, event, number), form, status)
    flash(translate(T("{name} will sit at table {table} in round {number}.", name=Name(player.name),
                      table=form.table.data, number=number)), "success")
    return redirect(url_for("organiser.round_seats", event_id=event.id, number=number))


def _seats_page(data, form, status=200):
    warnings = size_warnings({t.number: len(data.seated_at(t)) for t in data.tables},
                             *table_service.seat_limits(game_of(data.event)))
    return render_template("organiser/round_seats.html", event=data.event, data=data, form=form,
                           start_form=ButtonForm(formdata=None), warnings=warnings), status
