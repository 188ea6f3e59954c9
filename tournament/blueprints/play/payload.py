"""What the poll and every action answer with: the one JSON shape a player's device reads."""

from __future__ import annotations

from ...services.online.view_model import PlayerView


def state_payload(view: PlayerView) -> dict:
    """{"key", "phase", "poll_ms", "html", "strokes"}: `html` is the screen drawn by the server
    (names escaped, words translated), `strokes` the drawing pad for the canvas."""
    raise NotImplementedError
