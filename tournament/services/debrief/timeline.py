"""The debrief's timeline: what happened during the event, in order.

Rules:
- Listed: rounds started, closed and reopened (the audit log; a round the log says nothing of,
  as in an event file without its log, falls back on ``Round.started_at``/``closed_at``); the
  tournament's end and its reopening (the log; an end it does not hold, ``Event.ended_at``);
  corrections (games recorded, changed or removed while their round was closed, one item per
  table and save); ties that decided a move (each closed round's outcome, ``services.outcome``,
  worded by ``core.movement.tie_text`` exactly as the results page words them, at the moment
  the round closed); players absent for a round (its outcome: not ranked, kept their table),
  at the round's close; players who withdrew, became observers, played again or joined late;
  games a table disputed ("We don't" on its phone, ``services.agreement``), and how each was settled.
- Not listed: anything about a table's rules or house rule (they would tell the rules before
  the reveal), games recorded while their round ran, seats moved by hand.
- Sentences are built from the stored action codes and numbers, in the page's language; what
  only the stored English holds (a corrected game's result) is kept as it was written, marked
  as English.
- The wall shows at most ``WALL_ITEMS`` items, as many as fit in ``WALL_LINES`` lines: the most
  recent that changed someone's table or result (corrections, ties, players leaving or joining,
  reopened rounds) first, then the most recent round starts and closes; the rest is counted
  ("and k more").

Statements: six (rounds, audit entries, tables, players, seats, games), whatever the size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ... import time_zones
from ...core.i18n import Name, T, Text, Tn, Tp
from ...core.movement import TieNote, read_out_of_order, tie_text
from ...core.public_names import NamesShown
from ...models import AuditEntry, Event
from ..public_names import names_by_real_name
from .history import load_history

LABEL = T("Timeline")  # the view's name in the debrief's list of views
WALL_ITEMS = 6  # at most, on the wall
WALL_LINES = 12  # lines of text the wall's list holds at 1280x720 under a step's title and prompt
WALL_CHARS = 60  # characters of a sentence per line there

START, CLOSE, REOPEN = "start", "close", "reopen"
END, ONE_MORE = "end", "one more"
CORRECTION, TIE, ABSENCE = "correction", "tie", "absence"
DISPUTE = "dispute"
WITHDRAWAL, OBSERVER, RETURN, LATECOMER = "withdrawal", "observer", "return", "latecomer"
# Kinds that changed someone's table or result: the wall keeps these first.
IMPORTANT = frozenset({REOPEN, CORRECTION, TIE, ABSENCE, DISPUTE, WITHDRAWAL, OBSERVER, RETURN, LATECOMER, END,
                       ONE_MORE})
# The mark each kind carries beside its word, so no kind is told by colour alone.
KINDS: dict[str, tuple[str, Text]] = {
    START: ("▶", Tp("timeline", "round started")),
    CLOSE: ("■", Tp("timeline", "round closed")),
    REOPEN: ("↺", Tp("timeline", "round reopened")),
    CORRECTION: ("✎", Tp("timeline", "correction")),
    TIE: ("⚖", Tp("timeline", "tie")),
    ABSENCE: ("∅", Tp("timeline", "absence")),
    DISPUTE: ("⚡", Tp("timeline", "dispute")),
    WITHDRAWAL: ("✕", Tp("timeline", "withdrawal")),
    OBSERVER: ("◌", Tp("timeline", "observer")),
    RETURN: ("↩", Tp("timeline", "back in play")),
    LATECOMER: ("+", Tp("timeline", "latecomer")),
    END: ("⚑", Tp("timeline", "tournament over")),
    ONE_MORE: ("↺", Tp("timeline", "tournament reopened")),
}

_ROUND_ACTIONS = {"round started": START, "round closed": CLOSE, "round reopened": REOPEN}
_GAME_ACTIONS = frozenset({"game recorded", "game changed", "game removed"})
_PLAYER_ACTIONS = frozenset({"status changed", "late player added"})
_END_ACTIONS = {"tournament ended": END, "tournament reopened": ONE_MORE}
_DISPUTE_ACTIONS = frozenset({"game disputed", "dispute settled"})
_GAME = re.compile(r"game (\d+)")
# Within one moment: a round starts before its games, a close comes before the ties it settled.
_ORDER = {START: 0, REOPEN: 0, ONE_MORE: 0, CORRECTION: 1, WITHDRAWAL: 1, OBSERVER: 1, RETURN: 1, LATECOMER: 1,
          CLOSE: 2, TIE: 3, ABSENCE: 3, END: 4, DISPUTE: 1}


@dataclass(frozen=True, slots=True)
class Item:
    at: datetime  # UTC
    round: int | None
    table: int | None
    kind: str
    text: Text | None  # None: only the stored English says what happened
    stored: str | None = None  # the stored English (a corrected game's result), shown lang="en"

    @property
    def mark(self) -> str:
        return KINDS[self.kind][0]

    @property
    def kind_text(self) -> Text:
        return KINDS[self.kind][1]

    @property
    def important(self) -> bool:
        return self.kind in IMPORTANT


@dataclass(frozen=True)
class Timeline:
    items: tuple[Item, ...]  # in order
    wall: tuple[Item, ...]  # what the wall shows, in order
    time_zone: str

    @property
    def more(self) -> int:
        return len(self.items) - len(self.wall)

    @property
    def more_text(self) -> Text | None:
        if not self.more:
            return None
        return Tn("… and {n} more on the organiser's debrief page (round starts and closes are left out first).",
                  "… and {n} more on the organiser's debrief page (round starts and closes are left out first).",
                  self.more)


def build(session: Session, event: Event) -> Timeline:
    history = load_history(session, event)
    entries = list(session.scalars(
        select(AuditEntry)
        .where(AuditEntry.event_id == event.id,
               AuditEntry.action.in_([*_ROUND_ACTIONS, *_GAME_ACTIONS, *_PLAYER_ACTIONS, *_END_ACTIONS,
                                      *_DISPUTE_ACTIONS]))
        .order_by(AuditEntry.at, AuditEntry.id)))

    found: list[tuple[datetime, int, int, Item]] = []  # (at, order, sequence, item)

    def add(item: Item) -> None:
        found.append((item.at, _ORDER[item.kind], len(found), item))

    closed: dict[int, bool] = {}
    closed_at: dict[int, datetime] = {}  # the round's last close as the log has it
    logged: set[tuple[str, int]] = set()
    corrections: dict[tuple[datetime, int | None, int | None], list[AuditEntry]] = {}
    # Players set up before the first round (observers chosen, names added) are the class as it
    # started, not something that happened during the tournament.
    first_start = min((_utc(r.started_at) for r in history.rounds if r.started_at is not None), default=None)
    for entry in entries:
        at = _utc(entry.at)
        if entry.action in _ROUND_ACTIONS and entry.round_number is not None:
            kind = _ROUND_ACTIONS[entry.action]
            closed[entry.round_number] = kind == CLOSE
            if kind == CLOSE:
                closed_at[entry.round_number] = at
            logged.add((kind, entry.round_number))
            add(Item(at, entry.round_number, None, kind, _round_text(kind, entry.round_number)))
        elif entry.action in _END_ACTIONS:
            kind = _END_ACTIONS[entry.action]
            logged.add((kind, 0))
            add(Item(at, entry.round_number, None, kind, _end_text(kind, entry.round_number)))
        elif entry.action in _DISPUTE_ACTIONS:
            item = _dispute_item(entry, at)
            if item is not None:
                add(item)
        elif entry.action in _GAME_ACTIONS:
            if closed.get(entry.round_number or 0):
                corrections.setdefault((at, entry.round_number, entry.table_number), []).append(entry)
        else:
            item = _player_item(entry, at)
            if item is not None and first_start is not None and at >= first_start:
                add(item)
    for (at, round_number, table), saved in corrections.items():
        add(Item(at, round_number, table, CORRECTION,
                 Tn("Table {table}'s result in round {round} was corrected after the round closed ({n} game changed).",
                    "Table {table}'s result in round {round} was corrected after the round closed ({n} games changed).",
                    len(saved), table=table, round=round_number),
                 "; ".join(_stored(entry) for entry in saved)))
    for round_ in history.rounds:
        for kind, moment in ((START, round_.started_at), (CLOSE, round_.closed_at)):
            if moment is not None and (kind, round_.number) not in logged:
                add(Item(_utc(moment), round_.number, None, kind, _round_text(kind, round_.number)))
        outcome = history.outcomes.get(round_.number)
        moment = closed_at.get(round_.number) or round_.closed_at
        if outcome is None or moment is None:
            continue
        for table_outcome in outcome.tables:
            for tie in table_outcome.result.ties:
                if tie.decides_move:
                    add(Item(_utc(moment), round_.number, tie.table, TIE, _tie(tie, event, history.players)))
            for player in table_outcome.result.absent:
                add(Item(_utc(moment), round_.number, table_outcome.table, ABSENCE,
                         T("{player} was absent from table {table} in round {round}: not ranked, "
                           "and kept the table.", player=Name(player), table=table_outcome.table,
                           round=round_.number)))
    if event.ended_at is not None and (END, 0) not in logged and history.rounds:
        last = history.rounds[-1].number
        add(Item(_utc(event.ended_at), last, None, END, _end_text(END, last)))
    items = tuple(item for *_key, item in sorted(found, key=lambda f: f[:3]))
    return Timeline(items, _wall(items), event.time_zone)


def _tie(tie: TieNote, event: Event, players: dict[int, Any]) -> Text:
    """The tie as the results page words it; said to follow the real names' order when the names
    the wall shows (nicknames) read in another one."""
    if event.names_shown is NamesShown.FULL:
        return tie.text
    seen_as = names_by_real_name(players.values(), event.names_shown)
    return tie_text(tie.players, tie.games, by_real_names=read_out_of_order(tie.players, seen_as))


def _dispute_item(entry: AuditEntry, at: datetime) -> Item | None:
    """A table disputing a game, or the organiser settling it (kept, changed or removed)."""
    game = _GAME.fullmatch(entry.subject or "")
    if game is None or entry.round_number is None or entry.table_number is None:
        return None
    where = {"table": entry.table_number, "game": int(game.group(1)), "round": entry.round_number}
    if entry.action == "game disputed":
        return Item(at, entry.round_number, entry.table_number, DISPUTE,
                    T("Table {table} disputed the result of game {game} in round {round}.", **where))
    settled = {"result kept": T("The dispute about game {game} at table {table} in round {round} was settled: "
                                "the result was kept.", **where),
               "result changed": T("The dispute about game {game} at table {table} in round {round} was settled: "
                                   "the result was changed.", **where),
               "game removed": T("The dispute about game {game} at table {table} in round {round} was settled: "
                                 "the game was removed.", **where)}
    text = settled.get(entry.new_value or "")
    return Item(at, entry.round_number, entry.table_number, DISPUTE, text, None if text else entry.new_value)


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes for columns stored as UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _round_text(kind: str, number: int) -> Text:
    if kind == START:
        return T("Round {n} started.", n=number)
    if kind == CLOSE:
        return T("Round {n} closed.", n=number)
    return T("Round {n} was reopened.", n=number)


def _end_text(kind: str, number: int | None) -> Text:
    if kind == END:
        return (T("The tournament ended after round {n}.", n=number) if number is not None
                else T("The tournament ended."))
    return T("The tournament was reopened.")


def _player_item(entry: AuditEntry, at: datetime) -> Item | None:
    player = Name(entry.subject)
    if entry.action == "late player added":
        text = (T("{player} joined late at table {table}.", player=player, table=entry.table_number)
                if entry.table_number is not None else T("{player} joined late.", player=player))
        return Item(at, entry.round_number, entry.table_number, LATECOMER, text)
    if entry.new_value == "withdrawn":
        return Item(at, entry.round_number, None, WITHDRAWAL, T("{player} withdrew.", player=player))
    if entry.new_value == "observer":
        return Item(at, entry.round_number, None, OBSERVER, T("{player} became an observer.", player=player))
    if entry.new_value == "seated" and entry.old_value in ("withdrawn", "observer"):
        text = (T("{player} played again, at table {table}.", player=player, table=entry.table_number)
                if entry.table_number is not None else T("{player} played again.", player=player))
        return Item(at, entry.round_number, entry.table_number, RETURN, text)
    return None


def _stored(entry: AuditEntry) -> str:
    """A corrected game as the log wrote it: "game 2: Ana won → Ben won"."""
    game = _GAME.fullmatch(entry.subject)
    label = f"game {game.group(1)}" if game else entry.subject
    return f"{label}: {entry.old_value or '–'} → {entry.new_value or '–'}"


def _lines(item: Item) -> int:
    """Lines the item's sentence takes on the wall, judged on its English (translations run
    up to a third longer, which WALL_CHARS leaves room for)."""
    return max(1, -(-len(str(item.text or "")) // WALL_CHARS))


def _wall(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """The most recent important items while they fit, then the most recent others while
    they fit, shown in order."""
    kept: list[int] = []
    lines = 0
    for important in (True, False):
        for index in range(len(items) - 1, -1, -1):
            if items[index].important is not important:
                continue
            needed = _lines(items[index])
            if len(kept) == WALL_ITEMS or lines + needed > WALL_LINES:
                break
            kept.append(index)
            lines += needed
    return tuple(items[i] for i in sorted(kept))


def csv_table(view: Timeline) -> tuple[list[str], list[list[str]]]:
    """Every item, its moment in ISO 8601 in the event's time zone, its sentence in English."""
    zone = time_zones.zone(view.time_zone)
    rows = [[item.at.astimezone(zone).isoformat(timespec="seconds"),
             "" if item.round is None else str(item.round), "" if item.table is None else str(item.table),
             item.kind, " ".join(part for part in (str(item.text) if item.text else "", item.stored or "") if part)]
            for item in view.items]
    return ["at", "round", "table", "kind", "text"], rows
