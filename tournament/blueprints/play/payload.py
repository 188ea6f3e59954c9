"""What the poll and every action answer with: the one JSON shape a player's device reads.

A screen is drawn once per key for every reader of that personal link (`kept_screen`: two tabs,
a poll sent again, a device asking again with an old key), and each answer is that drawing plus the
strokes of the pad the asking device lacks (`answer`). The drawing pad itself is read once per
change at the table, for all its screens (`pads`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, render_template, request
from markupsafe import Markup
from sqlalchemy import select

from ... import db
from ...games import game_of
from ...i18n.locale import current_language
from ...models import Event, OnlineClaim, Table
from ...name_display import shown_name
from ...services.online import pad
from ...services.online.gestures import GESTURES
from ...services.online.view_model import GameView, PadLine, PadView, PlayerView
from ...services.single_flight import RevisionCache, revision_cache
from ...services.timer import PHASE_LABELS

FAST_POLL_MS = 400  # a deal is on at the player's table: the next card shows within half a second
SLOW_POLL_MS = 2000  # waiting, studying, between rounds
# A drawn screen shows the countdown as it was when drawn, so it serves other readers of its key
# for a few seconds only.
SCREEN_MAX_AGE = 5.0


def poll_ms(view: PlayerView) -> int:
    """How often the device asks again: fast while a deal is on the player's screen."""
    return FAST_POLL_MS if view.game is not None else SLOW_POLL_MS


@dataclass(frozen=True)
class Drawn:
    """A player's screen drawn for one key: the payload's JSON but the pad, and the pad."""

    head: str  # the JSON object of key, phase, poll_ms, html and game, without its closing brace
    pad: PadView
    player_id: int


def drawn(view: PlayerView) -> Drawn:
    """{"key", "phase", "poll_ms", "html", "game"} of the payload, as JSON text.

    - `html`: the screen (templates/play/_screen.html) drawn by the server, names escaped and
      words in the page's language; the device puts it in place (changing only what differs)
      when `key` changes.
    - `game`: None, or what this player may know of the deal in machine form (their own hand
      only; other players' cards appear only once played), for scripts and bots."""
    head = json.dumps({"key": view.key, "phase": view.phase, "poll_ms": poll_ms(view), "html": screen_html(view),
                       "game": game_json(view.game)}, separators=(",", ":"))
    return Drawn(head[:-1], view.pad, view.player_id)


def answer(screen: Drawn, held: str | None) -> str:
    """The whole payload for a device that holds the pad state `held` (`pad.since`):
    {"key", "phase", "poll_ms", "html", "game", "pad", "strokes_since", "strokes"}.

    - `strokes`: lines for the canvas (outside `html`, so a line being drawn is never lost):
      the strokes after `strokes_since` when that is the state the device named, else (None)
      the whole pad since it was last cleared, at most its last SHOWN_STROKES strokes.
    - `pad`: the pad's state with these strokes, to name in the next poll."""
    lines, since = pad.since(screen.pad, held)
    return (f'{screen.head},"pad":{json.dumps(screen.pad.at)},"strokes_since":{json.dumps(since)},'
            f'"strokes":{strokes_json(lines, screen.player_id)}}}')


def strokes_json(lines: tuple[PadLine, ...], player_id: int) -> str:
    """[{"points", "colour", "mine"}, ...]: the lines' points as the pad keeps them, written once."""
    return "[" + ",".join(f'{{"points":{line.points},"colour":"{line.colour}",'
                          f'"mine":{"true" if line.player_id == player_id else "false"}}}' for line in lines) + "]"


def state_payload(view: PlayerView, held: str | None = None) -> dict[str, Any]:
    """The payload as a dict (`answer`), for callers inside the app's process."""
    return json.loads(answer(drawn(view), held))


def pads() -> RevisionCache:
    """The app's drawing pads, one per table and stage (`services.online.pad.current`)."""
    return revision_cache(current_app, "online pads")


def kept_screen(token: str, key: str, build: Callable[[], PlayerView]) -> Drawn:
    """The screen of this personal link at `key` in the page's language, drawn by `build` once
    for every reader of the key (for at most SCREEN_MAX_AGE seconds)."""
    screens = revision_cache(current_app, "player screens")
    return screens.get((token, current_language()), key, lambda: drawn(build()), max_age=SCREEN_MAX_AGE)


def response(screen: Drawn) -> Response:
    """The answer to the device that asked (`request.args["pad"]`: the pad state it holds)."""
    return Response(answer(screen, request.args.get("pad")), 200, {"Cache-Control": "no-store"},
                    mimetype="application/json")


def screen_html(view: PlayerView) -> str:
    return render_template("play/_screen.html", view=view, sheet=_sheet(view), gestures=GESTURES,
                           timer_labels=PHASE_LABELS)


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
        "waiting_for": [shown_name(name) for name in game.waiting_for],
        "winner": shown_name(game.winner),
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
