"""What the poll and every action answer with: the one JSON shape a player's device reads."""

from __future__ import annotations

from ...services.online.view_model import GameView, PlayerView


def _codes(cards) -> list[str]:
    return [card.face.code for card in cards]


def game_payload(game: GameView | None) -> dict | None:
    """The compact machine view of the deal: only what this player may know."""
    if game is None:
        return None
    return {"deal": game.number, "stage": game.stage, "trick_number": game.trick_number,
            "trick": _codes(game.trick), "last_trick": _codes(game.last_trick), "my_turn": game.my_turn,
            "hand": [c.face.code for c in game.hand], "playable": [c.face.code for c in game.hand if c.playable],
            "my_choice": game.my_choice, "waiting_for": list(game.waiting_for), "winner": game.winner,
            "recorded_as": game.recorded_as}


def state_payload(view: PlayerView) -> dict:
    """{"key", "phase", "poll_ms", "html", "strokes", "game"}: `html` is the screen drawn by the
    server (names escaped, words translated), `strokes` the drawing pad for the canvas."""
    return {"key": view.key, "phase": view.phase, "poll_ms": 400 if view.game is not None else 2000, "html": "",
            "strokes": [{"points": [list(p) for p in s.points], "colour": s.colour, "mine": s.mine}
                        for s in view.strokes],
            "game": game_payload(view.game)}
