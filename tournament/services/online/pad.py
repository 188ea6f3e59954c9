"""A table's drawing pad as its screens receive it, and what one device still lacks of it.

Rules:
- A pad is the strokes at one table in one stage (a round, or practice) since the last "clear"
  there. Its `name` ("table.round.clear") changes with any of the three, so a device never adds
  one pad's strokes to another's.
- A device names the pad state it holds (`PadView.at`: "name:id of the last stroke it has").
  It is sent the strokes after that state when it names a state of the current pad, else the
  whole pad: the first time, after a clear, at another table or round, or for a name it made up.
  Either way it ends up with the pad's last SHOWN_STROKES strokes.
- A pad is read once per change at its table, however many screens ask (`current` with a
  cache): it is kept per table and stage under the event's revision and the table's clock, and
  every stroke and clear moves that clock (`actions`). Its points are counted over all its
  strokes, shown or not, for the limit of `messages.MAX_PAD_POINTS`.
"""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...models import Event, OnlineClock, OnlineMessage, Table
from ..single_flight import RevisionCache
from .messages import COLOURS, SHOWN_STROKES, at_table
from .view_model import PadLine, PadView

_HELD = re.compile(r"(.{1,60}):([0-9]{1,18})")


def load(session: Session, table_id: int, round_id: int | None) -> PadView:
    """The pad as it is now, in one statement: its last clear and the strokes since."""
    here = at_table(table_id, round_id)
    last_clear = (select(OnlineMessage.id).where(here, OnlineMessage.kind == "clear")
                  .order_by(OnlineMessage.id.desc()).limit(1).scalar_subquery())
    rows = session.execute(select(OnlineMessage.id, OnlineMessage.kind, OnlineMessage.player_id, OnlineMessage.body)
                           .where(here, OnlineMessage.kind.in_(("clear", "stroke")),
                                  OnlineMessage.id >= func.coalesce(last_clear, 0))
                           .order_by(OnlineMessage.id))
    cleared = points = 0
    shown: deque[tuple[int, int | None, list[Any], object]] = deque(maxlen=SHOWN_STROKES)
    for message_id, kind, player_id, body in rows:
        if kind == "clear":
            cleared = message_id
            continue
        drawn = body.get("points") if isinstance(body, dict) else None
        if not isinstance(drawn, list):
            continue
        points += len(drawn)
        shown.append((message_id, player_id, drawn, body.get("colour")))
    lines = tuple(PadLine(message_id, player_id, json.dumps(drawn, separators=(",", ":")),
                          colour if colour in COLOURS else COLOURS[0])
                  for message_id, player_id, drawn, colour in shown)
    return PadView(f"{table_id}.{'p' if round_id is None else round_id}.{cleared}", lines, points)


def revision(session: Session, table_id: int) -> tuple[int, int]:
    """What the pad is kept under: the event's revision (a table or round removed and made again
    may reuse its id) and the table's clock (moved by every stroke and clear). One statement."""
    row = session.execute(select(Event.revision, OnlineClock.version).select_from(Table)
                          .join(Event, Event.id == Table.event_id)
                          .outerjoin(OnlineClock, OnlineClock.table_id == Table.id)
                          .where(Table.id == table_id)).first()
    return (row[0], row[1] or 0) if row is not None else (0, 0)


def current(session: Session, table_id: int, round_id: int | None, cache: RevisionCache | None = None,
            known: tuple[int, int] | None = None) -> PadView:
    """The pad now; with a cache, read from the database once per change at the table.
    `known`: its `revision`, when the caller has just read it."""
    if cache is None:
        return load(session, table_id, round_id)
    # The app's cache holds values of any kind; under this key, always the table's pad.
    view: PadView = cache.get((table_id, round_id), known or revision(session, table_id),
                              lambda: load(session, table_id, round_id))
    return view


def since(pad: PadView, held: str | None) -> tuple[tuple[PadLine, ...], str | None]:
    """The lines a device holding `held` lacks, and `held` when they extend it; else the whole
    pad and None (see the module's rules)."""
    found = _HELD.fullmatch(held or "")
    if not pad.name or found is None or found.group(1) != pad.name or int(found.group(2)) > pad.last:
        return pad.lines, None
    after = int(found.group(2))
    return tuple(line for line in pad.lines if line.id > after), held
