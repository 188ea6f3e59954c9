"""The secret each deal is drawn from.

A deal is a pure function of its seed (the engine's `deal`), so the cards are never stored:
the seed is an HMAC under the app's secret key of everything that makes the deal what it is:
the event's salt, the deal's place (event, table, round or practice, deal number) and its
seating (the players' ids in playing order, and the dealer). Without the key nobody can compute
another player's hand, not even from a copy of the database; with it, a deal is the same on
every request and every server process, so a deal nobody has acted on yet is shown without
being written, and two devices asking at once are shown the same cards.

- Other seats, another shuffle: a deal whose seats change before its first card (a rename that
  reorders them, a withdrawal, a latecomer) is drawn from an unrelated seed, so nobody can tell
  from the cards they saw where anybody's cards went. The same seats give the same deal back:
  each player sees the hand they had already seen.
- Another event, another shuffle: ids come back after a deletion, and an imported event may be
  given the ids of the one it was exported from; the salt is made with the event and never
  copied (`Event.deal_salt`).

A stored deal is replayed from its own row (`seed_version`): deals written before seats and
salt were part of the seed keep the seed they were dealt from (`legacy_seed`). The key is passed
in, so the functions stay pure and testable; `app_secret` reads the one a session carries."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

from sqlalchemy.orm import Session

from ...core.errors import RuleError
from ...db import APP_SECRET
from ...models.online import SEED_VERSION


def _hmac(secret: str | bytes, message: str) -> bytes:
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def deal_seed(secret: str | bytes, salt: str, event_id: int, table_id: int, round_id: int | None, number: int,
              seats: Sequence[int], dealer: int) -> bytes:
    """HMAC-SHA256 of "salt:event:table:round|practice:number:dealer:seat.seat…" under `secret`."""
    place = f"{event_id}:{table_id}:{round_id if round_id is not None else 'practice'}:{number}"
    return _hmac(secret, f"{salt}:{place}:{dealer}:{'.'.join(str(seat) for seat in seats)}")


def legacy_seed(secret: str | bytes, event_id: int, table_id: int, round_id: int | None, number: int) -> bytes:
    """The seed of a deal written before `SEED_VERSION` 2: "event:table:round|practice:number"."""
    return _hmac(secret, f"{event_id}:{table_id}:{round_id if round_id is not None else 'practice'}:{number}")


def seed_of(secret: str | bytes, salt: str, event_id: int, table_id: int, round_id: int | None, number: int,
            seats: Sequence[int], dealer: int, version: int | None = SEED_VERSION) -> bytes:
    """The seed of a deal made the way `version` says (a stored deal's `seed_version`); a
    version this app does not know cannot be replayed (RuleError: the deal is abandoned)."""
    if version is None:
        return legacy_seed(secret, event_id, table_id, round_id, number)
    if version != SEED_VERSION:
        raise RuleError(f"no such deal seed version: {version!r}")
    return deal_seed(secret, salt, event_id, table_id, round_id, number, seats, dealer)


def app_secret(session: Session) -> str | bytes:
    """The app's SECRET_KEY, which every database session carries (``tournament.db.session``)."""
    secret: str | bytes = session.info[APP_SECRET]
    return secret
