"""What one device may ask of the server: actions, screen polls, points drawn on the pad.

Rules:
- Actions: per personal link and per address, generously enough for the fastest game.
- Polls: per personal link, a screen's pace (every 400 ms during a deal) with room for an extra
  look after a refused tap or on waking up, counted over one second only, so a device that
  asked too often waits a second, not a minute; per address, about four screens' worth, for one
  device showing several players' links.
- On the room's network every phone has an address of its own, and the laptop (loopback) is
  exempt from the limits per address. A class reaching the app through one shared public
  address (the app served outside the school's network) needs them raised
  (`ONLINE_LIMIT_PER_ADDRESS`, `ONLINE_POLL_LIMIT_PER_ADDRESS`).
- Drawing: per personal link, so many points a minute (`ONLINE_PAD_POINTS_PER_LINK`): a few
  drawings a minute (a card, an arrow and a word take a few hundred points), so one device
  needs minutes, not seconds, to fill its table's pad (`messages.MAX_PAD_POINTS`).
- Beyond a limit the answer is 429 with Retry-After, the seconds until the limit lets the next
  one through (the page's script waits them out).
- Every count is kept where the app's other limits are (`throttle.limiter`'s storage): which
  store that is, is decided there alone. Each kind of count has a prefix of its own, so no two
  share a key.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from flask import current_app, request
from limits import parse

from ...services.online.actions import Spend
from ...throttle import limiter


def _setting(name: str, default: str) -> Callable[[], str]:
    return lambda: current_app.config.get(name, default)


actions_per_link = _setting("ONLINE_LIMIT_PER_LINK", "120 per minute")
actions_per_address = _setting("ONLINE_LIMIT_PER_ADDRESS", "300 per minute")
polls_per_link = _setting("ONLINE_POLL_LIMIT_PER_LINK", "4 per second")
polls_per_address = _setting("ONLINE_POLL_LIMIT_PER_ADDRESS", "12 per second")
pad_points_per_link = _setting("ONLINE_PAD_POINTS_PER_LINK", "3000 per minute")


def action_link() -> str:
    return "play:" + request.path


def action_address() -> str:
    return "play-address:" + (request.remote_addr or "")


def poll_link() -> str:
    return "poll:" + (request.view_args or {}).get("token", "")


def poll_address() -> str:
    return "poll-address:" + (request.remote_addr or "")


def drawing(token: str) -> Spend:
    """What this personal link may still draw: counts a stroke's points, or says how long to wait."""
    item = parse(pad_points_per_link())

    def spend(points: int) -> int | None:
        if limiter.limiter.hit(item, "pad-points", token, cost=points):
            return None
        reset_at, _left = limiter.limiter.get_window_stats(item, "pad-points", token)
        return max(1, min(item.get_expiry(), math.ceil(reset_at - time.time())))

    return spend


def retry_after() -> int:
    """Whole seconds until the limit this request broke lets the next request through."""
    limit = limiter.current_limit
    if limit is None:
        return 60
    return max(1, min(limit.limit.get_expiry(), math.ceil(limit.reset_at - time.time())))
