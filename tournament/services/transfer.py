"""A whole event as a versioned JSON document (docs/export-format.md), and back.

Export then import then export gives the same document apart from `exported_at`: every list is
written in a fixed order (tables and rounds by number, players and seats by name as the tie rule
orders them, games by table and number, the audit log by time), and import keeps the file's
timestamps. Ids, tokens, the timer and `updated_at` of games are not part of the document, nor
the salt of the event's online deals: an imported event makes its own (`Event.deal_salt`), so it
never deals what the exported event dealt, even given the same ids.

Import validates the whole file and builds every row first (transfer_schema, `Rows`), and only
then writes the new event in one short transaction, so a refused file changes nothing and a
large file holds the database's write lock only briefly.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import Connection, Executable, select
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from ..core.i18n import T
from ..core.limits import MAX_EVENT_NAME
from ..core.names import fold_name, name_key
from ..core.public_names import NamesShown
from ..games import CardGame, game_of
from ..games import get as game_by_key
from ..games import settings as declared
from ..models import (
    Agreement,
    AuditEntry,
    DebriefNote,
    Event,
    Game,
    GameResult,
    Player,
    PlayerStatus,
    Presence,
    Round,
    RoundState,
    Seat,
    SeatingWish,
    Table,
    TableAgreement,
    WishKind,
)
from ..models.base import Base, new_token
from .transfer_checks import FileProblem, load_upload
from .transfer_schema import FORMAT, SETTINGS, VERSION, EventSpec, parse
from .unit_of_work import unit_of_work

log = logging.getLogger(__name__)

DEFAULT_MAX_NAME_LENGTH = 40

__all__ = ["FileProblem", "export_event", "import_bytes", "import_event", "iso", "to_json"]

# What an imported event's name gets when another event already has it: given the file's
# settings (its language, its zone) and the attempt (1, 2, …), the mark put after the name.
Mark = Callable[[dict[str, Any], int], str]


def iso(moment: datetime | None) -> str | None:
    """UTC with microseconds and a Z; SQLite hands back naive datetimes, which were stored as UTC."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def export_event(session: Session, event: Event) -> dict[str, Any]:
    """The event's document. A round close writes it as its backup, and a lecture-hall event
    has tens of thousands of seats, games and log lines, so the bulk is read as plain rows on
    the session's connection (no ORM objects, no per-row ORM loading), in the database's order
    where it can give it, and every row becomes its dict in one comprehension."""
    connection = session.connection()
    # Tables and rounds as objects (a variant's JSON form has one source), refreshed: the session
    # may hold them from before a change committed since, and the rows below are always fresh.
    fresh = {"populate_existing": True}
    tables = list(session.scalars(select(Table).where(Table.event_id == event.id).order_by(Table.number),
                                  execution_options=fresh))
    player, seat, game, result, entry, round_row = (Player.__table__.c, Seat.__table__.c, Game.__table__.c,
                                                 GameResult.__table__.c, AuditEntry.__table__.c, Round.__table__.c)
    players = sorted(connection.execute(
        select(player.id, player.name, player.status, player.home_table_id, player.nickname)
        .where(player.event_id == event.id)),
        key=lambda p: name_key(p.name))
    rounds = list(session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number),
                                  execution_options=fresh))
    in_event = round_row.event_id == event.id
    table = Table.__table__.c
    # Table numbers come joined in, and each list arrives grouped by round (games already in
    # their final order); only the seats need Python's sort, for the tie rule's name order.
    seats = _driver_rows(connection, select(seat.round_id, seat.player_id, table.number, seat.manual, seat.presence)
                         .join_from(Seat.__table__, Round.__table__).join(Table.__table__, table.id == seat.table_id)
                         .where(in_event))
    games = _driver_rows(connection, select(game.round_id, game.id, table.number, game.number, game.version,
                                            game.sheet, game.agreement)
                         .join_from(Game.__table__, Round.__table__).join(Table.__table__, table.id == game.table_id)
                         .where(in_event).order_by(game.round_id, table.number, game.number))
    results: dict[int, list[tuple[int, int | None, bool]]] = defaultdict(list)
    for game_id, player_id, score, won in connection.execute(
            select(result.game_id, result.player_id, result.score, result.won)
            .join_from(GameResult.__table__, Game.__table__).join(Round.__table__).where(in_event)):
        results[game_id].append((player_id, score, bool(won)))
    entries = connection.execute(
        select(entry.at, entry.actor, entry.account, entry.action, entry.round_number, entry.table_number,
               entry.subject, entry.old_value, entry.new_value)
        .where(entry.event_id == event.id).order_by(entry.at, entry.id))
    number = {t.id: t.number for t in tables}
    names = {p.id: p.name for p in players}
    order = {p.id: position for position, p in enumerate(players)}  # the tie rule's name order
    # By round, table number, name order: one integer per seat, each part scaled past the next.
    width = len(players) + 1
    span = width * (max(number.values(), default=0) + 1)
    seats.sort(key=lambda s: s[0] * span + s[2] * width + order[s[1]])
    seats_of = {round_id: list(rows) for round_id, rows in groupby(seats, itemgetter(0))}
    games_of = {round_id: list(rows) for round_id, rows in groupby(games, itemgetter(0))}
    note = DebriefNote.__table__.c
    notes = connection.execute(
        select(note.at, note.round_number, note.table_number, note.source, note.author, note.flag, note.text,
               note.hidden, note.nonce)
        .where(note.event_id == event.id).order_by(note.at, note.id))
    wish = SeatingWish.__table__.c
    wishes = connection.execute(select(wish.kind, wish.first_player_id, wish.second_player_id)
                                .where(wish.event_id == event.id).order_by(wish.id))
    game_of_event = game_of(event)
    sheet_of = _sheets(game_of_event, games, names)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": event.game,
        "exported_at": iso(datetime.now(UTC)),
        "event": {**{key: getattr(event, key) for key in SETTINGS}, "time_zone": event.time_zone,
                  "language": event.language, "planned_rounds": event.planned_rounds,
                  "ended_at": iso(event.ended_at), "table_agreement": event.table_agreement.value,
                  "names_shown": event.names_shown.value},
        "tables": [{"number": t.number, "variant": declared.to_json(game_of_event.settings, t.variant),
                    **({"house_rule": t.house_rule} if t.house_rule is not None else {}),
                    "online": t.online, "app_referees": t.app_referees} for t in tables],
        "players": [{"name": p.name, "status": p.status.value, "home_table": number.get(p.home_table_id),
                     **({"nickname": p.nickname} if p.nickname is not None else {})}
                    for p in players],
        "rounds": [_round(r, seats_of.get(r.id, ()), games_of.get(r.id, ()), results, names, order, sheet_of)
                   for r in rounds],
        "audit": [{"at": iso(at), "actor": actor, **({"account": account} if account is not None else {}),
                   "action": action, "round": round_number, "table": table_number,
                   "subject": subject, "old": old, "new": new}
                  for at, actor, account, action, round_number, table_number, subject, old, new in entries],
        "debrief": {"revealed_at": iso(event.debrief_revealed_at), "step": event.debrief_step,
                    "steps": event.debrief_steps, "trick": event.debrief_trick},
        "notes": [{"at": iso(at), "round": round_number, "table": table_number, "source": source, "author": author,
                   "flag": flag, "text": text, "hidden": bool(hidden), "nonce": nonce}
                  for at, round_number, table_number, source, author, flag, text, hidden, nonce in notes],
        "wishes": _wishes(wishes, names, order),
    }


def _wishes(rows: Any, names: dict[int, str], order: dict[int, int]) -> list[dict[str, Any]]:
    """The pairs in the order the organiser listed them (the order the assignment judges them
    in), each pair's names in the tie rule's name order: the ids that order the stored pair
    are not part of the document."""
    pairs = [(sorted((first, second), key=order.__getitem__), WishKind(kind).value) for kind, first, second in rows]
    return [{"kind": kind, "players": [names[a], names[b]]} for (a, b), kind in pairs]


def _driver_rows(connection: Connection, statement: Executable) -> list[tuple[Any, ...]]:
    """The rows as the database driver returns them, for columns the driver already gives as
    the document holds them (integers; a boolean may come as 0 or 1). Executed through
    SQLAlchemy (so it is logged and counted like any statement) but fetched from its cursor:
    building a Row object per row cost as much as the query for an event's thousands of seats."""
    result = connection.execute(statement)
    try:
        # The drivers (sqlite3, psycopg) fetch a list; the DB-API annotation promises a Sequence.
        return cast(list[tuple[Any, ...]], result.cursor.fetchall())
    finally:
        result.close()


def _sheets(rules: CardGame[Any], games: list[tuple[Any, ...]], names: dict[int, str]
            ) -> dict[int, list[dict[str, Any]]]:
    """Game id -> its sheet with players named by name (the file's references), for the games
    kept on the scorer. The driver hands a JSON column back as text (SQLite) or parsed
    (PostgreSQL). A sheet naming a player the event no longer has is left out, with a log line:
    the game's result still travels, and the file stays importable."""
    if rules.scorer is None:
        return {}
    keys = {str(pid): name for pid, name in names.items()}
    found: dict[int, list[dict[str, Any]]] = {}
    for _round_id, game_id, _table, _number, _version, raw, _agreement in games:
        sheet = json.loads(raw) if isinstance(raw, str | bytes) else raw
        if not sheet:
            continue
        try:
            found[game_id] = [rules.scorer.rekey(entry, keys) for entry in sheet]
        except (KeyError, TypeError, ValueError):
            log.warning("game %s: its sheet names a player the event no longer has; exported without it", game_id)
    return found


def _round(round_: Round, seats: Sequence[tuple[Any, ...]], games: Sequence[tuple[Any, ...]],
           results: dict[int, list[tuple[int, int | None, bool]]], names: dict[int, str], order: dict[int, int],
           sheets: dict[int, list[dict[str, Any]]]) -> dict[str, Any]:
    """`seats` and `games` come in the document's order, with their table's number."""
    return {
        "number": round_.number,
        "state": round_.state.value,
        "started_at": iso(round_.started_at),
        "closed_at": iso(round_.closed_at),
        "seats": [{"player": names[player_id], "table": table, "manual": bool(manual),
                   **({"presence": presence} if presence is not None else {})}
                  for _round_id, player_id, table, manual, presence in seats],
        "games": [{"table": table, "number": game_number, **_result(results.get(game_id, ()), names, order),
                   "version": version, **({"agreement": agreement} if agreement is not None else {}),
                   **({"sheet": sheets[game_id]} if game_id in sheets else {})}
                  for _round_id, game_id, table, game_number, version, _sheet, agreement in games],
    }


def _result(rows: Sequence[tuple[int, int | None, bool]], names: dict[int, str], order: dict[int, int]
            ) -> dict[str, Any]:
    """Winners and scores, each in the tie rule's name order."""
    in_order = sorted(rows, key=lambda r: order[r[0]])
    return {"winners": [names[pid] for pid, _score, won in in_order if won],
            "scores": {names[pid]: score for pid, score, _won in in_order if score is not None} or None}


def to_json(document: dict[str, Any], compact: bool = False) -> str:
    """Indented for people; compact (several times faster: the C encoder) for automatic backups."""
    if compact:
        return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def import_bytes(session: Session, raw: bytes, *, suffix: str = "",
                 max_name_length: int = DEFAULT_MAX_NAME_LENGTH, mark: Mark | None = None) -> Event:
    return import_event(session, load_upload(raw), suffix=suffix, max_name_length=max_name_length, mark=mark)


def import_event(session: Session, data: Any, *, suffix: str = "",
                 max_name_length: int = DEFAULT_MAX_NAME_LENGTH, mark: Mark | None = None) -> Event:
    """A new event from a parsed document; `suffix` marks its name (" (restored)"), and `mark`,
    when given, tells it from an event of the same name (" (imported 27 Nov)").
    Writes no audit line, so that the imported log is exactly the exported one.

    Checking the file and building every row happen before the first write; the write itself
    is a handful of multi-row INSERTs in one transaction, so phones of other events wait for
    the database only a fraction of a second, however large the file."""
    spec = parse(data, max_name_length)
    if suffix:
        spec.settings["name"] = spec.settings["name"][: MAX_EVENT_NAME - len(suffix)] + suffix
    if mark is not None:
        settings = spec.settings
        settings["name"] = free_name(session, settings["name"], (mark(settings, n) for n in range(1, 1000)))
    return write(session, Rows.of(spec))


def free_name(session: Session, name: str, marks: Iterator[str]) -> str:
    """`name` if no event has it (ignoring case and spacing), else the name with the first of
    `marks` that makes it new, the name shortened to leave the mark room."""
    def same(text: str) -> str:
        return " ".join(text.casefold().split())
    taken = {same(other) for other in session.scalars(select(Event.name))}
    candidate = name
    for suffix in marks:
        if same(candidate) not in taken:
            break
        candidate = name[: MAX_EVENT_NAME - len(suffix)].rstrip() + suffix
    return candidate


def write(session: Session, rows: Rows) -> Event:
    """The one write transaction of an import; a failure rolls back everything."""
    try:
        with unit_of_work(session):
            event = _write(session, rows)
    except SQLAlchemyError:
        # Validation should make this unreachable; if not, the teacher still gets a refusal, not a 500.
        log.exception("importing a validated event file failed")
        raise FileProblem(T("The file passed every check but could not be saved. Nothing was imported.")) from None
    return event


@dataclass(frozen=True)
class Rows:
    """Every row of an imported event, built from a checked file before any write. References
    are still by table number, player name and round number; `_write` swaps in the new ids."""

    settings: dict[str, Any]  # with the event's game
    tables: list[dict[str, Any]]  # number, variant (the game's JSON form), house rule, online, app_referees
    players: list[dict[str, Any]]  # home_table: a table number or None
    rounds: list[dict[str, Any]]
    seats: list[tuple[int, str, int, bool, Presence | None]]  # round, player, table, manual, presence
    # round, table, number, version, sheet, agreement
    games: list[tuple[int, int, int, int, list[dict[str, Any]] | None, Agreement | None]]
    results: list[tuple[int, int, int, str, int | None, bool]]  # round, table, game number, player, score, won
    audit: list[dict[str, Any]]
    notes: list[dict[str, Any]]
    wishes: list[tuple[WishKind, str, str]]  # kind, the two players

    @classmethod
    def of(cls, spec: EventSpec) -> Rows:
        game = game_by_key(spec.game)
        debrief = spec.debrief
        steps = None if debrief.steps is None else [{"title": step.title, "prompt": step.prompt, "view": step.view}
                                                    for step in debrief.steps]
        return cls(
            settings={**spec.settings, "game": spec.game,
                      "table_agreement": TableAgreement(spec.settings["table_agreement"]),
                      "names_shown": NamesShown(spec.settings["names_shown"]),
                      "debrief_revealed_at": debrief.revealed_at,
                      "debrief_step": debrief.step, "debrief_steps": steps, "debrief_trick": debrief.trick},
            tables=[{"number": number, "variant": declared.to_json(game.settings, variant),
                     "house_rule": spec.house_rules.get(number),
                     "online": spec.online.get(number, (False, False))[0],
                     "app_referees": spec.online.get(number, (False, False))[1]}
                    for number, variant in sorted(spec.tables.items())],
            players=[{"name": p.name, "name_key": fold_name(p.name), "status": PlayerStatus(p.status),
                      "home_table": p.home_table, "nickname": p.nickname} for p in spec.players],
            rounds=[{"number": r.number, "state": RoundState(r.state), "started_at": r.started_at,
                     "closed_at": r.closed_at} for r in spec.rounds],
            seats=[(r.number, s.player, s.table, s.manual, None if s.presence is None else Presence(s.presence))
                   for r in spec.rounds for s in r.seats],
            games=[(r.number, g.table, g.number, g.version, g.sheet,
                    None if g.agreement is None else Agreement(g.agreement)) for r in spec.rounds for g in r.games],
            results=[(r.number, g.table, g.number, name, (g.scores or {}).get(name), name in g.winners)
                     for r in spec.rounds for g in r.games
                     for name in sorted(g.winners | set(g.scores or {}), key=name_key)],
            audit=[{"at": a.at, "actor": a.actor, "account": a.account, "action": a.action, "round_number": a.round,
                    "table_number": a.table, "subject": a.subject, "old_value": a.old, "new_value": a.new}
                   for a in spec.audit],
            notes=[{"at": n.at, "round_number": n.round, "table_number": n.table, "source": n.source,
                    "author": n.author, "flag": n.flag, "text": n.text, "hidden": n.hidden, "nonce": n.nonce}
                   for n in spec.notes],
            wishes=[(WishKind(w.kind), *w.players) for w in spec.wishes],
        )


def _write(session: Session, rows: Rows) -> Event:
    """Multi-row INSERTs (SQLAlchemy's bulk path), each followed by one SELECT of the new ids.
    No ORM object per row: flushing tens of thousands of them held the write lock for seconds."""
    now = datetime.now(UTC)
    # Its rounds may be months old: the retention counts from the day it arrived on this laptop.
    event = Event(**rows.settings, kept_at=now)
    session.add(event)
    session.flush()
    _insert(session, Table, [{**t, "event_id": event.id,
                              "token": new_token()} for t in rows.tables])
    table = dict(session.execute(select(Table.number, Table.id).where(Table.event_id == event.id)).all())
    _insert(session, Player, [{"event_id": event.id, "name": p["name"], "name_key": p["name_key"],
                               "status": p["status"], "home_table_id": table.get(p["home_table"]),
                               "nickname": p["nickname"]}
                              for p in rows.players])
    player = dict(session.execute(select(Player.name, Player.id).where(Player.event_id == event.id)).all())
    _insert(session, Round, [{**r, "event_id": event.id} for r in rows.rounds])
    round_ = dict(session.execute(select(Round.number, Round.id).where(Round.event_id == event.id)).all())
    _insert(session, Seat, [{"round_id": round_[r], "player_id": player[p], "table_id": table[t], "manual": m,
                             "presence": presence} for r, p, t, m, presence in rows.seats])
    scorer = game_by_key(rows.settings["game"]).scorer
    keys = {name: str(pid) for name, pid in player.items()}  # the file names players, the sheet ids
    _insert(session, Game, [{"round_id": round_[r], "table_id": table[t], "number": n, "version": v,
                             "updated_at": now, "agreement": agreement,
                             "sheet": None if sheet is None or scorer is None
                             else [scorer.rekey(entry, keys) for entry in sheet]}
                            for r, t, n, v, sheet, agreement in rows.games])
    if rows.results:
        game = {(r, t, n): i for r, t, n, i in session.execute(
            select(Round.id, Game.table_id, Game.number, Game.id).join(Round).where(Round.event_id == event.id))}
        _insert(session, GameResult, [{"game_id": game[round_[r], table[t], n], "player_id": player[p],
                                       "score": s, "won": w} for r, t, n, p, s, w in rows.results])
    _insert(session, AuditEntry, [{**a, "event_id": event.id} for a in rows.audit])
    _insert(session, DebriefNote, [{**n, "event_id": event.id} for n in rows.notes])
    # A pair is stored with the smaller id first (models.wish), whatever order the file names it in.
    _insert(session, SeatingWish, [{"event_id": event.id, "kind": kind,
                                    "first_player_id": min(player[a], player[b]),
                                    "second_player_id": max(player[a], player[b])}
                                   for kind, a, b in rows.wishes])
    return event


def _insert(session: Session, model: type[Base], rows: list[dict[str, Any]]) -> None:
    """One executemany on the driver: the statement is compiled once and only values whose
    column type converts them (dates, enums) go through that conversion, skipping SQLAlchemy's
    per-row machinery, which took longer than the database itself. Every row has the same keys."""
    if not rows:
        return
    connection = session.connection()
    dialect = connection.dialect
    # Every model here is mapped by __tablename__, so to a Table, which the declarative base
    # types only as a FromClause.
    table = cast(SqlTable, model.__table__)
    columns = table.c
    compiled = table.insert().compile(dialect=dialect, column_keys=list(rows[0]))
    processors = {key: columns[key].type.dialect_impl(dialect).bind_processor(dialect) for key in rows[0]}
    convert = {key: fn for key, fn in processors.items() if fn is not None}
    if convert:
        rows = [{**row, **{key: fn(row[key]) for key, fn in convert.items()}} for row in rows]
    positions = compiled.positiontup if compiled.positional else None
    params: list[Any] = list(map(itemgetter(*positions), rows)) if positions is not None else rows
    connection.exec_driver_sql(str(compiled), params)
