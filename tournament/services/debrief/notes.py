"""The debrief's `notes` view: what the tables and observers noted, per table and round.

Rules:
- Only notes the organiser has not hidden; read in one statement, whatever the number of
  tables, rounds or notes.
- Per table: how often each icon was sent (the "we disagreed" count first, always shown), and
  every text with its author and time; per round the same, for the desk and the paper. Tables
  in number order; within a table, rounds in order and texts as they were sent.
- Nothing here reveals a table's rules: a note says what people felt, not what the rules were.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...core.i18n import T, Text
from ...models import DebriefNote, Event
from ..notes import FLAGS, Flag, sender, utc_iso

CSV_HEADER = ["at", "round", "table", "source", "author", "flag", "text"]
WALL_TEXTS = 2  # texts a table shows on the wall; the rest are counted ("3 more")
# With more tables than this, the wall (and the one-page summary) show each table's latest text
# only: two rows of cards with two texts each do not fit a 1280x720 wall under the prompt.
ROOMY_TABLES = 4

LABEL = T("Notes from the tables")  # the view's name in the debrief's list of views


@dataclass(frozen=True)
class Line:
    at: datetime | None
    round_number: int | None
    table_number: int | None
    source: str
    author: str  # an observer's name as sent; "" for a table's phone
    flag: Flag | None
    text: str | None

    @property
    def by(self) -> Text:
        """Who sent it, as the view shows it."""
        return sender(self.source, self.author)


@dataclass(frozen=True)
class Count:
    flag: Flag
    count: int


@dataclass(frozen=True)
class Group:
    """A table's notes in one round (or all rounds, for the table's totals)."""

    round_number: int | None
    counts: tuple[Count, ...]
    texts: tuple[Line, ...]
    shown: int = WALL_TEXTS  # how many texts the wall shows

    @property
    def latest(self) -> tuple[Line, ...]:
        """The texts the wall shows: the latest ones, newest first."""
        return tuple(reversed(self.texts[-self.shown:]))

    @property
    def more(self) -> int:
        """Texts beyond what the wall shows."""
        return max(0, len(self.texts) - self.shown)


@dataclass(frozen=True)
class TableNotes:
    table_number: int | None
    total: Group  # every round together
    rounds: tuple[Group, ...]

    @property
    def disagreements(self) -> int:
        return next((c.count for c in self.total.counts if c.flag.stands_out), 0)


@dataclass(frozen=True)
class NotesView:
    tables: tuple[TableNotes, ...]
    lines: tuple[Line, ...]  # every visible note, as sent

    @property
    def empty(self) -> bool:
        return not self.lines

    @property
    def disagreements(self) -> int:
        return sum(t.disagreements for t in self.tables)


def _counts(lines: list[Line]) -> tuple[Count, ...]:
    """Each icon sent, in the form's order; the standing-out ones (we disagreed) even at 0."""
    counted = Counter(line.flag.key for line in lines if line.flag is not None)
    return tuple(Count(flag, counted[key]) for key, flag in FLAGS.items() if counted[key] or flag.stands_out)


def _group(round_number: int | None, lines: list[Line], shown: int = WALL_TEXTS) -> Group:
    return Group(round_number, _counts(lines), tuple(line for line in lines if line.text), shown)


def _line(note: DebriefNote) -> Line:
    return Line(note.at, note.round_number, note.table_number, note.source, note.author or "",
                FLAGS.get(note.flag) if note.flag else None, note.text)


def _last(number: int | None) -> tuple[bool, int]:
    return (number is None, number or 0)


def build(session: Session, event: Event) -> NotesView:
    notes = session.scalars(
        select(DebriefNote).where(DebriefNote.event_id == event.id, DebriefNote.hidden.is_(False))
        .order_by(DebriefNote.at, DebriefNote.id)
    )
    lines = [_line(note) for note in notes]
    by_table: dict[int | None, list[Line]] = {}
    for line in lines:
        by_table.setdefault(line.table_number, []).append(line)
    tables = []
    shown = WALL_TEXTS if len(by_table) <= ROOMY_TABLES else 1
    for number in sorted(by_table, key=_last):
        at_table = by_table[number]
        by_round: dict[int | None, list[Line]] = {}
        for line in at_table:
            by_round.setdefault(line.round_number, []).append(line)
        rounds = tuple(_group(r, by_round[r]) for r in sorted(by_round, key=lambda r: (r is not None, r or 0)))
        tables.append(TableNotes(number, _group(None, at_table, shown), rounds))
    return NotesView(tuple(tables), tuple(lines))


def csv_table(view: NotesView) -> tuple[list[str], list[list[str]]]:
    """One row per visible note, as sent; English headers and flag keys, times in UTC (ISO 8601).
    Written by the app's CSV writer, which defuses cells a spreadsheet would run as formulas."""
    rows = [[utc_iso(line.at), "" if line.round_number is None else str(line.round_number),
             "" if line.table_number is None else str(line.table_number), line.source, line.author,
             line.flag.key if line.flag else "", line.text or ""] for line in view.lines]
    return list(CSV_HEADER), rows
