"""A player's actions: a card, a pointing, the next deal, a chat line, a gesture, a stroke.

`POST /play/<token>/act` takes one JSON action (see `services.online.actions`) with the page's
CSRF token in the X-CSRFToken header, and answers like the poll: the player's current state
(`payload.state_payload`). A refusal is a 4xx JSON `{"error": sentence}` in the player's
language and changes nothing; the same action sent twice (same nonce) is done once.
Actions are limited per personal link and per address (the laptop exempt), generously enough
for the fastest game."""

from __future__ import annotations

import json

from flask import current_app, request

from ... import db
from ...i18n import translate
from ...i18n.locale import use_event
from ...models import Event
from ...services.errors import DomainError
from ...services.online import actions, claims, view
from ...services.timer import now_utc
from ...throttle import from_the_laptop, limiter
from . import bp, payload

MAX_BODY = 16 * 1024  # a stroke of 400 points is about 5 KB
DEFAULT_PER_LINK = "120 per minute"
DEFAULT_PER_ADDRESS = "300 per minute"


def _per_link() -> str:
    return current_app.config.get("ONLINE_LIMIT_PER_LINK", DEFAULT_PER_LINK)


def _per_address() -> str:
    return current_app.config.get("ONLINE_LIMIT_PER_ADDRESS", DEFAULT_PER_ADDRESS)


def _link_key() -> str:
    return "play:" + request.path


def _address_key() -> str:
    return "play-address:" + (request.remote_addr or "")


def _refused(error: DomainError):
    db.session().rollback()
    return {"error": translate(error.text)}, error.http_status, error.headers()


def _body() -> object:
    """The JSON body, or None when it is missing, too large or not JSON."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        return None
    raw = request.get_data(cache=False)
    if len(raw) > MAX_BODY:
        return None
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


@bp.post("/<token>/act")
@limiter.limit(_per_address, key_func=_address_key, exempt_when=from_the_laptop)
@limiter.limit(_per_link, key_func=_link_key)
def act(token: str):
    session = db.session()
    try:
        claim = claims.claim_by_token(session, token)
    except DomainError as error:
        return _refused(error)
    # The answer (a refusal or the screen) speaks the device's language, else the event's.
    use_event(session.get(Event, claim.event_id))
    body = _body()
    if not isinstance(body, dict):
        return _refused(DomainError(actions.UNREADABLE))
    now = now_utc()
    try:
        actions.act(session, claim, body, now)
    except DomainError as error:
        return _refused(error)
    db.changes_done()
    claim = claims.claim_by_token(session, token)
    return payload.state_payload(view.player_view(session, claim, now))
