"""What the organiser's online page shows of every online table: never a hand.

Rules:
- One `TableWatch` per online table, bottom table first: its seats (who is away, skipped, has
  pointed and where), the trick on the table, the deal's stage, games recorded this round and
  disputed tricks.
- The running round's deals; before round 1, the practice deals; after a close, the closed
  round's last deals. A deal not yet begun shows only while cards may be dealt (practice, a
  running round).
- A fixed number of statements however many tables; `watch_key` is one statement and changes
  whenever any online table's play or the event changes.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...core.names import name_key
from ...models import Event, Game, OnlineClock, OnlineGame, Player, PlayerStatus, RoundState, Seat, Table
from . import claims, phase, tables
from .view import seat_views, trick_views, waiting_for
from .view_model import SeatView, TableWatch


def watch_key(session: Session, event: Event) -> str:
    """Changes with the event's revision and every online table's clock: one statement."""
    clocks = (select(func.coalesce(func.sum(OnlineClock.version), 0))
              .where(OnlineClock.event_id == Event.id).scalar_subquery())
    row = session.execute(select(Event.revision, clocks).where(Event.id == event.id)).first()
    return "0.0" if row is None else f"{row[0]}.{row[1]}"


def table_watches(session: Session, event: Event, now: datetime) -> list[TableWatch]:
    """Every online table (see the module's rules)."""
    online = list(session.scalars(select(Table).where(Table.event_id == event.id, Table.online)
                                  .order_by(Table.number)))
    if not online:
        return []
    ids = [t.id for t in online]
    latest = phase.latest_round(session, event)
    practice = latest is None or (latest.number == 1 and latest.state is RoundState.PLANNED)
    round_id = latest.id if latest is not None and not practice else None
    seated: dict[int, list[Player]] = defaultdict(list)
    if round_id is None:
        for player in session.scalars(select(Player).where(Player.home_table_id.in_(ids),
                                                           Player.status == PlayerStatus.SEATED)):
            assert player.home_table_id is not None  # asked for by home table just above
            seated[player.home_table_id].append(player)
    else:
        for table_id, player in session.execute(select(Seat.table_id, Player).join(Player, Player.id == Seat.player_id)
                                                .where(Seat.round_id == round_id, Seat.table_id.in_(ids))):
            seated[table_id].append(player)
    stage = OnlineGame.round_id.is_(None) if round_id is None else OnlineGame.round_id == round_id
    deals: dict[int, list[OnlineGame]] = defaultdict(list)
    for game in session.scalars(select(OnlineGame).where(OnlineGame.table_id.in_(ids), stage)
                                .order_by(OnlineGame.number)):
        deals[game.table_id].append(game)
    recorded: dict[int, int] = {}
    if round_id is not None:
        recorded = dict(session.execute(select(Game.table_id, func.count()).where(Game.round_id == round_id,
                                                                                  Game.table_id.in_(ids))
                                        .group_by(Game.table_id)).all())
    held = claims.claims_of(session, event)
    # Outside practice and a running round no card is dealt: a deal not yet begun is not shown
    # (no "waiting for" a first card nobody may play yet).
    dealing = phase.phase_name(PlayerStatus.SEATED, event.timer_phase, latest.number if latest else None,
                               latest.state if latest else None) in phase.DEALS
    watches = []
    for table in online:
        players = tuple(sorted(seated.get(table.id, []), key=lambda p: name_key(p.name)))
        games = deals.get(table.id, [])
        deal = tables.deal_at(session, event, table, round_id, players, games[-1] if games else None)
        disagreements = sum(len(state.disputes) for g in games if deal is None or g is not deal.game
                            if (state := tables.state_of(session, event, table, g)) is not None)
        if deal is None or (deal.game is None and not dealing):
            watches.append(TableWatch(table.number, table.id, table.app_referees,
                                      tuple(SeatView(p.id, p.name, False, False, False, 0, 0,
                                                     claims.away(held.get(p.id), now), False, False, None)
                                            for p in players),
                                      None, (), 0, 0, recorded.get(table.id, 0), False, disagreements, ()))
            continue
        state = deal.state
        disagreements += len(state.disputes) + (state.stage == "dispute")
        watches.append(TableWatch(
            table_number=table.number, table_id=table.id, referee=table.app_referees,
            seats=seat_views(deal, None, held, now, show_choices=True),
            stage=state.stage if deal.game is not None else None,
            trick=trick_views(deal, show_votes=True), trick_number=state.trick_number, deal_number=deal.number,
            games_recorded=recorded.get(table.id, 0), open_dispute=state.stage == "dispute",
            disagreements=disagreements, waiting_for=waiting_for(deal)))
    return watches
