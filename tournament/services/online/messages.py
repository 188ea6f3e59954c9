"""What is said at an online table without a card: chat lines, gestures, drawing-pad strokes.

Rules:
- Chat (words) only in practice; once the tournament starts, only a gesture from the fixed set
  (`gestures.BY_KEY`) or the drawing pad. A chat line goes through `core.names.clean_text`
  and holds at most MAX_CHAT characters.
- A stroke is 2..MAX_POINTS points [x, y], whole numbers in 0..PAD_SIZE, in one of COLOURS;
  anything else is refused, never cleaned up. "clear" wipes the pad for everyone at the table.
- Messages belong to the table and to the round (None: practice), so a new round starts with
  an empty pad and no lines.
- The nonce makes a resend one message (unique per table).
- The pad holds at most MAX_PAD_POINTS points since it was last cleared (so no screen's state
  grows past a few hundred kilobytes): a stroke beyond that is refused with a sentence saying
  to clear the pad.
- One device draws at most so many points a minute (`actions.Spend`; the app sets it):
  a stroke beyond that is refused with a sentence saying to wait, so nobody fills the pad of
  their table in seconds.
- A screen shows at most the last SHOWN_LINES chat/gesture lines and SHOWN_STROKES strokes since
  the last clear.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from ...core.errors import RuleError
from ...core.i18n import T
from ...core.names import clean_text
from ...models import OnlineMessage
from ..errors import Conflict, DomainError
from . import gestures, phase

COLOURS = ("ink", "red", "blue", "green")
MAX_CHAT = 200
MAX_POINTS = 400
PAD_SIZE = 1000
SHOWN_LINES = 40
SHOWN_STROKES = 300
MAX_PAD_POINTS = 20_000  # points on the pad since the last clear
KINDS = ("chat", "gesture", "stroke", "clear")

NO_WORDS = phase.NO_WORDS
NO_SIGNS = phase.NO_SIGNS
CHAT_WHAT = T("A chat line")
BAD_STROKE = T("That drawing could not be read. Draw the line again.")
PAD_FULL = T("The drawing pad is full: clear it to draw again.")
TOO_FAST = T("You have drawn a lot in the last minute: wait a moment, then draw again.")


def _chat(text: object) -> dict[str, Any]:
    if not isinstance(text, str) or not text.strip():
        raise DomainError(T("Write a few words first."))
    try:
        cleaned = clean_text(text, what=CHAT_WHAT)
    except RuleError as error:
        raise DomainError(T("{message}.", message=error.text)) from None
    if len(cleaned) > MAX_CHAT:
        raise DomainError(T("A chat line holds at most {most} characters; this one has {count}.",
                            most=MAX_CHAT, count=len(cleaned)))
    return {"text": cleaned}


def _gesture(key: object) -> dict[str, Any]:
    if not isinstance(key, str) or key not in gestures.BY_KEY:
        raise DomainError(T("Choose one of the gestures."))
    return {"gesture": key}


def _coordinate(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= PAD_SIZE:
        raise DomainError(BAD_STROKE)
    return value


def _stroke(points: object, colour: object) -> dict[str, Any]:
    if not isinstance(points, list) or not 2 <= len(points) <= MAX_POINTS:
        raise DomainError(BAD_STROKE)
    checked = []
    for point in points:
        if not isinstance(point, list) or len(point) != 2:
            raise DomainError(BAD_STROKE)
        checked.append([_coordinate(point[0]), _coordinate(point[1])])
    if not isinstance(colour, str) or colour not in COLOURS:
        raise DomainError(BAD_STROKE)
    return {"points": checked, "colour": colour}


def body_of(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The message's stored form, checked strictly (see the module's rules)."""
    if kind == "chat":
        return _chat(payload.get("text"))
    if kind == "gesture":
        return _gesture(payload.get("gesture"))
    if kind == "stroke":
        return _stroke(payload.get("points"), payload.get("colour"))
    return {}


def allowed(kind: str, in_phase: str) -> None:
    """Refuse a kind the phase does not allow (`phase.ALLOWED`: words only in practice)."""
    refused = phase.refusal(in_phase, kind)
    if refused is not None:
        raise Conflict(refused)


def held(session: Session, table_id: int, nonce: str) -> bool:
    """The table already holds a message sent under this nonce."""
    return session.scalar(select(OnlineMessage.id).where(OnlineMessage.table_id == table_id,
                                                         OnlineMessage.nonce == nonce)) is not None


def post(session: Session, *, event_id: int, table_id: int, round_id: int | None, player_id: int | None,
         kind: str, body: dict[str, Any], nonce: str, now: datetime) -> OnlineMessage:
    """Stage the message (no commit): the caller holds the event's lock and commits once."""
    message = OnlineMessage(event_id=event_id, table_id=table_id, round_id=round_id, player_id=player_id,
                            kind=kind, body=body, at=now, nonce=nonce)
    session.add(message)
    return message


def at_table(table_id: int, round_id: int | None) -> ColumnElement[bool]:
    """The messages of a table in one stage: a round, or practice (None)."""
    stage = OnlineMessage.round_id.is_(None) if round_id is None else OnlineMessage.round_id == round_id
    return (OnlineMessage.table_id == table_id) & stage


def lines(session: Session, table_id: int, round_id: int | None, chat: bool) -> list[OnlineMessage]:
    """The last SHOWN_LINES gestures (and chat lines, when `chat`), oldest first: one statement."""
    kinds = ("chat", "gesture") if chat else ("gesture",)
    newest = session.scalars(select(OnlineMessage).where(at_table(table_id, round_id), OnlineMessage.kind.in_(kinds))
                             .order_by(OnlineMessage.id.desc()).limit(SHOWN_LINES))
    return list(reversed(list(newest)))


def check_room(on_pad: int, body: dict[str, Any]) -> None:
    """Refuse a stroke that would put more than MAX_PAD_POINTS points on a pad that holds
    `on_pad` points (`pad.PadView.points`)."""
    if on_pad + len(body.get("points", ())) > MAX_PAD_POINTS:
        raise Conflict(PAD_FULL)
