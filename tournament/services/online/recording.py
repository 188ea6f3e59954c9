"""Online deals become games of the running round.

Rules:
- A finished deal of a running round is recorded at once, in the transaction of the action
  that finished it, as the table's next game number in the round, through
  `services.games.apply_games` (the same checks, audit lines and revision as any result), with
  the winners and scores of the game's report of the deal (`TablePlay.report`, from each
  seat's tricks; Five Tricks: the tricks as the score, the most tricks wins, ties alphabetical)
  and the actor "online table N".
- A deal in which no trick was taken, or whose report names no winner, is no game: nothing is
  recorded.
- A deal whose seats are no longer the table's seats is abandoned, never recorded.
- A round keeps at most MAX_GAMES_PER_TABLE games a table, an event MAX_GAMES_PER_EVENT
  (`no_room`): a deal finished once either is reached ends unrecorded, its screen says why,
  and no next deal is dealt. A close records each table on its own (a savepoint): a table
  whose deal cannot be recorded leaves it unrecorded and never holds up the close.
- A round's close (`services.rounds._close`, under the lock, before the round changes state)
  records every unfinished deal of the round that has a trick taken, with the tricks so far, at
  the tables still played online (a table taken off line mid-round plays in the room: its
  results are the room's, and its online deal is left as it was).
- Undoing that close (`reopen`, from `services.corrections.undo_close`) puts back what it did:
  each deal it cut short (recorded, yet not over) loses its game, if still as recorded (the
  organiser's correction stands), written to the log as any removed game, and resumes where
  it stopped. One statement when the round has no recorded online deal.
  One statement when the round has no online deal; never a statement per table to find them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...core.i18n import T, Text
from ...core.limits import MAX_GAMES_PER_EVENT, MAX_GAMES_PER_TABLE
from ...core.names import name_key
from ...models import Event, Game, OnlineGame, Player, Round, Seat, Table
from .. import games
from ..errors import DomainError
from ..round_data import RoundData
from . import tables


def actor(table_number: int) -> str:
    """Who recorded a game, as the audit log stores it."""
    return f"online table {table_number}"


def _next_number(session: Session, round_id: int, table_id: int) -> int:
    highest = session.scalar(select(func.max(Game.number)).where(Game.round_id == round_id,
                                                                 Game.table_id == table_id))
    return (highest or 0) + 1


def no_room(session: Session, event_id: int, round_id: int, table_id: int) -> Text | None:
    """Why a deal finished now at this table cannot be recorded (the most games the round keeps
    for a table, or the event keeps), as a sentence to its players; None: it can. One statement."""
    highest = (select(func.max(Game.number)).where(Game.round_id == round_id, Game.table_id == table_id)
               .scalar_subquery())
    held = (select(func.count(Game.id)).join(Round, Round.id == Game.round_id).where(Round.event_id == event_id)
            .scalar_subquery())
    top, count = session.execute(select(highest, held)).one()
    if (top or 0) >= MAX_GAMES_PER_TABLE:
        return T("Your table has played the most games a round keeps ({most}): this deal was not recorded "
                 "and no more are dealt in this round.", most=MAX_GAMES_PER_TABLE)
    if (count or 0) >= MAX_GAMES_PER_EVENT:
        return T("The event holds the most games it can keep ({most}): this deal was not recorded and no "
                 "more are dealt.", most=format(MAX_GAMES_PER_EVENT, ","))
    return None


def entry_of(event: Event, table: Table, game: OnlineGame, names: dict[int, str],
             taken: tuple[int, ...]) -> tuple[frozenset[int], dict[int, int] | None]:
    """The winners and scores a deal is recorded with (player ids): the game's report of it."""
    report = tables.play_of(event).report(table.variant, [names[pid] for pid in game.seats], taken)
    ids = {names[pid]: pid for pid in game.seats}
    scores = None if report.scores is None else {ids[name]: count for name, count in report.scores.items()}
    return frozenset(ids[name] for name in report.winners), scores


def scores_of(event: Event, table: Table, game: OnlineGame, names: dict[int, str],
              taken: tuple[int, ...]) -> dict[int, int] | None:
    """The scores a deal is recorded with (Five Tricks: each seat's tricks)."""
    return entry_of(event, table, game, names, taken)[1]


def record(session: Session, data: RoundData, table: Table, game: OnlineGame, taken: tuple[int, ...],
           now: datetime) -> int | None:
    """Record the deal with these tricks per seat (no commit); the game number, or None when
    no trick was taken or its seats are no longer the table's."""
    seated = data.seated_at(table)
    if not tables.still_dealt(game.seats, tuple(seated)) or not any(taken):
        return None
    names = {p.id: p.name for p in seated}
    winners, scores = entry_of(data.event, table, game, names, taken)
    if not winners:
        return None
    number = _next_number(session, data.round.id, table.id)
    games.apply_games(session, data, table, [games.GameEntry(number, None, winners, scores)],
                      actor=actor(table.number))
    game.recorded_as = number
    game.finished_at = now
    return number


def table_data(session: Session, event: Event, round_: Round, table: Table) -> RoundData:
    """What `apply_games` reads about one table: its seats and their players (also those no
    longer playing, whose seats and games stay), in one statement."""
    rows = session.execute(select(Seat, Player).join(Player, Player.id == Seat.player_id)
                           .where(Seat.round_id == round_.id, Seat.table_id == table.id)).all()
    return RoundData(event, round_, [table], {p.id: p for _s, p in rows}, [s for s, _p in rows], [])


def count_unfinished(session: Session, event: Event, round_: Round) -> int:
    """Record the round's unfinished online deals with the tricks so far (see the module's
    rules); how many were recorded. Called under the event's lock, the round still running."""
    unfinished = list(session.scalars(select(OnlineGame).join(Table, Table.id == OnlineGame.table_id)
                                      .where(OnlineGame.round_id == round_.id, OnlineGame.finished_at.is_(None),
                                             Table.online.is_(True))))
    if not unfinished:
        return 0
    latest: dict[int, OnlineGame] = {}
    for game in unfinished:  # only a table's latest deal can be current; older ones were abandoned
        if game.table_id not in latest or game.number > latest[game.table_id].number:
            latest[game.table_id] = game
    newest = dict(session.execute(select(OnlineGame.table_id, func.max(OnlineGame.number))
                                  .where(OnlineGame.round_id == round_.id).group_by(OnlineGame.table_id)).all())
    by_id = {t.id: t for t in session.scalars(select(Table).where(Table.id.in_(list(latest))))}
    seats = list(session.scalars(select(Seat).where(Seat.round_id == round_.id, Seat.table_id.in_(list(latest)))))
    players = {p.id: p for p in session.scalars(select(Player).where(Player.id.in_([s.player_id for s in seats])))}
    counted = 0
    for table_id, game in sorted(latest.items()):
        if newest.get(table_id) != game.number:
            continue
        table = by_id[table_id]
        at_table = [s for s in seats if s.table_id == table_id]
        order = tuple(sorted((players[s.player_id] for s in at_table), key=lambda p: name_key(p.name)))
        data = RoundData(event, round_, [table], {p.id: p for p in order}, at_table, [])
        state = tables.state_of(session, event, table, game)
        if state is None:
            continue
        try:
            with session.begin_nested():
                recorded = record(session, data, table, game, state.taken, round_.closed_at or _now())
        except DomainError:
            continue  # this table's deal stays unrecorded; the close goes on
        if recorded is not None:
            counted += 1
    return counted


def _now() -> datetime:
    from ..timer import now_utc

    return now_utc()


def reopen(session: Session, data: RoundData) -> int:
    """Undo what the close of `data.round` did to its online deals (see the module's rules),
    staged, no commit; how many deals resume. Called under the event's lock."""
    recorded = list(session.scalars(select(OnlineGame).where(OnlineGame.round_id == data.round.id,
                                                             OnlineGame.recorded_as.is_not(None))))
    by_id = {t.id: t for t in data.tables}
    cut = []
    for game in recorded:
        table = by_id.get(game.table_id)
        state = tables.state_of(session, data.event, table, game) if table is not None else None
        if table is not None and state is not None and state.stage != "over":
            cut.append((table, game, state))
    if not cut:
        return 0
    stored = {(g.table_id, g.number): g for g in session.scalars(
        select(Game).where(Game.round_id == data.round.id, Game.table_id.in_([t.id for t, _g, _s in cut])))}
    resumed = 0
    for table, game, state in cut:
        assert game.recorded_as is not None
        found = stored.get((table.id, game.recorded_as))
        names = {pid: data.players[pid].name if pid in data.players else f"#{pid}" for pid in game.seats}
        if found is None or found.scores != scores_of(data.event, table, game, names, state.taken):
            continue  # removed or corrected since: the organiser's result stands, the deal stays ended
        games.apply_games(session, data, table, [games.GameEntry(game.recorded_as, found.version, frozenset(), None,
                                                                 clear=True)], actor=actor(table.number))
        game.recorded_as = None
        game.finished_at = None
        resumed += 1
    return resumed
