"""The current deal of an online table.

Rules:
- The seats are the players at the table in alphabetical order (`core.names.name_key`; playing
  order is clockwise): the running round's seats, or in practice the seated players whose home
  table it is. A deal needs at least two players.
- The current deal is the table's latest `OnlineGame` of that round (or practice) if its seats
  are still the table's seats (`still_dealt`: compared as sets, so renaming a player changes
  nothing; the deal keeps the order it was dealt in); otherwise the next deal, which exists only virtually (drawn,
  not stored) until its first action arrives. So reading never writes, and a deal whose seats
  no longer match is abandoned.
- A player withdrawn or made an observer during the round keeps their seat (their games stay
  theirs) but plays no more: a new deal seats only the SEATED players (`playing`), and in a
  deal under way the app makes them sit out (an engine Skip added when the state is computed,
  stored with the deal's next action: `CurrentDeal.pending`), so nobody waits for them. A
  player seated at the table during the deal starts a new deal that includes them.
- Deal number k (per table and round, or practice) has dealer index (k - 1) % n, and its cards
  are drawn from `seed.deal_seed`, which covers its seats: seats that change before a deal is
  written draw another shuffle, not the same deck dealt again. The state is that deal replayed
  through the stored actions, from the seed of the seats and dealer stored with it.
- `app_referees` tables play by the table's rules (the engine's referee); others by the players.
  A deal keeps the rules it was dealt under: its first action stores the table's variant in
  `OnlineGame.referee` (None: the players referee), and a stored deal is always replayed under
  those, so the organiser may change refereeing or a table's rules mid-deal. A deal not yet
  written follows the table's current setting.
- A stored deal ended before its last trick (a round's close counted it) is not played on.
- A stored deal that cannot be replayed (its actions no longer fit) is abandoned like one
  whose seats changed: a new deal starts, never an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...core.errors import RuleError
from ...core.names import name_key
from ...games import TablePlay, game_of
from ...games import settings as declared
from ...games import table_engine as engine
from ...models import Event, OnlineClock, OnlineGame, Player, PlayerStatus, Seat, Table
from ...models.online import SEED_VERSION
from .. import unit_of_work
from . import seed

# Keys the service adds to an engine action's JSON form.
OWN_KEYS = ("nonce", "by")


@dataclass
class CurrentDeal:
    table: Table
    round_id: int | None  # None: practice
    number: int
    players: tuple[Player, ...]  # in playing order
    dealer: int
    game: OnlineGame | None  # None: not written yet (no action so far)
    state: engine.TableState
    # Skips the app adds for seats no longer playing, already in `state`, stored with the
    # deal's next action (so the stored actions stay the whole truth).
    pending: tuple[engine.Action, ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.players)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def seat_of(self, player_id: int) -> int | None:
        return next((i for i, p in enumerate(self.players) if p.id == player_id), None)

    def holds(self, nonce: str) -> bool:
        """An action sent under this nonce is already part of the deal."""
        return self.game is not None and any(a.get("nonce") == nonce for a in self.game.actions)


def table_players(session: Session, table: Table, round_id: int | None) -> tuple[Player, ...]:
    """The table's seats in playing order (see the module's rules): one statement."""
    if round_id is None:
        found = session.scalars(select(Player).where(Player.home_table_id == table.id,
                                                     Player.status == PlayerStatus.SEATED))
    else:
        found = session.scalars(select(Player).join(Seat, Seat.player_id == Player.id)
                                .where(Seat.round_id == round_id, Seat.table_id == table.id))
    return tuple(sorted(found, key=lambda p: name_key(p.name)))


def latest_game(session: Session, table_id: int, round_id: int | None) -> OnlineGame | None:
    stage = OnlineGame.round_id.is_(None) if round_id is None else OnlineGame.round_id == round_id
    return session.scalar(select(OnlineGame).where(OnlineGame.table_id == table_id, stage)
                          .order_by(OnlineGame.number.desc()).limit(1))


def referee(table: Table) -> Any:
    """The rules the app enforces at this table now, or None: the players referee."""
    return table.variant if table.app_referees else None


def stored_referee(table: Table) -> dict[str, Any] | None:
    """What a deal written now keeps as its referee (`OnlineGame.referee`)."""
    return dict(table.variant_data) if table.app_referees else None


def play_of(event: Event) -> TablePlay[Any]:
    """How the event's game is dealt and played at a virtual table; a game without it has no
    online tables (`settings.require_possible` refuses them)."""
    found = game_of(event).table_play
    if found is None:
        raise RuleError(f"{game_of(event).title} is not played online")
    return found


def engine_actions(rules: TablePlay[Any], stored: list[Any]) -> list[engine.Action]:
    return [engine.action_from_json(rules, {k: v for k, v in a.items() if k not in OWN_KEYS}) for a in stored]


def draw(session: Session, event: Event, table: Table, round_id: int | None, number: int,
         seats: list[int] | tuple[int, ...], dealer: int, version: int | None = SEED_VERSION) -> engine.Deal:
    """The cards of a deal at these seats (player ids in playing order); `version`: how its
    seed is made (a stored deal's own, see `seed.seed_of`)."""
    drawn_from = seed.seed_of(seed.app_secret(session), event.deal_salt, event.id, table.id, round_id, number,
                              seats, dealer, version)
    return engine.deal(play_of(event), drawn_from, len(seats), dealer)


def state_of(session: Session, event: Event, table: Table, game: OnlineGame) -> engine.TableState | None:
    """A stored deal replayed under its own referee, from its own seed (`game.seats` and
    `game.dealer` as they were when it was dealt); None: it cannot be replayed, so it is
    abandoned (see the module's rules)."""
    try:
        play = play_of(event)
        rules = None if game.referee is None else declared.from_json(game_of(event).settings, game.referee)
        deal = draw(session, event, table, game.round_id, game.number, game.seats, game.dealer, game.seed_version)
        return engine.replay(play, deal, rules, engine_actions(play, game.actions))
    except RuleError:
        return None


def _fresh(session: Session, event: Event, table: Table, round_id: int | None, number: int,
           players: tuple[Player, ...]) -> CurrentDeal:
    dealer = (number - 1) % len(players)
    deal = draw(session, event, table, round_id, number, tuple(p.id for p in players), dealer)
    state = engine.start(play_of(event), deal, referee(table))
    return CurrentDeal(table, round_id, number, players, dealer, None, state)


def playing(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """The players a new deal seats: those still playing (SEATED)."""
    return tuple(p for p in players if p.status is PlayerStatus.SEATED)


def still_dealt(seats: list[Any], players: tuple[Player, ...]) -> bool:
    """A stored deal still belongs to the table (see the module's rules): everyone dealt in
    still has a seat there (perhaps no longer playing), and everyone playing there was dealt in.
    Compared as sets: a rename reorders nobody."""
    dealt = set(seats)
    return dealt <= {p.id for p in players} and {p.id for p in playing(players)} <= dealt


def _sit_out_absent(state: engine.TableState, players: tuple[Player, ...]
                    ) -> tuple[engine.TableState, tuple[engine.Action, ...]]:
    """The deal with every seat no longer playing sitting out (see the module's rules)."""
    added: list[engine.Action] = []
    for seat, player in enumerate(players):
        if player.status is PlayerStatus.SEATED or seat in state.skipped or state.stage == "over":
            continue
        try:
            state = engine.apply(state, engine.Skip(seat))
        except RuleError:
            continue
        added.append(engine.Skip(seat))
    return state, tuple(added)


def deal_at(session: Session, event: Event, table: Table, round_id: int | None, players: tuple[Player, ...],
            latest: OnlineGame | None) -> CurrentDeal | None:
    """The current deal from the table's players and its latest stored deal (no SQL)."""
    if len(playing(players)) < 2:
        return None
    if latest is not None and still_dealt(latest.seats, players):
        state = state_of(session, event, table, latest)
        cut_short = latest.finished_at is not None and state is not None and state.stage != "over"
        if state is not None and not cut_short:
            by_id = {p.id: p for p in players}
            dealt = tuple(by_id[pid] for pid in latest.seats)
            state, pending = _sit_out_absent(state, dealt)
            return CurrentDeal(table, round_id, latest.number, dealt, latest.dealer, latest, state, pending)
    return _fresh(session, event, table, round_id, latest.number + 1 if latest is not None else 1, playing(players))


def current_deal(session: Session, event: Event, table: Table, round_id: int | None,
                 players: tuple[Player, ...] | None = None) -> CurrentDeal | None:
    """The table's current deal (see the module's rules); None: fewer than two players."""
    players = table_players(session, table, round_id) if players is None else players
    if len(playing(players)) < 2:
        return None
    return deal_at(session, event, table, round_id, players, latest_game(session, table.id, round_id))


def next_deal(session: Session, event: Event, current: CurrentDeal) -> CurrentDeal:
    """The deal after `current` at the same seats (virtual until written)."""
    players = tuple(sorted(playing(current.players), key=lambda p: name_key(p.name)))
    return _fresh(session, event, current.table, current.round_id, current.number + 1, players)


def write(session: Session, event: Event, deal: CurrentDeal) -> OnlineGame:
    """Store a virtual deal (its first action is arriving); the caller holds the event's lock."""
    if deal.game is None:
        deal.game = OnlineGame(event_id=event.id, table_id=deal.table.id, round_id=deal.round_id,
                               number=deal.number, seats=list(deal.seats), dealer=deal.dealer, actions=[],
                               referee=stored_referee(deal.table), seed_version=SEED_VERSION)
        session.add(deal.game)
    return deal.game


def bump_clock(session: Session, event_id: int, table_id: int) -> None:
    """Tell the table's screens something changed (created on the table's first change)."""
    clock = session.scalar(select(OnlineClock).where(OnlineClock.table_id == table_id))
    if clock is None:
        clock = OnlineClock(table_id=table_id, event_id=event_id, version=1)
        session.add(clock)
    else:
        clock.version = clock.version + 1
    unit_of_work.current_change(session).table_clock_moved(table_id, clock.version)
