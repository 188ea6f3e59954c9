"""A player's actions: a card, a pointing, the next deal, a chat line, a gesture, a stroke.

`POST /play/<token>/act` takes one JSON action (see `services.online.actions`) with the page's
CSRF token in the X-CSRFToken header, and answers like the poll: the player's current state
(`payload.state_payload`). A refusal is a 4xx JSON `{"error": sentence}` in the player's
language and changes nothing; the same action sent twice (same nonce) is done once.
Actions are limited per personal link and per address (the laptop exempt), generously enough
for the fastest game, and what a link draws on the pad in points a minute (`limits`). The answer
brings only the strokes the device lacks of the pad state it names (`?pad=`), like the poll's."""

from __future__ import annotations

import json

from flask import request

from ... import db
from ...i18n import translate
from ...i18n.locale import use_event
from ...models import Event
from ...name_display import show_room_names
from ...services.errors import DomainError
from ...services.online import actions, claims, view
from ...services.timer import now_utc
from ...throttle import from_the_laptop, limiter
from . import bp, limits, payload

MAX_BODY = 16 * 1024  # a stroke of 400 points is about 5 KB


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
@limiter.limit(limits.actions_per_address, key_func=limits.action_address, exempt_when=from_the_laptop)
@limiter.limit(limits.actions_per_link, key_func=limits.action_link)
def act(token: str):
    session = db.session()
    try:
        claim = claims.claim_by_token(session, token)
    except DomainError as error:
        return _refused(error)
    # The answer (a refusal or the screen) speaks the device's language, else the event's.
    use_event(session.get(Event, claim.event_id))
    show_room_names(session.get(Event, claim.event_id))
    body = _body()
    if not isinstance(body, dict):
        return _refused(DomainError(actions.UNREADABLE))
    now = now_utc()
    try:
        actions.act(session, claim, body, now, payload.pads(), limits.drawing(token))
    except DomainError as error:
        return _refused(error)
    claim = claims.claim_by_token(session, token)
    return payload.response(payload.drawn(view.player_view(session, claim, now, payload.pads())))
