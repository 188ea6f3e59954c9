"""The stream a page may open: signed by the app, so the stream route needs no database.

A ticket names an event and, for an online player's screen, a table. It carries no name and
grants nothing but the moments that event (or table) changed."""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeSerializer

PREFIX = "/push/"
_SALT = "push-stream"


def _serializer(secret_key: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret_key, salt=_SALT)


def stream_path(secret_key: str, event_id: int, table_id: int | None = None) -> str:
    """A path on the page's own origin (never an absolute link: a second host name works too)."""
    return PREFIX + str(_serializer(secret_key).dumps([event_id, table_id or 0]))


def read(secret_key: str, path: str) -> tuple[int, int | None] | None:
    """(event id, table id or None) of a stream path, or None when it was not made here."""
    if not path.startswith(PREFIX):
        return None
    try:
        found = _serializer(secret_key).loads(path[len(PREFIX):])
    except BadSignature:
        return None
    if (not isinstance(found, list) or len(found) != 2
            or not all(isinstance(part, int) and not isinstance(part, bool) and part >= 0 for part in found)):
        return None
    return found[0], found[1] or None
