"""One fingerprint of JSON-like data, for ETags and cached bodies.

Equal data gives an equal fingerprint whatever the order of its dict keys; values JSON cannot
hold (datetimes) count by their text. 128 bits of SHA-256: no two states of an event collide."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def fingerprint(data: Any) -> str:
    """32 hex digits naming ``data``'s content."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]
