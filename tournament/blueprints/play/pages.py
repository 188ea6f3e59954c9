"""A player's screen and the poll that keeps it current.

Rules:
- The personal link's token is the only credential: an unknown or released token gets the
  sentence "This link is no longer yours…" (a phone-sized page, or JSON on the poll), never
  anyone's screen.
- The page draws the current screen on the server; the script then polls with the screen's
  key and swaps the screen in whole when the key changes. A poll with the current key is
  answered 204 after one SQL statement.
- The page speaks the device's language (the switch's cookie, else the browser's), else the
  event's.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from flask import render_template, request, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ... import db
from ...i18n import translate
from ...i18n.locale import use_event
from ...models import Event
from ...services.errors import DomainError
from ...services.online import claims, view
from ...services.online.messages import COLOURS, MAX_CHAT, MAX_POINTS
from . import bp
from .payload import poll_ms, screen_html, state_payload, stroke_json


def _now() -> datetime:
    return datetime.now(UTC)


def _wants_page() -> bool:
    return request.endpoint == "play.page"


@bp.errorhandler(DomainError)
def _refused(error: DomainError):
    """A phone-sized page with the reason on the page; the sentence as JSON on the poll."""
    message = translate(error.text)
    if not _wants_page():
        return {"error": message}, error.http_status, error.headers()
    page = render_template("table/refused.html", message=message, title=translate(error.phone_title),
                           status=error.http_status)
    return page, error.http_status, error.headers()


def _strokes_block(strokes) -> Markup:
    """The pad's lines for the page's first drawing, in a data block (the CSP runs no inline
    script); ``<``, ``>`` and ``&`` written as JSON escapes so nothing can end the block."""
    text = json.dumps([stroke_json(stroke) for stroke in strokes])
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(f'<script type="application/json" id="play-strokes">{text}</script>')


@bp.get("/<token>")
def page(token: str):
    """The player's own screen: where they sit, the timer, and what the phase shows."""
    session = db.session()
    claim = claims.claim_by_token(session, token)
    event = session.get(Event, claim.event_id)
    use_event(event)
    now = _now()
    claims.touch(session, claim, now)
    player_view = view.player_view(session, claim, now)
    session.commit()
    response = render_template(
        "play/page.html", event=event, view=player_view, screen=Markup(screen_html(player_view)),
        strokes=_strokes_block(player_view.strokes), colours=COLOURS, max_chat=MAX_CHAT, max_points=MAX_POINTS,
        poll_ms=poll_ms(player_view), state_url=url_for("play.state", token=token),
        act_url=url_for("play.act", token=token), csrf=generate_csrf())
    return response, 200, {"Cache-Control": "no-store"}


@bp.get("/<token>/state")
def state(token: str):
    """204 when the device's key is still the screen's key (one statement); else the payload."""
    session = db.session()
    now = _now()
    key = view.poll_key(session, token, now)
    if key is not None and key == request.args.get("key"):
        return "", 204, {"Cache-Control": "no-store"}
    claim = claims.claim_by_token(session, token)
    use_event(session.get(Event, claim.event_id))
    claims.touch(session, claim, now)
    payload = state_payload(view.player_view(session, claim, now))
    session.commit()
    return payload, 200, {"Cache-Control": "no-store"}
