"""The table agrees, silently: after the captain sends a result, the phone (or a second device
with the table's link) shows it in big letters with "We agree" and "We don't"
(``services.agreement``). The screen is safe to leave open: a second tap, a reload, another
device's answer or the round's close each end on the table's current page with a sentence."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app, flash, redirect, request, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField

from ... import db
from ...core.i18n import T, Text
from ...games import game_of
from ...i18n import translate
from ...i18n.locale import use_event
from ...name_display import show_room_names
from ...services import agreement, table_agreement
from ...services.errors import DomainError
from ...services.fingerprint import fingerprint
from ...services.room_links import table_by_token
from ...services.round_data import load_table_games, load_table_rows
from ...services.single_flight import revision_cache
from ..conditional import conditional_json
from ..fields import is_number
from ..projector import POLL_MS_OTHERWISE
from . import bp

STALE_SCREEN = T("This screen is out of date, so nothing was recorded. Look at the game again below.")
AS_SENT = T("Game {number} as it was sent: {result}")
AS_SENT_WITH_SCORES = T("Game {number} as it was sent: {result} {scores}")


class AgreeForm(FlaskForm):
    """One game's question: the round and version the screen showed; the button tapped
    (``answer``: "yes" or "no") comes with the request."""

    round = HiddenField()
    version = HiddenField()
    back = HiddenField()  # "score": back to the game's scorer page; else the results form


@dataclass(frozen=True)
class Question:
    """A game the table is asked to confirm, as its screen shows it."""

    number: int
    version: int
    said: Text  # "Ana won."
    scores: Text | None  # "Tricks: Ana 3 · Ben 1"
    form: AgreeForm


def questions(card_game, games, players, round_number: int, back: str = "") -> list[Question]:
    """The table's pending confirmations, oldest game first."""
    seated = {p.id: p for p in players}
    asked = []
    for game in table_agreement.pending(games):
        said, scores = agreement.result_text(card_game, game, seated)
        form = AgreeForm(formdata=None, round=str(round_number), version=str(game.version), back=back)
        asked.append(Question(game.number, game.version, said, scores, form))
    return asked


def agree_context(card_game, games, players, round_, back: str = "") -> dict:
    """What ``table/_agree.html`` needs: the questions, and the key its script polls for."""
    asked = questions(card_game, games, players, round_.number, back)
    return {"asking": asked, "asking_key": _key(round_, [(q.number, q.version) for q in asked])}


def _key(round_, asked) -> str:
    return fingerprint([round_.id, [list(pair) for pair in asked]])


def _number(text: str | None) -> int | None:
    return int(text) if text and is_number(text) and len(text) <= 6 else None


def _as_sent(table, round_, game) -> str:
    """The disputed result as the screen showed it, in the phone's language, for the debrief's note."""
    players = {p.id: p for p in load_table_rows(db.session(), table.event, round_, table, with_games=False)
               .seated_at(table)}
    said, scores = agreement.result_text(game_of(table.event), game, players)
    text = AS_SENT.filled(number=game.number, result=said)
    return translate(text if scores is None else AS_SENT_WITH_SCORES.filled(number=game.number, result=said,
                                                                            scores=scores))


@bp.post("/<token>/games/<int:number>/agree")
def agree(token: str, number: int):
    """The table's answer for game ``number``; always back to the table's page, with a sentence."""
    session = db.session()
    table, round_ = table_by_token(session, token)
    use_event(table.event)
    show_room_names(table.event)
    form = AgreeForm()
    back = (url_for("table.score", token=token, number=number) if form.back.data == "score"
            else url_for("table.enter", token=token))
    shown_round, version, tapped = _number(form.round.data), _number(form.version.data), request.form.get("answer")
    if not form.validate_on_submit() or shown_round is None or version is None or tapped not in ("yes", "no"):
        flash(translate(STALE_SCREEN), "warning")
        return redirect(url_for("table.enter", token=token))
    if round_ is None or round_.number != shown_round:
        flash(translate(agreement.ROUND_OVER.filled(n=shown_round)), "warning")
        return redirect(url_for("table.enter", token=token))
    game = next((g for g in load_table_games(session, round_, table) if g.number == number), None)
    note = _as_sent(table, round_, game) if game is not None and tapped == "no" else ""
    try:
        message = agreement.answer(session, table, round_, number, version, tapped == "yes", note)
    except DomainError as error:
        session.rollback()
        flash(translate(error.text), "warning")
        return redirect(back)
    flash(translate(message), "success")
    return redirect(back)


@bp.get("/<token>/agree.json")
def asking(token: str):
    """What a second device of the table polls: which games wait for the table's answer. Its
    page swaps in the question when this changes, leaving the results form as it is."""
    session = db.session()
    table, round_ = table_by_token(session, token)

    def build() -> str:
        if round_ is None:
            return ""
        return _key(round_, [(g.number, g.version) for g in
                             table_agreement.pending(load_table_games(session, round_, table))])

    key = revision_cache(current_app, "table questions").get((table.id, token), table.event.revision, build)
    return conditional_json({"key": key, "poll_ms": POLL_MS_OTHERWISE})
