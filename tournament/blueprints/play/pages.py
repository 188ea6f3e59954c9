"""A player's screen and the poll that keeps it current.

Rules:
- The personal link's token is the only credential: an unknown or released token gets the
  sentence "This link is no longer yours…" (a phone-sized page, or JSON on the poll), never
  anyone's screen.
- The page draws the current screen on the server; the script then polls with the screen's
  key and puts the new screen in place when the key changes. A poll with the current key is
  answered 204 after one SQL statement; a poll with an older key costs the same once anyone
  with this link has asked since the key changed (`payload.kept_screen`), and brings only the
  strokes the device lacks.
- Polls are limited per personal link and per address (`limits`); beyond them the answer is
  429 with Retry-After, which the page's script waits out before it asks again.
- The page and the poll only read. Presence ("last seen", which shows who is away) is a write
  of its own: the page's script POSTs `/play/<token>/here` on load and every few seconds with
  its poll (the CSRF token as for actions), answered 204.
- The page speaks the device's language (the switch's cookie, else the browser's), else the
  event's.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import render_template, request, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ... import db
from ...i18n import translate
from ...i18n.locale import use_event
from ...models import Event
from ...name_display import show_room_names
from ...services.errors import DomainError, NotFound
from ...services.online import claims, view
from ...services.online.messages import COLOURS, MAX_CHAT, MAX_POINTS, SHOWN_STROKES
from ...services.online.view_model import PadView
from ...throttle import from_the_laptop, limiter
from ...web import STATUS_MESSAGES
from . import bp, limits, payload
from .payload import poll_ms, screen_html

NO_STORE = {"Cache-Control": "no-store"}


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


@bp.errorhandler(429)
def _too_many(error):
    """A poll or an action beyond its limit: the sentence, and when to ask again."""
    return {"error": translate(STATUS_MESSAGES[429])}, 429, {"Retry-After": str(limits.retry_after()), **NO_STORE}


def _strokes_block(pad: PadView, player_id: int) -> Markup:
    """The pad's lines for the page's first drawing, in a data block (the CSP runs no inline
    script); ``<``, ``>`` and ``&`` written as JSON escapes so nothing can end the block."""
    text = payload.strokes_json(pad.lines, player_id)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(f'<script type="application/json" id="play-strokes">{text}</script>')


@bp.get("/<token>")
def page(token: str):
    """The player's own screen: where they sit, the timer, and what the phase shows."""
    session = db.session()
    claim = claims.claim_by_token(session, token)
    event = session.get(Event, claim.event_id)
    use_event(event)
    show_room_names(event)
    now = _now()
    player_view = view.player_view(session, claim, now, payload.pads())
    response = render_template(
        "play/page.html", event=event, view=player_view, screen=Markup(screen_html(player_view)),
        strokes=_strokes_block(player_view.pad, player_view.player_id), colours=COLOURS, max_chat=MAX_CHAT,
        max_points=MAX_POINTS, shown_strokes=SHOWN_STROKES, poll_ms=poll_ms(player_view),
        away_ms=round(view.away_bucket(session) * 1000),
        state_url=url_for("play.state", token=token), act_url=url_for("play.act", token=token),
        here_url=url_for("play.here", token=token), csrf=generate_csrf())
    return response, 200, NO_STORE


@bp.get("/<token>/state")
@limiter.limit(limits.polls_per_address, key_func=limits.poll_address, exempt_when=from_the_laptop)
@limiter.limit(limits.polls_per_link, key_func=limits.poll_link)
def state(token: str):
    """204 when the device's key is still the screen's key (one statement); else the payload,
    drawn once per key for every reader of this link (`payload.kept_screen`)."""
    session = db.session()
    now = _now()
    facts = view.poll_facts(session, token, now)
    if facts is None:
        raise NotFound(claims.NOT_YOURS)
    if facts.key == request.args.get("key"):
        return "", 204, NO_STORE
    use_event(facts)  # the event's language is all the kept screen's language needs

    def build():
        claim = claims.claim_by_token(session, token)
        use_event(session.get(Event, claim.event_id))
        show_room_names(session.get(Event, claim.event_id))
        return view.player_view(session, claim, now, payload.pads())

    return payload.response(payload.kept_screen(token, facts.key, build))


@bp.post("/<token>/here")
@limiter.limit(limits.actions_per_address, key_func=limits.action_address, exempt_when=from_the_laptop)
@limiter.limit(limits.actions_per_link, key_func=limits.action_link)
def here(token: str):
    """The device is here: its presence mark (`claims.touch`), the one write a screen makes
    without an action."""
    session = db.session()
    claims.touch(session, claims.claim_by_token(session, token), _now())
    return "", 204, NO_STORE
