"""Loads one round with everything its pages need in a fixed number of statements,
however many tables, players or games the event has."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session, joinedload, selectinload

from ..core.i18n import T
from ..core.names import name_key
from ..games import game_of
from ..models import Agreement, Event, Game, GameResult, Player, PlayerStatus, Presence, Round, RoundState, Seat, Table
from .errors import NotFound
from .outcome import RoundOutcome, round_outcome


@dataclass
class RoundData:
    event: Event
    round: Round
    tables: list[Table]
    players: dict[int, Player]
    seats: list[Seat]
    games: list[Game]
    # Players seated in an earlier round of the event: a seat set by hand for anyone else is a
    # latecomer's first seat, not a move.
    seated_before: frozenset[int] = frozenset()
    # The round's state as the page was drawn from (a value, not the row): a change is judged on
    # what its submitter saw, even after the unit of work has read the row again.
    state_seen: RoundState = field(init=False)
    _seated: dict[int, list[Player]] = field(init=False)
    _games: dict[int, list[Game]] = field(init=False)
    _manual: set[int] = field(init=False)

    def __post_init__(self) -> None:
        self.state_seen = self.round.state
        seated: dict[int, list[Player]] = defaultdict(list)
        for seat in self.seats:
            seated[seat.table_id].append(self.players[seat.player_id])
        self._seated = {t: sorted(ps, key=lambda p: name_key(p.name)) for t, ps in seated.items()}
        games: dict[int, list[Game]] = defaultdict(list)
        for game in self.games:
            games[game.table_id].append(game)
        self._games = {t: sorted(gs, key=lambda g: g.number) for t, gs in games.items()}
        self._manual = {seat.player_id for seat in self.seats if seat.manual}

    def table(self, number: int) -> Table:
        for table in self.tables:
            if table.number == number:
                return table
        raise NotFound(T("There is no table {number} in this event.", number=number))

    def seated_at(self, table: Table) -> list[Player]:
        return self._seated.get(table.id, [])

    def games_at(self, table: Table) -> list[Game]:
        return self._games.get(table.id, [])

    def moved_by_hand(self, player: Player) -> bool:
        return player.id in self._manual and not self.joined_late(player)

    def joined_late(self, player: Player) -> bool:
        """A player seated by hand in this round who sat in no earlier one: added after round 1
        had begun (round 1's own seats are planned, never by hand, unless moved)."""
        return (player.id in self._manual and self.round.number > 1
                and player.id not in self.seated_before)

    def presence_of(self, player: Player) -> Presence | None:
        """Here, missing (the table's phone said so), absent (the organiser's mark) or None."""
        return next((seat.presence for seat in self.seats if seat.player_id == player.id), None)

    def absent(self) -> frozenset[int]:
        """The players marked absent for this round (``services.presence``)."""
        return frozenset(seat.player_id for seat in self.seats if seat.presence is Presence.ABSENT)

    def reported_count(self) -> int:
        return len({g.table_id for g in self.games})

    def wins_at(self, table: Table) -> dict[str, int]:
        """Games won this round by each player at the table, zero included."""
        won = Counter(pid for g in self.games_at(table) for pid in g.winner_ids)
        return {p.name: won[p.id] for p in self.seated_at(table)}

    def outcome(self, following: RoundData | None = None) -> RoundOutcome:
        """Ranking, winner, moves and tie notes from this round's seats and games only
        (``services.outcome``); with the next round, the moves that happened."""
        number = {t.id: t.number for t in self.tables}
        name = {pid: p.name for pid, p in self.players.items()}
        next_seats: dict[str, tuple[int, bool]] | None = None
        leaving: Collection[str] = ()
        if following is not None:
            next_seats = {name[s.player_id]: (number[s.table_id], s.manual) for s in following.seats}
        elif self.round.state is not RoundState.CLOSED:
            # Only a round still open previews who leaves; a closed one reads its next round's seats.
            leaving = {name[s.player_id] for s in self.seats
                       if self.players[s.player_id].status is not PlayerStatus.SEATED}
        return round_outcome(
            self.round.number,
            (t.number for t in self.tables),
            {name[s.player_id]: number[s.table_id] for s in self.seats},
            ((number[g.table_id], [name[pid] for pid in g.winner_ids if pid in name]) for g in self.games),
            next_seats,
            following is not None and following.round.state is not RoundState.PLANNED,
            leaving,
            game_of(self.event).movers,
            {name[pid] for pid in self.absent()},
        )


def load_round(session: Session, event: Event, number: int) -> RoundData:
    round_ = session.scalar(select(Round).where(Round.event_id == event.id, Round.number == number))
    if round_ is None:
        raise NotFound(T("Round {n} does not exist in this event.", n=number))
    return load_round_rows(session, event, round_)


def load_round_rows(session: Session, event: Event, round_: Round) -> RoundData:
    tables = list(session.scalars(select(Table).where(Table.event_id == event.id).order_by(Table.number)))
    players = {p.id: p for p in session.scalars(select(Player).where(Player.event_id == event.id))}
    seats = list(session.scalars(select(Seat).where(Seat.round_id == round_.id)))
    games = list(
        session.scalars(
            select(Game).where(Game.round_id == round_.id).options(selectinload(Game.results))
            .execution_options(populate_existing=True)
        )
    )
    seated_before = frozenset(session.scalars(
        select(Seat.player_id).join(Round, Round.id == Seat.round_id)
        .where(Round.event_id == event.id, Round.number < round_.number).distinct()))
    return RoundData(event, round_, tables, players, seats, games, seated_before)


def load_round_facts(session: Session, event: Event, round_: Round) -> RoundData:
    """The round's tables, players, seats and games as plain rows (ids, numbers, names,
    statuses, winners; no ORM objects, no scores): all that deciding a close reads.

    Plain rows come straight from the database, never from the session's objects, so read
    after the event's lock they are what was committed last (``services.locks``); and they
    cost a fraction of loading objects, which matters at hundreds of tables."""
    tables = session.execute(
        select(Table.id, Table.number).where(Table.event_id == event.id).order_by(Table.number)).all()
    players = {p.id: p for p in session.execute(
        select(Player.id, Player.name, Player.status).where(Player.event_id == event.id))}
    seats = session.execute(
        select(Seat.player_id, Seat.table_id, Seat.manual, Seat.presence).where(Seat.round_id == round_.id)).all()
    games = load_game_facts(session, [round_.id])
    return RoundData(event, round_, tables, players, seats, games)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game as deciding a close and the screens read it: where, which, and who won."""

    round_id: int
    table_id: int
    number: int
    winner_ids: frozenset[int]
    agreement: Agreement | None = None  # where the table stands on it (services.table_agreement)


def load_game_facts(session: Session, round_ids: list[int]) -> list[GameFacts]:
    """The games of these rounds with their winners, in one statement of plain rows."""
    if not round_ids:
        return []
    winners: dict[int, set[int]] = defaultdict(set)
    rows = session.execute(
        select(Game.id, Game.round_id, Game.table_id, Game.number, Game.agreement, GameResult.player_id)
        .outerjoin(GameResult, (GameResult.game_id == Game.id) & GameResult.won)
        .where(Game.round_id == round_ids[0] if len(round_ids) == 1 else Game.round_id.in_(round_ids))).all()
    for game_id, _round, _table, _number, _agreement, player_id in rows:
        if player_id is not None:
            winners[game_id].add(player_id)
    return [GameFacts(round_id, table_id, number, frozenset(winners[game_id]), agreement)
            for game_id, round_id, table_id, number, agreement
            in dict.fromkeys((g, r, t, n, a) for g, r, t, n, a, _p in rows)]


# Built once: every phone page and every phone submit runs them.
_TABLE_SEATS = (
    select(Seat, Player).join(Player, Player.id == Seat.player_id)
    .where(Seat.round_id == bindparam("round_id"), Seat.table_id == bindparam("table_id"))
)
_TABLE_GAMES = (
    select(Game).where(Game.round_id == bindparam("round_id"), Game.table_id == bindparam("table_id"))
    .options(joinedload(Game.results))
)


def load_table_rows(session: Session, event: Event, round_: Round, table: Table, with_games: bool = True) -> RoundData:
    """One table of a round, for its phone: what `record_games` needs about that table, and
    nothing about the others, so a phone's page costs the same at 5 tables or 500. Two
    statements: the seats with their players, the games with their results. A submit skips the
    games (`with_games=False`): `record_games` reads them again under the lock anyway."""
    seated = session.execute(_TABLE_SEATS, {"round_id": round_.id, "table_id": table.id}).all()
    games = load_table_games(session, round_, table) if with_games else []
    return RoundData(event, round_, [table], {player.id: player for _seat, player in seated},
                     [seat for seat, _player in seated], games)


def load_table_games(session: Session, round_: Round, table: Table, fresh: bool = False) -> list[Game]:
    """A table's games of a round with their results, in one statement; `fresh` overwrites the
    copies this session already holds with what is committed now."""
    options = {"populate_existing": True} if fresh else {}
    return list(session.scalars(_TABLE_GAMES, {"round_id": round_.id, "table_id": table.id},
                                execution_options=options).unique())
