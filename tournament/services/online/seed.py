"""The secret each deal is drawn from.

A deal is a pure function of its seed (the engine's `deal`), so the cards are never stored:
the seed is an HMAC of the deal's place (event, table, round or practice, deal number) under the
app's secret key. Without the key nobody can compute another player's hand, not even from a
copy of the database; with it, a deal is the same on every request and every server process.
The key is passed in, so the function stays pure and testable; `app_secret` reads the running
app's."""

from __future__ import annotations

import hashlib
import hmac


def deal_seed(secret: str | bytes, event_id: int, table_id: int, round_id: int | None, number: int) -> bytes:
    """HMAC-SHA256 of "event:table:round|practice:number" under `secret`."""
    key = secret.encode() if isinstance(secret, str) else secret
    message = f"{event_id}:{table_id}:{round_id if round_id is not None else 'practice'}:{number}"
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def app_secret() -> str | bytes:
    """The running app's SECRET_KEY (set at start-up, see tournament.create_app)."""
    from flask import current_app

    return current_app.config["SECRET_KEY"]
