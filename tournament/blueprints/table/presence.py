"""A table's answer to "Who is at table 3?": first on its phone's page in each round, until
the table answers (``services.presence``). The entry page draws the question
(``templates/table/_presence_line.html``, from ``said``); this module takes the answer, and
draws a refused one on a page of its own."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from ... import db
from ...core.i18n import T, Text
from ...core.movement import join_names
from ...i18n import translate
from ...i18n.locale import use_event
from ...models import Player, Presence, Round
from ...name_display import show_room_names
from ...services import presence
from ...services.errors import DomainError
from ...services.room_links import table_by_token
from ...services.round_data import RoundData, load_table_rows
from ..fields import is_number
from . import bp

MISSING = "missing"  # the checkboxes' name: one per player tapped as missing
EVERYONE = "everyone"  # the "Everyone is here" button's name


def asks(data: RoundData, table) -> bool:
    """Whether the table's phone asks who is here: in a round with players at the table, until
    the table answers. An online table's players check in on their own devices."""
    return not table.online and bool(data.seats) and not presence.answered(data.seats)


@dataclass
class Question:
    round: Round
    players: list[Player]
    tapped: set[int] = field(default_factory=set)  # ids tapped as missing
    absent: frozenset[int] = frozenset()  # ids the organiser marked absent: not a choice
    again: bool = False  # the table changes an answer it gave
    error: Text | str | None = None


def _question(data: RoundData, table, again: bool) -> Question:
    players = data.seated_at(table)
    return Question(data.round, players, {p.id for p in players if data.presence_of(p) is Presence.MISSING},
                    data.absent(), again)


def said(data: RoundData, table, again: bool = False) -> dict | None:
    """What the entry page shows of who is here: the question (``ask``) until the table answers
    or when it asks to change its answer; then the names reported missing and marked absent.
    None for an online table or an empty one. Reads the seats the page loaded."""
    if table.online or not data.seats:
        return None
    if asks(data, table) or again:
        return {"ask": _question(data, table, again=not asks(data, table))}
    players = data.seated_at(table)
    return {"ask": None,
            "missing": [p.name for p in players if data.presence_of(p) is Presence.MISSING],
            "absent": [p.name for p in players if data.presence_of(p) is Presence.ABSENT]}


def _tapped() -> set[int]:
    return {int(value) for value in request.form.getlist(MISSING) if is_number(value) and len(value) <= 9}


@bp.post("/<token>/presence")
def presence_answer(token: str):
    """The table's answer. A round that ended meanwhile, a double tap and a second phone that
    still showed the question change nothing; each is told so on the page it lands on."""
    from .views import page_key  # the entry page's key, owned by views (which imports this module)

    session = db.session()
    table, round_ = table_by_token(session, token)
    use_event(table.event)
    show_room_names(table.event)
    FlaskForm().validate_on_submit()  # CSRF is checked before the view; the round and the taps here
    if round_ is None or request.form.get("round") != str(round_.number):
        flash(translate(T("That round is over, so nothing was changed.")), "error")
        return redirect(url_for("table.enter", token=token))
    again = request.form.get("again") == "1"
    tapped = _tapped()
    data = load_table_rows(session, table.event, round_, table, with_games=False)

    def refused(error: Text | str, status: int):
        ask = Question(round_, data.seated_at(table), tapped, data.absent(), again, error)
        key = page_key(round_, data.seated_at(table), asking=asks(data, table))
        return render_template("table/presence.html", table=table, ask=ask, key=key), status

    if request.form.get(EVERYONE) and tapped:
        return refused(T("You tapped someone as missing, then “Everyone is here”. "
                         "Untap them, or send who is missing."), 400)
    try:
        done = presence.report(session, table.event, round_, table, tapped, again=again)
    except DomainError as error:
        return refused(error.text, error.http_status)
    flash(translate(_told(done)), "success")
    return redirect(url_for("table.enter", token=token))


def _told(done: presence.Report) -> Text:
    if not done.changed and not done.missing:
        return T("Everyone is here: the table had already said so.")
    if not done.changed:
        return T("The table had already answered: the organiser knows who is missing.")
    if not done.missing:
        return T("Thank you: everyone is here.")
    return T("Thank you. The organiser has been told who is missing: {names}.", names=join_names(done.missing))
