"""What the poll and every action answer with: the one JSON shape a player's device reads."""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from markupsafe import Markup
from sqlalchemy import select

from ... import db
from ...games import game_of
from ...models import Event, OnlineClaim, Table
from ...services.online.gestures import GESTURES
from ...services.online.view_model import GameView, PlayerView, StrokeView
from ...services.timer import PHASE_LABELS

FAST_POLL_MS = 400  # a deal is on at the player's table: the next card shows within half a second
SLOW_POLL_MS = 2000  # waiting, studying, between rounds


def poll_ms(view: PlayerView) -> int:
    """How often the device asks again: fast while a deal is on the player's screen."""
    return FAST_POLL_MS if view.game is not None else SLOW_POLL_MS


def state_payload(view: PlayerView) -> dict[str, Any]:
    """{"key", "phase", "poll_ms", "html", "strokes", "game"}.

    - `html`: the screen (templates/play/_screen.html) drawn by the server, names escaped and
      words in the page's language; the device swaps it in whole when `key` changes.
    - `strokes`: the drawing pad since it was last cleared, for the canvas (outside `html`, so
      a line being drawn is never lost).
    - `game`: None, or what this player may know of the deal in machine form (their own hand
      only; other players' cards appear only once played), for scripts and bots."""
    return {
        "key": view.key,
        "phase": view.phase,
        "poll_ms": poll_ms(view),
        "html": screen_html(view),
        "strokes": [stroke_json(stroke) for stroke in view.strokes],
        "game": game_json(view.game),
    }


def screen_html(view: PlayerView) -> str:
    return render_template("play/_screen.html", view=view, sheet=_sheet(view), gestures=GESTURES,
                           timer_labels=PHASE_LABELS)


def stroke_json(stroke: StrokeView) -> dict[str, Any]:
    return {"points": [list(point) for point in stroke.points], "colour": stroke.colour, "mine": stroke.mine}


def game_json(game: GameView | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {
        "deal": game.number,
        "stage": game.stage,
        "trick_number": game.trick_number,
        "trick": [played.face.code for played in game.trick],
        "last_trick": [played.face.code for played in game.last_trick],
        "my_turn": game.my_turn,
        "hand": [card.face.code for card in game.hand],
        "playable": [card.face.code for card in game.hand if card.playable],
        "my_choice": game.my_choice,
        "waiting_for": list(game.waiting_for),
        "winner": game.winner,
        "recorded_as": game.recorded_as,
    }


def _sheet(view: PlayerView) -> Markup | None:
    """The home table's rule sheet, drawn as the printed sheet is, or None when the screen
    shows no sheet. The view names the table by number; the event is the token's (every
    request drawing a screen is a /play/<token>/... request)."""
    if view.sheet_table is None:
        return None
    token = (request.view_args or {}).get("token")
    if not token:
        return None
    session = db.session()
    row = session.execute(
        select(Event, Table).join(OnlineClaim, OnlineClaim.event_id == Event.id)
        .join(Table, Table.event_id == Event.id)
        .where(OnlineClaim.token == token, Table.number == view.sheet_table)
    ).first()
    if row is None:
        return None
    event, table = row
    game = game_of(event)
    html = render_template(game.rule_sheet_template, sheet=game.rule_sheet(table.variant), marker=None,
                           house_rule=table.house_rule)
    return Markup(html)
