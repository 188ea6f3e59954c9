"""Settling a game its table disputed: the organiser (or a helper) keeps the result, changes it on
the table's results form, or removes the game (``services.agreement``)."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField

from ... import db
from ...core.i18n import T
from ...games import game_of
from ...i18n import translate
from ...models import Agreement
from ...services import agreement, table_agreement
from ...services.errors import DomainError, NotFound
from ...services.round_data import load_round
from ..current_event import current_event
from ..fields import is_number
from ..refusals import refuse
from . import bp

bp.add_app_template_global(Agreement, "agreement_states")  # the board's marks compare a game's state
bp.add_app_template_global(table_agreement.listed_at_close, "unconfirmed_at_close")
bp.add_app_template_global(table_agreement.open_disputes, "open_disputes")


class SettleForm(FlaskForm):
    """The version of the game the page showed; the button tapped is ``how`` ("keep", "remove")."""

    version = HiddenField()


def _game(data, table, number: int):
    game = next((g for g in data.games_at(table) if g.number == number), None)
    if game is None:
        raise NotFound(T("Table {table} has no game {number} in round {round}.", table=table.number, number=number,
                         round=data.round.number))
    return game


@bp.route("/events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>/games/<int:game>/settle",
          methods=["GET", "POST"])
def settle_game(event_id: int, number: int, table_number: int, game: int):
    """A disputed game: its result as the table sent it, and the three ways to settle it."""
    session = db.session()
    event = current_event(event_id)
    data = load_round(session, event, number)
    table = data.table(table_number)
    shown = _game(data, table, game)
    form = SettleForm(formdata=None, version=str(shown.version))
    status = 200
    if request.method == "POST":
        form = SettleForm()
        how = request.form.get("how")
        version = form.version.data or ""
        if (not form.validate_on_submit() or how not in ("keep", "remove") or not is_number(version)
                or len(version) > 9):
            status = 400
            flash(translate(T("Choose to keep the result or to remove the game.")), "error")
        else:
            try:
                back = url_for("organiser.round_board", event_id=event.id, number=number)
                if how == "keep":
                    done = agreement.keep(session, data, table, game, int(version))
                    flash(translate(T("Table {table}, game {number}: the result stands.", table=table_number,
                                      number=game) if done else
                                    T("Table {table}, game {number} was already settled.", table=table_number,
                                      number=game)), "success")
                else:
                    agreement.remove(session, data, table, game, int(version))
                    flash(translate(T("Table {table}, game {number} removed.", table=table_number, number=game)),
                          "success")
                return redirect(back)
            except DomainError as error:
                status = refuse(error)
                data = load_round(session, event, number)
                table = data.table(table_number)
                try:
                    shown = _game(data, table, game)
                except NotFound:
                    return redirect(url_for("organiser.round_board", event_id=event.id, number=number))
                form = SettleForm(formdata=None, version=str(shown.version))
    said, scores = agreement.result_text(game_of(event), shown, data.players)
    return render_template("organiser/settle_game.html", event=event, data=data, table=table, game=shown,
                           said=said, scores=scores, form=form, disputed=shown.agreement is Agreement.DISPUTED,
                           mark=table_agreement.mark(shown)), status
