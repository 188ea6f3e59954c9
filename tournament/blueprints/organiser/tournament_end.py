"""Ending the tournament now, from whatever state it is in, and reopening an ended one for one
more round. Each is a page that says what will happen (GET), then the change (POST)."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ... import db
from ...core.i18n import T
from ...i18n import translate
from ...models import RoundState
from ...services import rounds as rounds_service
from ...services.latest_round import latest_round
from ...services.round_data import load_round
from ..current_event import current_event
from ..service_config import backup_store
from . import bp
from .forms import ButtonForm
from .transfer import BACKUP_FAILED, BACKUP_SAVED


@bp.route("/events/<int:event_id>/end", methods=["GET", "POST"])
def end_tournament(event_id: int):
    """A running round is closed first, with the same page and warning as any close; a planned
    round not started is dropped; the rounds played become the tournament's rounds."""
    session = db.session()
    event = current_event(event_id)
    form = ButtonForm()
    if form.validate_on_submit():  # a refusal is the organiser's refused page (409), nothing changed
        ended = rounds_service.end_now(session, event, backup_store())
        message = translate(T("The tournament is over after round {number}.", number=ended.round.number))
        flash(f"{message} {translate(BACKUP_SAVED)}" if ended.backup_saved else message, "success")
        if ended.backup_saved is False:
            flash(translate(BACKUP_FAILED), "warning")
        return redirect(url_for("organiser.round_results", event_id=event.id, number=ended.round.number))
    return _end_page(session, event, form, 400 if form.is_submitted() else 200)


def _end_page(session, event, form, status):
    latest = latest_round(session, event)
    back = url_for("organiser.rounds", event_id=event.id)
    if event.ended_at is not None or latest is None:  # nothing to confirm: say why where the button was
        flash(translate(T("The tournament is already over.") if event.ended_at is not None
                        else rounds_service.NOTHING_TO_END), "error")
        return redirect(back)
    if latest.state is RoundState.RUNNING:
        data = load_round(session, event, latest.number)
        return render_template("organiser/close_round.html", event=event, data=data, form=form, ending=True,
                               action=url_for("organiser.end_tournament", event_id=event.id),
                               empty=rounds_service.empty_tables(data), outcome=data.outcome()), status
    if latest.state is RoundState.PLANNED:
        lines = [T("Round {number}'s planned seating is dropped; it is never played.", number=latest.number),
                 T("The tournament ends after round {number}: the projector shows the final standings.",
                   number=latest.number - 1)]
    else:
        lines = [T("The tournament ends after round {number}: the projector shows the final standings.",
                   number=latest.number)]
    lines.append(T("You can reopen it afterwards for one more round."))
    return render_template("organiser/confirm.html", event=event, form=form,
                           title=translate(T("End the tournament now?")), lines=lines,
                           action=url_for("organiser.end_tournament", event_id=event.id),
                           confirm=translate(T("End the tournament")), danger=False, back=back), status


@bp.route("/events/<int:event_id>/one-more-round", methods=["GET", "POST"])
def one_more_round(event_id: int):
    """Reopen an ended tournament: the next round is planned from the last one's results."""
    session = db.session()
    event = current_event(event_id)
    form = ButtonForm()
    if form.validate_on_submit():  # a refusal is the organiser's refused page (409), nothing changed
        following = rounds_service.one_more_round(session, event)
        flash(translate(T("The tournament is open again: round {number}'s seating is planned below.",
                          number=following.number)), "success")
        return redirect(url_for("organiser.round_seats", event_id=event.id, number=following.number))
    status = 400 if form.is_submitted() else 200
    latest = latest_round(session, event)
    back = url_for("organiser.rounds", event_id=event.id)
    if event.ended_at is None or latest is None:
        flash(translate(T("The tournament is not over, so there is nothing to reopen.")), "error")
        return redirect(back)
    lines = [T("Round {number} is planned from round {last}'s results, as after any close; you can move seats "
               "before starting it.", number=latest.number + 1, last=latest.number),
             T("The tournament then has {number} rounds: closing round {number} ends it again.",
               number=latest.number + 1)]
    return render_template("organiser/confirm.html", event=event, form=form,
                           title=translate(T("Reopen the tournament for one more round?")), lines=lines,
                           action=url_for("organiser.one_more_round", event_id=event.id),
                           confirm=translate(T("Plan round {number}", number=latest.number + 1)), danger=False,
                           back=back), status
