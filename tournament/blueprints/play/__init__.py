"""Online players: each player's own device at a virtual table. The personal link's token
(`/play/<token>`, `models.OnlineClaim`) is the only credential: it reads that player's own
screen and acts for that player alone. The pages speak the device's language (the switch's
cookie, else the browser's), else the event's."""

from __future__ import annotations

from flask import Blueprint

from ..conditional import vary_by_language

bp = Blueprint("play", __name__, url_prefix="/play")
bp.after_request(vary_by_language)

from . import act, pages  # noqa: E402,F401  (views register on bp)
