"""Who moves where after a round, and why.

Invariants:
- Table numbers are positive whole numbers without gaps; the highest is the top table, the
  lowest the bottom table. Every table is a key even when nobody sat there.
- A player sits at exactly one table; a name listed at two tables is refused.
- Per table of n players, k = ``movers(n)``: by default the guide's rule, 2 if n > 4 else 1 (a
  game played in partnerships moves both partners: k = 2). The first k of the ranking are sent
  up, the last k of the *rest* are sent down (so a lone player counts as the winner), everyone
  else stays.
- A move is always to the neighbouring number, even if that table is empty. Up-movers at the top
  table and down-movers at the bottom table stay, and their ``Move`` says so in ``reason``.
  Consequently nobody moves more than one table and nobody leaves the table range; with one
  table nobody moves.
- Every input player appears in the plan exactly once. The plan depends only on the data, never
  on the order of the mappings.
- Whenever players tied on games and the tie put them in different outcomes (up/stay/down before
  the top/bottom rule) or decided the round winner, a ``TieNote`` says so in plain words.
- A table that reported no game has no result to rank by: it has no round winner, nobody seated
  there moves (everyone stays; players from neighbouring tables may still arrive), no tie is
  noted, and ``TableResult.note`` says so in plain words. ``plan_round`` is told which tables
  reported; without that set (and in ``plan_moves``) every table counts as having reported.
- A player absent for the round (``plan_round``'s ``absent``) is left out of the round: the
  table is ranked, and its movers counted, as if she had not been seated there; she wins no
  game there, is not ranked, and stays at her table (her ``Move`` says why), so that she can
  be found there next round. For everyone else the plan is the plan of the round without her.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import groupby
from typing import Final

from .errors import RuleError, require_int
from .i18n import Name, T, Text, Tn
from .names import name_key
from .ranking import Standing, standings, validate_counts
from .wording import listing

# From the tournament guide: "If there are more than four players at a table, the two players..."
BIG_TABLE_ABOVE: Final[int] = 4
MOVERS: Final[dict[bool, int]] = {False: 1, True: 2}

# The app warns when a move leaves a table outside these sizes (docs/rules.md).
WARN_BELOW: Final[int] = 2
WARN_ABOVE: Final[int] = 7


class Direction(StrEnum):
    UP = "up"
    STAY = "stay"
    DOWN = "down"


STEP: Final[dict[Direction, int]] = {Direction.UP: 1, Direction.STAY: 0, Direction.DOWN: -1}
# Why a mover stays, one whole sentence per case: (only one table?, what the ranking called for).
_STAYS_REASON: Final[dict[tuple[bool, Direction], Text]] = {
    (False, Direction.UP): T("{player} would move up, but table {table} is the top table, so stays."),
    (False, Direction.DOWN): T("{player} would move down, but table {table} is the bottom table, so stays."),
    (True, Direction.UP): T("{player} would move up, but table {table} is the only table, so stays."),
    (True, Direction.DOWN): T("{player} would move down, but table {table} is the only table, so stays."),
}


@dataclass(frozen=True, slots=True)
class Move:
    """One player's change of table. ``outcome`` is what the ranking called for; ``direction``
    is what actually happens after the top/bottom rule."""

    player: str
    from_table: int
    to_table: int
    direction: Direction
    outcome: Direction
    reason: Text | None = None  # set only when someone would move but stays, or was absent

    @property
    def moved(self) -> bool:
        return self.to_table != self.from_table


@dataclass(frozen=True, slots=True)
class TieNote:
    """Players at one table with equal games whose order was settled alphabetically."""

    table: int
    players: tuple[str, ...]  # in ranked order
    games: int
    text: Text
    decides_move: bool
    decides_winner: bool


@dataclass(frozen=True, slots=True)
class TableResult:
    table: int
    standings: tuple[Standing, ...]
    winner: str | None
    moves: tuple[Move, ...]  # in ranking order
    ties: tuple[TieNote, ...]
    reported: bool = True  # False: no game was reported, so no winner and nobody moves
    note: Text | None = None  # plain words for a table that reported no game
    absent: tuple[str, ...] = ()  # not ranked and staying; their moves follow the ranked ones

    @property
    def ranking(self) -> tuple[str, ...]:
        return tuple(standing.player for standing in self.standings)


@dataclass(frozen=True, slots=True)
class RoundPlan:
    tables: tuple[TableResult, ...]  # bottom table first

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(move for table in self.tables for move in table.moves)

    @property
    def ties(self) -> tuple[TieNote, ...]:
        return tuple(note for table in self.tables for note in table.ties)

    def destinations(self) -> dict[str, int]:
        return {move.player: move.to_table for move in self.moves}

    def move_for(self, player: str) -> Move:
        for move in self.moves:
            if move.player == player:
                return move
        raise RuleError(T("'{player}' did not play in this round", player=Name(player)))

    def next_sizes(self) -> dict[int, int]:
        """Players at each table next round, every table listed (bottom first)."""
        sizes = {table.table: 0 for table in self.tables}
        for move in self.moves:
            sizes[move.to_table] += 1
        return sizes

    def size_warnings(self, fewest: int = WARN_BELOW, most: int = WARN_ABOVE) -> tuple[Text, ...]:
        """Plain-words warnings for tables that would end up too small or too crowded."""
        return size_warnings(self.next_sizes(), fewest, most, verb="would have")


# A seating's size warning, one whole sentence per (verb, too few?): "has" for a seating as it
# is, "would have" for the one a round's moves would make.
# (Written with a count of 0; ``size_warnings`` gives each its table's count.)
_SIZE_WARNINGS: Final[dict[tuple[str, bool], Text]] = {
    ("has", True): Tn("Table {table} has {n} player, fewer than {limit}.",
                      "Table {table} has {n} players, fewer than {limit}.", 0),
    ("has", False): Tn("Table {table} has {n} player, more than {limit}.",
                       "Table {table} has {n} players, more than {limit}.", 0),
    ("would have", True): Tn("Table {table} would have {n} player, fewer than {limit}.",
                             "Table {table} would have {n} players, fewer than {limit}.", 0),
    ("would have", False): Tn("Table {table} would have {n} player, more than {limit}.",
                              "Table {table} would have {n} players, more than {limit}.", 0),
}


def _counted(message: Text, n: int, **params: object) -> Text:
    return Text(message.msgid, params, plural=message.plural, n=n)


def size_warnings(sizes: Mapping[int, int], fewest: int = WARN_BELOW, most: int = WARN_ABOVE,
                  verb: str = "has") -> tuple[Text, ...]:
    """Warnings for a seating (table number -> players), e.g. after the organiser moved seats.
    ``verb`` is "has" (the seating as it is) or "would have" (after a round's moves)."""
    if verb not in ("has", "would have"):
        raise RuleError(T("{verb} is not a way to word a table's size; use has or would have", verb=repr(verb)))
    warnings: list[Text] = []
    for table, size in sorted(sizes.items()):
        if size < fewest:
            warnings.append(_counted(_SIZE_WARNINGS[(verb, True)], size, table=table, limit=fewest))
        elif size > most:
            warnings.append(_counted(_SIZE_WARNINGS[(verb, False)], size, table=table, limit=most))
    return tuple(warnings)


def join_names(names: tuple[str, ...]) -> Text | Name:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cleo": the names as one message parameter."""
    if len(names) == 1:
        return Name(names[0])
    # Each name its own parameter, so each sits in its own isolate: a right-to-left name never
    # reorders the names around it.
    return T("{first} and {second}", first=listing([Name(name) for name in names[:-1]]), second=Name(names[-1]))


def _above(players: tuple[str, ...]) -> Text | Name:
    """ "Ana above Ben above Cleo" """
    if len(players) == 1:
        return Name(players[0])
    return T("{higher} above {lower}", higher=Name(players[0]), lower=_above(players[1:]))


def tie_text(players: tuple[str, ...], games: int, short: bool = False, by_real_names: bool = False) -> Text:
    """ "Ana and Ben tied on 1 game; alphabetical order ranks Ana above Ben."

    ``short`` (a projector card, whose rows above already show the order) words a tie of three
    or more as "... alphabetical order ranks them as listed." ``by_real_names``: the screen shows
    the players by names (nicknames) that do not read in that order, so the sentence says whose
    order it is, without showing the real names. """
    if by_real_names:
        if short and len(players) > 2:
            return Tn("{players} tied on {n} game; the alphabetical order of their real names ranks them as listed.",
                      "{players} tied on {n} games; the alphabetical order of their real names ranks them as listed.",
                      games, players=join_names(players))
        return Tn("{players} tied on {n} game; the alphabetical order of their real names ranks {order}.",
                  "{players} tied on {n} games; the alphabetical order of their real names ranks {order}.",
                  games, players=join_names(players), order=_above(players))
    if short and len(players) > 2:
        return Tn("{players} tied on {n} game; alphabetical order ranks them as listed.",
                  "{players} tied on {n} games; alphabetical order ranks them as listed.",
                  games, players=join_names(players))
    return Tn("{players} tied on {n} game; alphabetical order ranks {order}.",
              "{players} tied on {n} games; alphabetical order ranks {order}.",
              games, players=join_names(players), order=_above(players))


def read_out_of_order(players: tuple[str, ...], shown: Mapping[str, str]) -> bool:
    """Whether ``players`` (in the alphabetical order of their real names) would read in another
    order by the names ``shown`` for them (real name -> the name a screen shows)."""
    names = [shown.get(player, player) for player in players]
    return names != sorted(names, key=name_key)


def validate_tables(tables: object) -> dict[int, dict[str, int]]:
    """Checked copy of the round's results, keyed by table number in ascending order."""
    if not isinstance(tables, Mapping):
        raise RuleError(T("expected a mapping of table number to results, not {value}", value=repr(tables)))
    for number in tables:
        require_int(number, T("a table number"))
        if number < 1:
            raise RuleError(T("table numbers must be positive whole numbers; got {number}", number=number))
    numbers = sorted(tables)
    if numbers:
        missing = sorted(set(range(numbers[0], numbers[-1] + 1)) - set(numbers))
        if missing:
            listed = ", ".join(map(str, numbers))
            raise RuleError(Tn("table numbers must run without gaps; got {listed} (table {missing} missing)",
                               "table numbers must run without gaps; got {listed} (tables {missing} missing)",
                               len(missing), listed=listed, missing=", ".join(map(str, missing))))
    seated_at: dict[str, int] = {}
    checked: dict[int, dict[str, int]] = {}
    for number in numbers:
        results = validate_counts(tables[number], T("games won at table {table}", table=number))
        for player in results:
            if player in seated_at:
                raise RuleError(T("{player} is listed at table {first} and table {second}; "
                                  "a player sits at one table per round",
                                  player=Name(player), first=seated_at[player], second=number))
            seated_at[player] = number
        checked[number] = results
    return checked


def guide_movers(table_size: int) -> int:
    """How many move up (and as many down) from a table of ``table_size`` by the tournament
    guide: one, or two at a table of more than four."""
    return MOVERS[table_size > BIG_TABLE_ABOVE]


def outcomes(ranking: tuple[str, ...], movers: Callable[[int], int] = guide_movers) -> dict[str, Direction]:
    """What the ranking calls for at one table, before the top/bottom rule."""
    k = movers(len(ranking))
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise RuleError(T("at least one player moves up from a table that played, not {value}", value=repr(k)))
    up, rest = ranking[:k], ranking[k:]
    down = rest[-k:] if rest else ()
    called = {player: Direction.STAY for player in ranking}
    called.update({player: Direction.DOWN for player in down})
    called.update({player: Direction.UP for player in up})
    return called


def _tie_notes(table: int, ranked: tuple[Standing, ...], called: Mapping[str, Direction]) -> tuple[TieNote, ...]:
    notes: list[TieNote] = []
    for games, group in groupby(ranked, key=lambda standing: standing.games):
        players = tuple(standing.player for standing in group)
        if len(players) < 2:
            continue
        decides_move = len({called[player] for player in players}) > 1
        decides_winner = players[0] == ranked[0].player
        if decides_move or decides_winner:
            notes.append(TieNote(table, players, games, tie_text(players, games), decides_move, decides_winner))
    return tuple(notes)


def _move(player: str, table: int, outcome: Direction, bottom: int, top: int) -> Move:
    target = table + STEP[outcome]
    if bottom <= target <= top:
        return Move(player, table, target, outcome, outcome)
    reason = Text(_STAYS_REASON[(bottom == top, outcome)].msgid, {"player": Name(player), "table": table})
    return Move(player, table, table, Direction.STAY, outcome, reason)


def no_game_text(table: int, short: bool = False) -> Text:
    """What happens at a table that reported no game, in the words every screen uses; ``short``
    fits a projector card, which already names the table."""
    if short:
        return T("No game reported: no round winner, nobody here moves.")
    return T("Table {table} reported no game, so it has no round winner and nobody there moves: "
             "everyone stays at the table (players from neighbouring tables may still arrive).", table=table)


def absent_text(player: str, table: int) -> Text:
    """Why an absent player stays, in the words every screen uses."""
    return T("{player} was absent this round, so is not ranked and keeps table {table}.",
             player=Name(player), table=table)


def _validate_absent(absent: object, checked: Mapping[int, Mapping[str, int]]) -> frozenset[str]:
    if isinstance(absent, (str, bytes, Mapping)) or not isinstance(absent, Collection):
        raise RuleError(T("expected a set of absent players' names, not {value}", value=repr(absent)))
    seated = {player: number for number, results in checked.items() for player in results}
    for player in absent:
        if player not in seated:
            raise RuleError(T("{player} is listed as absent but is not seated at any table", player=Name(player)))
        if checked[seated[player]][player]:
            raise RuleError(T("{player} is listed as absent, but won games at table {table}",
                              player=Name(player), table=seated[player]))
    return frozenset(absent)


def _stays_away(player: str, table: int) -> Move:
    return Move(player, table, table, Direction.STAY, Direction.STAY, absent_text(player, table))


def _validate_reported(reported: object, tables: Collection[int]) -> frozenset[int]:
    if isinstance(reported, (str, bytes, Mapping)) or not isinstance(reported, Collection):
        raise RuleError(T("expected a set of table numbers that reported games, not {value}", value=repr(reported)))
    for number in reported:
        require_int(number, T("a table number that reported games"))
        if number not in tables:
            raise RuleError(T("table {table} reported games but is not one of the tables", table=number))
    return frozenset(reported)


def _unreported(number: int, games_won: Mapping[str, int]) -> TableResult:
    won = sorted(player for player, games in games_won.items() if games)
    if won:
        raise RuleError(T("table {table} is listed as reporting no game, but {players} won games there",
                          table=number, players=join_names(tuple(won))))
    ranked = standings(games_won)
    return TableResult(
        table=number,
        standings=ranked,
        winner=None,
        moves=tuple(Move(s.player, number, number, Direction.STAY, Direction.STAY) for s in ranked),
        ties=(),
        reported=False,
        note=no_game_text(number) if ranked else None,
    )


def plan_round(tables: Mapping[int, Mapping[str, int]], reported: Collection[int] | None = None,
               movers: Callable[[int], int] = guide_movers, absent: Collection[str] = ()) -> RoundPlan:
    """Rank every table, decide every move, and explain the ties (see module invariants).
    ``reported``: the tables that reported at least one game; ``None`` means every table did.
    ``movers``: how many move up and down from a table of n players (the event's game's).
    ``absent``: players seated in the round who were not there; they win no game."""
    checked = validate_tables(tables)
    if not checked:
        return RoundPlan(tables=())
    did_report = frozenset(checked) if reported is None else _validate_reported(reported, checked)
    away = _validate_absent(absent, checked)
    if away:
        return _without(plan_round({number: {p: g for p, g in results.items() if p not in away}
                                    for number, results in checked.items()}, did_report, movers), checked, away)
    bottom, top = min(checked), max(checked)
    results: list[TableResult] = []
    for number, games_won in checked.items():
        if number not in did_report:
            results.append(_unreported(number, games_won))
            continue
        ranked = standings(games_won)
        ranking = tuple(standing.player for standing in ranked)
        called = outcomes(ranking, movers)
        results.append(
            TableResult(
                table=number,
                standings=ranked,
                winner=ranking[0] if ranking else None,
                moves=tuple(_move(player, number, called[player], bottom, top) for player in ranking),
                ties=_tie_notes(number, ranked, called),
            )
        )
    return RoundPlan(tables=tuple(results))


def _without(plan: RoundPlan, checked: Mapping[int, Mapping[str, int]], away: frozenset[str]) -> RoundPlan:
    """The plan of the round without the absent players, each absentee added back at her table,
    unranked and staying: one computation of the moves, whoever was away."""
    tables = []
    for result in plan.tables:
        absent = tuple(sorted((p for p in checked[result.table] if p in away), key=name_key))
        tables.append(replace(result, absent=absent,
                              moves=result.moves + tuple(_stays_away(p, result.table) for p in absent)))
    return RoundPlan(tables=tuple(tables))


def plan_moves(tables: Mapping[int, Mapping[str, int]], movers: Callable[[int], int] = guide_movers) -> dict[str, int]:
    """Every player -> the table they sit at next round (every table counts as reported)."""
    return plan_round(tables, movers=movers).destinations()
