"""What one player's device receives: `poll_key` (is my screen current?) and `player_view`.

Rules:
- Privacy: a view holds the receiving player's own hand and nobody else's: other players only
  as a count of cards, their played cards and their pointing. Never the seats-to-hands
  mapping, the seed or the cards set aside.
- In "point" a player sees who has pointed, not where (each decides alone); in "dispute"
  everyone sees who points at which card.
- `poll_key` is one SQL statement; the key changes whenever anything the screen shows may have
  changed: the event (revision), the player's table's play (its `OnlineClock`), and, while the
  screen shows a deal (a phase with deals at an online table), every AWAY_BUCKET seconds: who
  is away shows only beside a deal's seats, so other screens are not rebuilt for nothing.
  The page puts a new screen in place node by node (play.js), so a moved key redraws only
  what changed and a screen reader keeps its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Select, bindparam, select
from sqlalchemy.orm import Session

from ...core.i18n import T, Text
from ...core.names import name_key
from ...db import ONLINE_AWAY_BUCKET
from ...games.protocol import CardFace
from ...models import Event, OnlineClaim, OnlineClock, Player, Round, RoundState, Seat, Table
from ...models.base import is_token
from .. import seat_finder, timer
from ..single_flight import RevisionCache
from . import claims, gestures, messages, pad, phase, recording, tables, whereabouts
from .view_model import NO_PAD, CardView, GameView, MessageView, PadView, PlayedCard, PlayerView, SeatView

AWAY_BUCKET = 15  # seconds; app.config["ONLINE_AWAY_BUCKET_SECONDS"] may set another


def _table_expression() -> Any:
    """The player's table as the key follows it (``whereabouts.player_table``)."""
    return whereabouts.player_table(OnlineClaim.player_id, OnlineClaim.event_id, Player.home_table_id)


@cache
def _facts_statement() -> Select[Any]:
    """The poll's one statement, built once: every poll of every device runs it, and building
    it costs more than the database takes to answer it."""
    table = _table_expression()
    clock = select(OnlineClock.version).where(OnlineClock.table_id == table).scalar_subquery()
    online = select(Table.online).where(Table.id == table).scalar_subquery()
    latest = (select(Round).where(Round.event_id == OnlineClaim.event_id).order_by(Round.number.desc()).limit(1)
              .correlate_except(Round))
    latest_number = latest.with_only_columns(Round.number).scalar_subquery()
    latest_state = latest.with_only_columns(Round.state).scalar_subquery()
    return (select(Event.revision, table, clock, online, Player.status, Event.timer_phase, latest_number,
                   latest_state, Event.language)
            .select_from(OnlineClaim)
            .join(Event, Event.id == OnlineClaim.event_id).join(Player, Player.id == OnlineClaim.player_id)
            .where(OnlineClaim.token == bindparam("token")))


@dataclass(frozen=True)
class PollFacts:
    key: str  # the screen's key
    language: str | None  # the event's language, which the screen speaks unless the device chose
    table_id: int | None  # the table the key follows
    pad_revision: tuple[int, int]  # the event's revision and that table's clock (`pad.revision`)


def poll_facts(session: Session, token: str, now: datetime) -> PollFacts | None:
    """The screen's key and the event's language, in one statement; None: no such token
    (released, or never made)."""
    if not is_token(token):
        return None
    row = session.execute(_facts_statement(), {"token": token}).first()
    if row is None:
        return None
    revision, table_id, version, on, status, timer_phase, number, state, language = row
    key = f"{revision}.{table_id or 0}.{version or 0}"
    if on and phase.phase_name(status, timer_phase, number, _round_state(state)) in phase.DEALS:
        key += f".{int(now.timestamp() // away_bucket(session))}"
    return PollFacts(key, language, table_id, (revision, version or 0))


def away_bucket(session: Session) -> float:
    """How often a screen showing a deal may see someone come or go: the app's setting, which
    every database session carries (``tournament.db.session``; a test shortens it)."""
    return float(session.info.get(ONLINE_AWAY_BUCKET, AWAY_BUCKET))


def poll_key(session: Session, token: str, now: datetime) -> str | None:
    """The screen's key, in one statement; None: no such token (released, or never made)."""
    facts = poll_facts(session, token, now)
    return facts.key if facts is not None else None


def _round_state(value: object) -> RoundState | None:
    """A round's state as the scalar subquery hands it back (the enum, or its stored name)."""
    if value is None or isinstance(value, RoundState):
        return value
    try:
        return RoundState[str(value)]
    except KeyError:
        return RoundState(value)


def face(deal: tables.CurrentDeal, card: Any) -> CardFace:
    """How the deal's game draws ``card``."""
    return deal.state.rules.face(card)


def seat_views(deal: tables.CurrentDeal, me: int | None, online_claims: dict[int, OnlineClaim], now: datetime,
               show_choices: bool) -> tuple[SeatView, ...]:
    """Every seat as the table sees it; `show_choices`: where each points (a dispute, or the
    organiser), else only whether they have pointed. The seat of the device's own player is
    never away: it is the one asking, even before its presence is written."""
    state = deal.state
    pointing = state.stage in ("point", "dispute")
    return tuple(
        SeatView(player_id=p.id, name=p.name, me=p.id == me, dealer=i == deal.dealer,
                 turn=state.stage == "play" and state.turn == i, cards_left=len(state.hands[i]),
                 tricks=state.taken[i], away=p.id != me and claims.away(online_claims.get(p.id), now),
                 skipped=i in state.skipped, pointed=pointing and state.choices[i] is not None,
                 choice=state.choices[i] if pointing and show_choices else None)
        for i, p in enumerate(deal.players))


def trick_views(deal: tables.CurrentDeal, show_votes: bool) -> tuple[PlayedCard, ...]:
    state = deal.state
    votes: dict[int, list[str]] = {}
    if show_votes and state.stage in ("point", "dispute"):
        for i, choice in enumerate(state.choices):
            if choice is not None:
                votes.setdefault(choice, []).append(deal.names[i])
    return tuple(PlayedCard(deal.players[seat].id, deal.names[seat], face(deal, card), tuple(votes.get(index, ())),
                            False) for index, (seat, card) in enumerate(state.trick))


def last_trick_views(deal: tables.CurrentDeal) -> tuple[PlayedCard, ...]:
    state = deal.state
    return tuple(PlayedCard(deal.players[seat].id, deal.names[seat], face(deal, card), (), seat == state.last_taker)
                 for seat, card in state.last_trick)


def waiting_for(deal: tables.CurrentDeal) -> tuple[str, ...]:
    """Whose card or pointing the table waits for (the engine's `waiting_for`), by name."""
    return tuple(deal.names[seat] for seat in deal.state.waiting_for())


def deal_winner(deal: tables.CurrentDeal) -> str | None:
    """The deal's winner as the game reports it (Five Tricks: most tricks, ties alphabetical),
    the first name of several; None before a trick is taken."""
    if not any(deal.state.taken):
        return None
    report = deal.state.rules.report(deal.table.variant, deal.names, deal.state.taken)
    return min(report.winners, key=name_key) if report.winners else None


def game_view(deal: tables.CurrentDeal, player_id: int, online_claims: dict[int, OnlineClaim],
              now: datetime) -> GameView:
    state = deal.state
    seat = deal.seat_of(player_id)
    assert seat is not None
    playable = state.playable(seat)
    over = state.stage == "over"
    return GameView(
        number=deal.number, practice=deal.round_id is None, referee=state.referee is not None, stage=state.stage,
        seats=seat_views(deal, player_id, online_claims, now, show_choices=state.stage == "dispute"),
        trick=trick_views(deal, show_votes=state.stage == "dispute"),
        trick_number=state.trick_number, tricks_in_deal=state.tricks_in_deal(),
        hand=tuple(CardView(face(deal, card), card in playable) for card in state.hands[seat]),
        my_turn=state.stage == "play" and state.turn == seat,
        my_choice=state.choices[seat] if state.stage in ("point", "dispute") else None,
        last_trick=last_trick_views(deal),
        last_taker=deal.names[state.last_taker] if state.last_taker is not None else None,
        waiting_for=waiting_for(deal), winner=deal_winner(deal) if over else None,
        recorded_as=deal.game.recorded_as if deal.game is not None and over else None)


def _where(place: phase.Place) -> Text:
    table = place.table
    if table is None:
        return seat_finder.UNSEATED_NOTE
    if place.phase == "tournament":
        return T("You play at table {table}.", table=table.number)
    if place.phase == "between":
        return T("Next round: table {table}.", table=table.number)
    if place.phase == "ended":
        return T("The tournament is over. Your last table was table {table}.", table=table.number)
    return T("Your home table is table {table}.", table=table.number)


def _messages(session: Session, place: phase.Place, player: Player, pads: RevisionCache | None,
              facts: PollFacts | None) -> tuple[tuple[MessageView, ...], PadView]:
    table = place.table
    if table is None or not table.online or place.phase not in phase.SIGNS:
        return (), NO_PAD
    chat = place.phase in phase.CHAT
    said = messages.lines(session, table.id, place.round_id, chat)
    ids = {m.player_id for m in said if m.player_id is not None}
    names = dict(session.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all()) if ids else {}
    lines = []
    for m in said:
        # A removed player's lines stay, without a name (the row's player is set to NULL).
        who = names.get(m.player_id, "") if m.player_id is not None else ""
        if m.kind == "gesture":
            gesture = gestures.BY_KEY.get(m.body.get("gesture"))
            if gesture is None:
                continue
            lines.append(MessageView("gesture", who, gesture.symbol, gesture.label,
                                     m.player_id == player.id))
        else:
            lines.append(MessageView("chat", who, str(m.body.get("text", "")), None,
                                     m.player_id == player.id))
    # The key was read for this very table (nearly always): its revision is the pad's.
    known = facts.pad_revision if facts is not None and facts.table_id == table.id else None
    return tuple(lines), pad.current(session, table.id, place.round_id, pads, known)


CUT_SHORT = T("The round closed during your deal; it counted with the tricks taken so far.")


def _notice(session: Session, event: Event, place: phase.Place, player: Player,
            game: GameView | None) -> Text | None:
    """A finished deal of the round left unrecorded because the round or the event holds the
    most games it keeps (`recording.no_room`); between rounds: the close cut this player's last
    deal short and counted it."""
    unrecorded = game is not None and game.stage == "over" and game.recorded_as is None
    if unrecorded and place.round_id is not None and place.table is not None:
        return recording.no_room(session, event.id, place.round_id, place.table.id)
    if place.phase != "between" or place.round is None:
        return None
    closed = session.scalar(select(Round.id).where(Round.event_id == event.id, Round.number == place.round.number - 1))
    table = session.scalar(select(Table).join(Seat, Seat.table_id == Table.id)
                           .where(Seat.round_id == closed, Seat.player_id == player.id)) if closed else None
    if table is None or not table.online:
        return None
    last = tables.latest_game(session, table.id, closed)
    if last is None or last.recorded_as is None or player.id not in last.seats:
        return None
    state = tables.state_of(session, event, table, last)
    return None if state is None or state.stage == "over" else CUT_SHORT


def player_view(session: Session, claim: OnlineClaim, now: datetime, pads: RevisionCache | None = None) -> PlayerView:
    """The player's screen (see the module's rules); `pads`: the app's kept pads (`pad.current`)."""
    facts = poll_facts(session, claim.token, now)
    key = facts.key if facts is not None else ""
    event = session.scalar(select(Event).where(Event.id == claim.event_id))
    player = session.scalar(select(Player).where(Player.id == claim.player_id))
    if event is None or player is None:
        # The claim's rows cascade away with its event and player, so a claim read in this
        # session always has both.
        raise LookupError(f"online claim of player {claim.player_id} has no event or player")
    place = phase.place_of(session, event, player)
    table = place.table
    game = None
    if place.deals and table is not None:
        deal = tables.current_deal(session, event, table, place.round_id)
        if deal is not None and deal.seat_of(player.id) is not None:
            game = game_view(deal, player.id, claims.claims_of(session, event), now)
    said, drawn = _messages(session, place, player, pads, facts)
    home = table.number if table is not None and place.phase in phase.SHEET else None
    return PlayerView(
        key=key, phase=place.phase, player_id=player.id, name=player.name,
        table_number=table.number if table is not None else None,
        where=_where(place), online=bool(table is not None and table.online),
        round_number=place.round.number if place.round is not None and place.phase != "waiting" else None,
        timer=timer.view(event, now), sheet_table=home, game=game,
        can_chat=place.phase in phase.CHAT and table is not None and table.online,
        messages=said, pad=drawn, move=place.move, notice=_notice(session, event, place, player, game))
