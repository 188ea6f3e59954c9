"""The debrief's journeys: every player's table round by round, from the home table on.

Rules:
- A player's path is the standings' path (``services.standings``, the one source of paths), over
  the rounds played (a planned round is not a journey yet). The home table is the start (column
  "home") for everyone who played from the first round; a latecomer starts at the table joined.
- A round's move (up, down, stay, out) is what that round's results page shows
  (``services.outcome`` through ``history``); a round still running has none yet.
- Climbers: the ``MAX_CLIMBERS`` largest rises from the start to the last table played, rises
  of at least one table only, equal rises alphabetically (``core.names.name_key``). Three, so
  that their names fit beside the chart and can be read at the back of the room.
- Stayers: everyone who never changed table (home table included). All of them are drawn
  dashed; the first ``MAX_LABELLED_STAYERS`` alphabetically are named beside the chart.
- Strangers: players seated at a table whose home table's rules differ from that table's
  (the stored variants compared; two tables with identical rules share one rule set, whatever
  their numbers). Counted only once the rules are revealed (``Event.debrief_revealed_at``):
  before that the view holds no strangers at all, since they would tell which tables share rules.
- Withdrawn players and observers keep their path up to the last round they played, and
  the view says when they stopped.

Statements: the standings' five, plus three (tables, seats, games), whatever the size.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from ...core.i18n import Name, T, Text, Tn, Tp
from ...core.names import name_key
from ...games import CardGame, game_of
from ...games import settings as declared
from ...models import Event, PlayerStatus
from ..standings import PlayerStanding, compute_standings
from ._tables import rule_set
from .history import History, load_history

LABEL = T("Journeys")  # the view's name in the debrief's list of views
MAX_CLIMBERS = 3
MAX_LABELLED_STAYERS = 3
LABEL_LENGTH = 13  # characters of a name beside the chart; the full name is in its tooltip and table

# The chart's drawing box (SVG user units). A 1280x720 wall draws it at about 0.8:1 (narrower
# once revealed, when the strangers' grid stands beside it), so 30 units of text (the
# stylesheet's size) are about 24 pixels there, above the 22 the back row needs.
WIDTH, REVEALED_WIDTH, HEIGHT = 1200, 900, 500
FONT = 30
LEFT, TOP, BOTTOM = 175, 18, 56
LABELS = 350  # the column of names at the right, when any player is named
LABEL_GAP = 36


@dataclass(frozen=True, slots=True)
class Stop:
    round: int
    table: int
    games: int
    move: str | None  # "up", "down", "stay", "out"; None while the round runs
    stranger: bool | None  # None before the reveal or without a home table


@dataclass(frozen=True, slots=True)
class Journey:
    player: str
    home: int | None
    from_home: bool  # played from the first round: the line starts at the home table
    stops: tuple[Stop, ...]  # rounds played, in order
    start: int  # the home table, or the first table for a latecomer
    last: int
    left: str | None  # "withdrawn" or "observer": stopped playing after the last stop
    climber: bool
    stayer: bool
    labelled: bool
    path: str  # the SVG line
    end: tuple[float, float]
    label: tuple[float, float] | None  # where the name sits beside the chart
    title: Text  # the player and the whole path, in words
    left_text: Text | None

    @property
    def rise(self) -> int:
        return self.last - self.start

    @staticmethod
    def short(name: str) -> str:
        """``name`` cut to fit beside the chart (the wall passes the public name)."""
        return name if len(name) <= LABEL_LENGTH else name[:LABEL_LENGTH - 1] + "…"

    def table_in(self, round_number: int) -> Stop | None:
        for stop in self.stops:
            if stop.round == round_number:
                return stop
        return None


@dataclass(frozen=True, slots=True)
class Axis:
    position: float
    label: Text | str


@dataclass(frozen=True, slots=True)
class StrangerCell:
    round: int
    seated: int
    strangers: int


@dataclass(frozen=True, slots=True)
class StrangerRow:
    table: int
    cells: tuple[StrangerCell | None, ...]  # per round played; None: nobody sat there


@dataclass(frozen=True)
class Journeys:
    rounds: tuple[int, ...]  # round numbers played
    tables: tuple[int, ...]  # bottom first
    has_home: bool
    journeys: tuple[Journey, ...]  # alphabetical
    climbers: tuple[Journey, ...]  # largest rise first
    stayers: tuple[Journey, ...]  # alphabetical
    strangers: tuple[StrangerRow, ...] | None  # top table first; None until the rules are revealed
    width: int
    height: int
    columns: tuple[Axis, ...]
    rows: tuple[Axis, ...]  # one per table
    plot: tuple[float, float, float, float]  # left, top, right, bottom of the drawing area
    climbers_text: Text | None
    stayers_text: Text | None
    left_text: Text | None

    @property
    def unlabelled_stayers(self) -> int:
        return len(self.stayers) - sum(1 for j in self.stayers if j.labelled)

    @property
    def revealed(self) -> bool:
        return self.strangers is not None


@dataclass(frozen=True, slots=True)
class _Path:
    player: str
    home: int | None
    from_home: bool
    stops: tuple[Stop, ...]
    left: str | None

    @property
    def start(self) -> int:
        return self.home if self.from_home and self.home is not None else self.stops[0].table

    @property
    def stayer(self) -> bool:
        return {s.table for s in self.stops} == {self.start}


def build(session: Session, event: Event) -> Journeys:
    standings = compute_standings(session, event)
    revealed = event.debrief_revealed_at is not None
    history = load_history(session, event, standings.rounds, [row.player for row in standings.rows],
                           variants=revealed)
    played = tuple(r.number for r in history.played)
    tables = tuple(t.number for t in history.tables)
    paths = _paths(game_of(event), standings.rows, history, played, revealed)
    climbers = set(pick_climbers({p.player: p.stops[-1].table - p.start for p in paths}))
    stayers = [p.player for p in paths if p.stayer]
    labelled = climbers | set(stayers[:MAX_LABELLED_STAYERS])
    has_home = any(p.from_home for p in paths)
    chart = _Chart(played, tables, has_home, bool(labelled), revealed)

    drawn = [chart.line(index, len(paths), p) for index, p in enumerate(paths)]
    label_at = _spread([(end[1], p.player) for p, (_d, end) in zip(paths, drawn, strict=True) if p.player in labelled],
                       TOP + FONT * 0.5, chart.bottom)
    finished = tuple(
        Journey(player=p.player, home=p.home, from_home=p.from_home, stops=p.stops, start=p.start,
                last=p.stops[-1].table, left=p.left, climber=p.player in climbers, stayer=p.stayer,
                labelled=p.player in labelled, path=line, end=end,
                label=(chart.right + 24, label_at[p.player]) if p.player in label_at else None,
                title=_title(p.player, p.home if p.from_home else None, p.stops),
                left_text=_left_text(p.player, p.left, p.stops[-1].round) if p.left else None)
        for p, (line, end) in zip(paths, drawn, strict=True))
    climbing = tuple(sorted((j for j in finished if j.climber), key=lambda j: (-j.rise, name_key(j.player))))
    staying = tuple(j for j in finished if j.stayer)
    return Journeys(
        rounds=played, tables=tables, has_home=has_home, journeys=finished, climbers=climbing, stayers=staying,
        strangers=_strangers(finished, played, tables) if revealed else None,
        width=chart.width, height=HEIGHT, columns=chart.columns(), rows=chart.rows(),
        plot=(LEFT, TOP, chart.right, chart.bottom),
        climbers_text=Tn("thick: the biggest climber", "thick: the {n} biggest climbers", len(climbing))
        if climbing else None,
        stayers_text=_stayers_text(staying),
        left_text=T("✕: stopped playing (withdrew or became an observer)")
        if any(j.left for j in finished) else None,
    )


def _paths(game: CardGame[Any], rows: list[PlayerStanding], history: History, played: tuple[int, ...],
           revealed: bool) -> list[_Path]:
    """Every player who played a round, alphabetically: the standings' path over the rounds
    played, each round's games and move, and (revealed) whether the player was a stranger."""
    number_of = {t.id: t.number for t in history.tables}
    variant = ({t.number: rule_set(game, declared.from_json(game.settings, t.variant_data),
                                   t.house_rule) for t in history.tables}
               if revealed else {})
    moves = {(number, row.player): row.direction
             for number, outcome in history.outcomes.items() for row in outcome.rows}
    paths = []
    for row in rows:
        player = row.player
        path = {n: t for n, t in row.path.items() if n in played}
        if not path:
            continue
        home = number_of.get(player.home_table_id) if player.home_table_id is not None else None
        stops = tuple(Stop(n, t, row.games_by_round.get(n, 0), moves.get((n, player.name)),
                           _stranger(variant, home, t) if revealed else None)
                      for n, t in sorted(path.items()))
        left = player.status.value if player.status is not PlayerStatus.SEATED else None
        paths.append(_Path(player.name, home, home is not None and played[0] in path, stops, left))
    return sorted(paths, key=lambda p: name_key(p.player))


class _Chart:
    """Where rounds and tables sit in the drawing: a column per round (after the home column),
    a band per table with the top table at the top."""

    def __init__(self, played: tuple[int, ...], tables: tuple[int, ...], has_home: bool, labels: bool,
                 revealed: bool) -> None:
        self.played, self.has_home = played, has_home
        self.width = REVEALED_WIDTH if revealed else WIDTH
        self.right = self.width - (LABELS if labels else 30)
        self.bottom = HEIGHT - BOTTOM
        columns = len(played) + (1 if has_home else 0)
        step = (self.right - LEFT) / max(columns - 1, 1)
        self.x = {n: LEFT + (i + (1 if has_home else 0)) * step for i, n in enumerate(played)}
        if columns == 1:
            self.x = {n: (LEFT + self.right) / 2 for n in played}
        self.band = (self.bottom - TOP) / max(len(tables), 1)
        self.y = {t: TOP + (len(tables) - i - 0.5) * self.band for i, t in enumerate(tables)}

    def columns(self) -> tuple[Axis, ...]:
        home = (Axis(LEFT, Tp("journeys chart", "Home")),) if self.has_home else ()
        return home + tuple(Axis(self.x[n], Tp("journeys chart", "R{n}", n=n)) for n in self.played)

    def rows(self) -> tuple[Axis, ...]:
        return tuple(Axis(y, T("Table {number}", number=t)) for t, y in sorted(self.y.items(), reverse=True))

    def line(self, index: int, count: int, path: _Path) -> tuple[str, tuple[float, float]]:
        """The SVG path of one player's line and where it ends. Each player keeps one small
        offset within the bands, so equal paths show as a bundle of lines rather than one; a
        gap in the rounds (left, then back) is a gap in the line."""
        offset = ((index + 0.5) / count - 0.5) * self.band * 0.6
        points: list[tuple[float, float, int]] = [(LEFT, self.y[path.start] + offset, -1)] if path.from_home else []
        points += [(self.x[s.round], self.y[s.table] + offset, self.played.index(s.round)) for s in path.stops]
        parts, previous = [], None
        for x, y, column in points:
            parts.append(f"{'L' if previous is not None and column == previous + 1 else 'M'}{x:.1f} {y:.1f}")
            previous = column
        return " ".join(parts), (points[-1][0], points[-1][1])


def pick_climbers(rises: dict[str, int]) -> tuple[str, ...]:
    """The ``MAX_CLIMBERS`` largest rises of at least one table, largest first, equal rises
    alphabetically."""
    rising = sorted((name for name, rise in rises.items() if rise > 0), key=lambda name: (-rises[name], name_key(name)))
    return tuple(rising[:MAX_CLIMBERS])


def _stranger(variant: dict[int, Any], home: int | None, table: int) -> bool | None:
    """A player at a table whose rule set (``_tables.rule_set``) differs from their home table's."""
    if home is None:
        return None
    return variant.get(home) != variant.get(table)


def _title(name: str, home: int | None, stops: tuple[Stop, ...]) -> Text:
    tables = ", ".join(str(s.table) for s in stops)
    if home is None:
        return T("{player}: tables by round: {tables}.", player=Name(name), tables=tables)
    return T("{player}: home table {home}; tables by round: {tables}.", player=Name(name), home=home, tables=tables)


def _left_text(name: str, status: str, last_round: int) -> Text:
    if status == PlayerStatus.OBSERVER.value:
        return T("{player} became an observer after round {n}.", player=Name(name), n=last_round)
    return T("{player} withdrew after round {n}.", player=Name(name), n=last_round)


def _stayers_text(stayers: tuple[Journey, ...]) -> Text | None:
    if not stayers:
        return None
    return Tn("dashed: {n} player never changed table", "dashed: {n} players never changed table", len(stayers))


def _spread(ends: list[tuple[float, str]], top: float, bottom: float) -> dict[str, float]:
    """Label heights near each line's end, at least LABEL_GAP apart, within the chart."""
    placed: dict[str, float] = {}
    previous = top - LABEL_GAP
    ordered = sorted(ends, key=lambda e: (e[0], name_key(e[1])))
    heights = []
    for y, _name in ordered:
        previous = max(y, previous + LABEL_GAP)
        heights.append(previous)
    overflow = (heights[-1] - bottom) if heights else 0
    if overflow > 0:  # push the stack up, keeping the gaps
        heights = [h - overflow for h in heights]
        for i in range(len(heights) - 2, -1, -1):
            heights[i] = min(heights[i], heights[i + 1] - LABEL_GAP)
    for (_y, name), height in zip(ordered, heights, strict=True):
        placed[name] = height
    return placed


def _strangers(journeys: tuple[Journey, ...], played: tuple[int, ...],
               tables: tuple[int, ...]) -> tuple[StrangerRow, ...]:
    seated: Counter[tuple[int, int]] = Counter()
    strangers: Counter[tuple[int, int]] = Counter()
    for journey in journeys:
        for stop in journey.stops:
            seated[(stop.round, stop.table)] += 1
            strangers[(stop.round, stop.table)] += bool(stop.stranger)
    return tuple(
        StrangerRow(table, tuple(StrangerCell(n, seated[(n, table)], strangers[(n, table)])
                                 if seated[(n, table)] else None for n in played))
        for table in reversed(tables))


def csv_table(view: Journeys) -> tuple[list[str], list[list[str]]]:
    """One row per player per round played; ``strangers_at_table`` only once revealed."""
    header = ["player", "round", "table", "home_table", "move", "games_won"]
    if view.revealed:
        header += ["stranger", "strangers_at_table"]
    counts = {(cell.round, row.table): cell.strangers
              for row in view.strangers or () for cell in row.cells if cell is not None}
    rows = []
    for journey in view.journeys:
        for stop in journey.stops:
            line = [journey.player, str(stop.round), str(stop.table),
                    "" if journey.home is None else str(journey.home), stop.move or "", str(stop.games)]
            if view.revealed:
                line += ["" if stop.stranger is None else ("yes" if stop.stranger else "no"),
                         str(counts.get((stop.round, stop.table), 0))]
            rows.append(line)
    return header, rows
