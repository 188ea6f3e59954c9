"""Rate limits (logins, notes, online play) with Flask-Limiter.

Rules:
- Only failed logins count (answers 400 or 401); a successful login costs nothing.
- Per address: LOGIN_LIMIT_PER_ADDRESS failures (default 5 a minute, 30 an hour).
- Per account: LOGIN_LIMIT_PER_ACCOUNT failures (default 10 a minute, 60 an hour), counted
  over every address, so many phones cannot share out the guessing. The laptop itself
  (loopback) is exempt from this one: someone hammering the teacher's username from the
  room's network must not lock the teacher out at the keyboard.
- Notes for the debrief: each sender (a table's phone link, an observer's page) may post
  NOTE_LIMIT_PER_SENDER notes (default 12 a minute, 120 an hour), so one phone cannot fill the
  event's MAX_NOTES for everybody else; other senders are not slowed down. And each address
  (one phone) may post NOTE_LIMIT_PER_ADDRESS notes (default 30 a minute, 300 an hour) over
  every sender, so a phone cannot share the flood out over every observer's page. The laptop
  itself (loopback) is exempt from this one, as from the account's login limit.
- A throttled attempt is not checked at all and does not count; it is answered 429 with
  Retry-After (see the login view's handler).
- Where the counts live: on PostgreSQL, where `serve --workers N` runs several processes, in
  the database (`throttle_store`), so a limit holds whichever process answers; on SQLite in
  this process's memory, since one process serves an SQLite file (`one_server`) and a count
  written there would queue behind SQLite's single write lock. The strategy is the moving
  window in both. RATELIMIT_STORAGE_URI in the config chooses another store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from sqlalchemy.engine import make_url

from . import throttle_store
from .db import database_url

DEFAULT_PER_ADDRESS = "5 per minute; 30 per hour"
DEFAULT_PER_ACCOUNT = "10 per minute; 60 per hour"
DEFAULT_NOTES_PER_SENDER = "12 per minute; 120 per hour"
DEFAULT_NOTES_PER_ADDRESS = "30 per minute; 300 per hour"
LOOPBACK = frozenset({"127.0.0.1", "::1"})
View = Callable[..., Any]

# Headers off: the library would put a Retry-After on every login answer, even a successful
# one; the 429 handler sets it where it means something.
limiter = Limiter(get_remote_address, strategy="moving-window", headers_enabled=False)


def init_app(app: Flask) -> None:
    shared = make_url(database_url(app)).get_backend_name() == "postgresql"
    app.config.setdefault("RATELIMIT_STORAGE_URI", f"{throttle_store.SCHEME}://" if shared else "memory://")
    limiter.init_app(app)
    app.teardown_request(throttle_store.give_back)


def failed_login(response: Response) -> bool:
    return response.status_code in (400, 401)


def account_key() -> str:
    """The typed username as the login looks it up (case and spacing folded), prefixed so an
    account's counter never shares a key with an address."""
    typed = request.form.get("username", "")
    return "account:" + " ".join(typed.casefold().split())[:80]


def from_the_laptop() -> bool:
    return request.remote_addr in LOOPBACK


def _per_address() -> str:
    return str(current_app.config.get("LOGIN_LIMIT_PER_ADDRESS", DEFAULT_PER_ADDRESS))


def _per_account() -> str:
    return str(current_app.config.get("LOGIN_LIMIT_PER_ACCOUNT", DEFAULT_PER_ACCOUNT))


def limit_failed_logins(view: View) -> View:
    """Decorator for the login view (inside @bp.route)."""
    view = limiter.limit(_per_account, key_func=account_key, methods=["POST"],
                         exempt_when=from_the_laptop, deduct_when=failed_login)(view)
    return limiter.limit(_per_address, methods=["POST"], deduct_when=failed_login)(view)


def note_sender() -> str:
    """The sending page's own address (a table's link, an observer's page), prefixed so a
    sender's counter never shares a key with an address or an account."""
    return "note:" + request.path


def _notes_per_sender() -> str:
    return str(current_app.config.get("NOTE_LIMIT_PER_SENDER", DEFAULT_NOTES_PER_SENDER))


def _notes_per_address() -> str:
    return str(current_app.config.get("NOTE_LIMIT_PER_ADDRESS", DEFAULT_NOTES_PER_ADDRESS))


def note_address() -> str:
    return "note-address:" + get_remote_address()


def limit_notes(view: View) -> View:
    """Decorator for the views a note is posted to (inside @bp.route)."""
    view = limiter.limit(_notes_per_address, key_func=note_address, methods=["POST"],
                         exempt_when=from_the_laptop)(view)
    return limiter.limit(_notes_per_sender, key_func=note_sender, methods=["POST"])(view)
