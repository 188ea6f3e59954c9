"""A whole event as a versioned JSON document (docs/export-format.md), and back.

Export then import then export gives the same document apart from `exported_at`: every list is
written in a fixed order (tables and rounds by number, players and seats by name as the tie rule
orders them, games by table and number, the audit log by time), and import keeps the file's
timestamps. Ids, tokens, the timer and `updated_at` of games are not part of the document.

Import validates the whole file first (transfer_schema) and then writes the new event in one
transaction, so a refused file changes nothing.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from ..core.names import fold_name, name_key
from ..models import AuditEntry, Event, Game, GameTricks, Player, PlayerStatus, Round, RoundState, Seat, Table
from .transfer_checks import FileProblem, load_json
from .transfer_schema import FORMAT, MAX_EVENT_NAME, SETTINGS, VERSION, EventSpec, parse

log = logging.getLogger(__name__)

DEFAULT_MAX_NAME_LENGTH = 40

__all__ = ["FileProblem", "export_event", "import_event", "import_bytes", "to_json", "iso"]


def iso(moment: datetime | None) -> str | None:
    """UTC with microseconds and a Z; SQLite hands back naive datetimes, which were stored as UTC."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


def export_event(session: Session, event: Event) -> dict[str, Any]:
    """Rows are read as plain tuples, not ORM objects: a round close writes this document as its
    backup, and a lecture-hall event has tens of thousands of seats, games and log lines."""
    tables = list(session.scalars(select(Table).where(Table.event_id == event.id).order_by(Table.number)))
    players = sorted(session.scalars(select(Player).where(Player.event_id == event.id)),
                     key=lambda p: name_key(p.name))
    rounds = list(session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))
    in_event = Round.event_id == event.id
    seats = session.execute(
        select(Seat.round_id, Seat.player_id, Seat.table_id, Seat.manual).join(Round).where(in_event)).all()
    games = session.execute(
        select(Game.id, Game.round_id, Game.table_id, Game.number, Game.winner_id, Game.version)
        .join(Round).where(in_event)).all()
    tricks: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for game_id, player_id, count in session.execute(
            select(GameTricks.game_id, GameTricks.player_id, GameTricks.tricks).join(Game).join(Round).where(in_event)):
        tricks[game_id].append((player_id, count))
    entries = session.execute(
        select(AuditEntry.at, AuditEntry.actor, AuditEntry.action, AuditEntry.round_number, AuditEntry.table_number,
               AuditEntry.subject, AuditEntry.old_value, AuditEntry.new_value)
        .where(AuditEntry.event_id == event.id).order_by(AuditEntry.at, AuditEntry.id)
    )
    number = {t.id: t.number for t in tables}
    names = {p.id: p.name for p in players}
    order = {p.id: position for position, p in enumerate(players)}  # the tie rule's name order
    seats_of: dict[int, list] = defaultdict(list)
    for seat in seats:
        seats_of[seat.round_id].append(seat)
    games_of: dict[int, list] = defaultdict(list)
    for game in games:
        games_of[game.round_id].append(game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": iso(datetime.now(timezone.utc)),
        "event": {key: getattr(event, key) for key in SETTINGS},
        "tables": [{"number": t.number, "variant": t.variant.to_dict()} for t in tables],
        "players": [{"name": p.name, "status": p.status.value, "home_table": number.get(p.home_table_id)}
                    for p in players],
        "rounds": [_round(r, seats_of[r.id], games_of[r.id], tricks, number, names, order) for r in rounds],
        "audit": [{"at": iso(a.at), "actor": a.actor, "action": a.action, "round": a.round_number,
                   "table": a.table_number, "subject": a.subject, "old": a.old_value, "new": a.new_value}
                  for a in entries],
    }


def _round(round_: Round, seats, games, tricks, number: dict[int, int], names: dict[int, str],
           order: dict[int, int]) -> dict[str, Any]:
    seats = sorted(seats, key=lambda s: (number[s.table_id], order[s.player_id]))
    games = sorted(games, key=lambda g: (number[g.table_id], g.number))
    return {
        "number": round_.number,
        "state": round_.state.value,
        "started_at": iso(round_.started_at),
        "closed_at": iso(round_.closed_at),
        "seats": [{"player": names[s.player_id], "table": number[s.table_id], "manual": s.manual} for s in seats],
        "games": [{"table": number[g.table_id], "number": g.number,
                   "winner": names.get(g.winner_id) if g.winner_id else None,
                   "tricks": _tricks(tricks.get(g.id, ()), names, order), "version": g.version} for g in games],
    }


def _tricks(rows, names: dict[int, str], order: dict[int, int]) -> dict[str, int] | None:
    return {names[pid]: count for pid, count in sorted(rows, key=lambda r: order[r[0]])} or None


def to_json(document: dict[str, Any], compact: bool = False) -> str:
    """Indented for people; compact (several times faster: the C encoder) for automatic backups."""
    if compact:
        return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def import_bytes(session: Session, raw: bytes, *, suffix: str = "",
                 max_name_length: int = DEFAULT_MAX_NAME_LENGTH) -> Event:
    return import_event(session, load_json(raw), suffix=suffix, max_name_length=max_name_length)


def import_event(session: Session, data: Any, *, suffix: str = "",
                 max_name_length: int = DEFAULT_MAX_NAME_LENGTH) -> Event:
    """A new event from a parsed document; `suffix` marks its name (" (restored)").
    Writes no audit line, so that the imported log is exactly the exported one."""
    spec = parse(data, max_name_length)
    if suffix:
        spec.settings["name"] = spec.settings["name"][: MAX_EVENT_NAME - len(suffix)] + suffix
    try:
        event = _write(session, spec)
        session.commit()
    except SQLAlchemyError:
        # Validation should make this unreachable; if not, the teacher still gets a refusal, not a 500.
        session.rollback()
        log.exception("importing a validated event file failed")
        raise FileProblem("The file passed every check but could not be saved. Nothing was imported.") from None
    return event


def _write(session: Session, spec: EventSpec) -> Event:
    event = Event(**spec.settings)
    tables = {}
    for number_, variant in sorted(spec.tables.items()):
        table = Table(number=number_)
        table.variant = variant
        event.tables.append(table)
        tables[number_] = table
    players = {p.name: Player(name=p.name, name_key=fold_name(p.name), status=PlayerStatus(p.status),
                              home_table=tables.get(p.home_table)) for p in spec.players}
    event.players.extend(players.values())
    session.add(event)
    session.flush()
    for r in spec.rounds:
        round_ = Round(event=event, number=r.number, state=RoundState(r.state),
                       started_at=r.started_at, closed_at=r.closed_at)
        round_.seats = [Seat(player=players[s.player], table=tables[s.table], manual=s.manual) for s in r.seats]
        round_.games = [
            Game(table=tables[g.table], number=g.number, version=g.version,
                 winner=players[g.winner] if g.winner else None,
                 tricks=[GameTricks(player_id=players[n].id, tricks=c) for n, c in (g.tricks or {}).items()])
            for g in r.games
        ]
        session.add(round_)
    session.add_all(
        AuditEntry(event_id=event.id, at=a.at, actor=a.actor, action=a.action, round_number=a.round,
                   table_number=a.table, subject=a.subject, old_value=a.old, new_value=a.new)
        for a in spec.audit
    )
    return event
