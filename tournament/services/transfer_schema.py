"""The event file (format "five-tricks-event", versions 1 to 7) read into checked, plain values.

Invariants:
- Nothing here touches the database: `parse` either returns a complete `EventSpec` whose every
  reference (home table, seat, winner, tricks) points at a table or player of the same file, or
  raises `FileProblem` naming the place, e.g. "rounds[1].games[3]: the winner 'Zed' is not seated
  at table 2". Positions count from 0, as in JSON tools.
- Version 2 names the event's game (`"game"`), and each table's `variant` is that game's JSON form
  (`games.settings.from_json` reads it). Version 1 came before games could be chosen: its events
  play Five Tricks, and its variants have the same four keys Five Tricks still writes. A game this
  app does not know is refused by name, before anything else of the file is read.
- Version 3 adds the debrief: `debrief` (whether and when the rules were revealed, the step on
  the wall, the event's own steps, the replayed trick) and `notes` (what tables and observers
  sent). Both are required in a version 3 file and not read from older ones, which import with
  no debrief yet. Step and note texts pass the one text gate (``clean_text``) and the limits of
  ``core.limits``; notes keep their round and table as numbers (a note outlives its table).
- Version 4 adds online play: every table carries `online` and `app_referees` (true/false, both
  required). The app referees only a table played online, and only Five Tricks is played
  online; a file saying otherwise is refused at that table. Older files import with every table
  in the room.
- Version 5 adds the tournament's end: `event.planned_rounds` (1 to MAX_ROUNDS, at least the
  file's highest round) and `event.ended_at` (a moment, or null while it plays; only after a
  closed round, with no round planned or running), both required. Older files import as the
  database upgrade made stored events: at least 4 rounds and never fewer than the file's
  rounds, none ended.
- Version 6 adds where a table stands on its results, who is at each seat, which account made a
  change, and seating wishes: `event.table_agreement` ("off", "ask", "warn"; required), a
  game's `agreement`, a seat's `presence` and an audit line's `account` (each absent when
  nobody said, as null is stored), and `wishes` (required): pairs of two different players of
  the file, each pair once whatever its order and kind. Older files import as the database
  upgrade made stored events: "ask", none of the rest.
- Version 7 adds what the room sees of a name: `event.names_shown` ("full", "initial",
  "nickname"; required) and a player's `nickname` (absent or null: none), through the gate of a
  typed name, at most as long as a name, and no two alike (as names are compared). An older
  file is a new event on this laptop, so it gets a new event's "initial" and no nicknames.
- Keys the format does not define (ids, `exported_at`, `created_at`, ...) are ignored.
- `event.time_zone` (an IANA zone name) is optional: files written before events had a zone
  show their times in UTC, as they did then.
- `event.language` (a code such as "de") is optional: files written before events had a
  language import in English; a code the app does not speak is refused, naming it.
- Player references are exact names (spaces collapsed); uniqueness ignores case and accents, as
  everywhere else in the app. Tables are numbered 1..T without gaps; rounds 1..R in order, and
  only the last round may be planned or running.
- A game's result is `winners` (names) and `scores` ({name: score} or null); version 1 wrote one
  `winner` (or null) and `tricks`, read as the same thing. The winners must be seated at the
  game's table and be one of the game's winner choices, and the result must pass the game's own
  checks (`check_report`, `consistent`: for Five Tricks, trick bounds and the winner having taken
  the most tricks). Who wins a tie is not re-checked: it may follow alphabetical order, which a
  later rename may change, and the stored winners are what the tournament used.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, overload

from .. import games, time_zones
from ..core.errors import RuleError
from ..core.i18n import Name, T, Text
from ..core.limits import (
    LANGUAGE_CODES,
    MAX_AUDIT_ENTRIES,
    MAX_AUDIT_TEXT,
    MAX_DEBRIEF_STEPS,
    MAX_EVENT_NAME,
    MAX_GAMES_PER_EVENT,
    MAX_GAMES_PER_TABLE,
    MAX_HOUSE_RULE,
    MAX_NOTE_TEXT,
    MAX_NOTES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_STEP_PROMPT,
    MAX_STEP_TITLE,
    MAX_TABLES,
    MAX_USERNAME,
    MAX_WISHES,
)
from ..core.names import clean_text, fold_name, name_key
from ..core.public_names import NamesShown
from ..core.rounds import DEFAULT_ROUNDS
from ..core.wording import name_list
from ..games import settings as declared
from ..games.trick_text import MAX_TYPED, parse_trick
from .notes import FLAGS, NONCE_SHAPE
from .transfer_checks import FileProblem, array, choice, fail, flag, integer, label, moment, name, obj, text

FORMAT = "five-tricks-event"
VERSION = 7  # the version export writes
READABLE = (1, 2, 3, 4, 5, 6, 7)

MAX_MINUTES = 120
MAX_COPIES = 10
MAX_VERSION = 1_000_000
MAX_SEED = 2**31 - 1
PAPER_SIZES = ("a4", "letter")
THEMES = ("dark", "light")
PLAYER_STATUSES = ("seated", "observer", "withdrawn")
ROUND_STATES = ("planned", "running", "closed")
NOTE_SOURCES = ("table", "observer", "online")
TABLE_AGREEMENTS = ("off", "ask", "warn")  # models.TableAgreement's values
AGREEMENTS = ("asked", "agreed", "disputed", "settled")  # models.Agreement's
PRESENCES = ("here", "missing", "absent")  # models.Presence's
WISH_KINDS = ("apart", "together")  # models.WishKind's
NAMES_SHOWN = tuple(shown.value for shown in NamesShown)
MAX_AUTHOR = 80  # the column of a note's author
MAX_TRICK = MAX_TYPED  # the column of the replayed trick, as the organiser may type it
# Shapes of keys another part of the app defines (a view of the debrief, a note's icon flag, a
# sending form's one-time key): a key the app does not know is shown as nothing, never refused
# there, so the file checks the shape the columns and pages can hold.
VIEW_SHAPE = re.compile(r"[a-z][a-z0-9-]{0,39}")
FLAG_SHAPE = re.compile(r"[a-z][a-z-]{0,15}")
CARD_SHAPE = re.compile(r"[0-9A-Za-z]{1,6}")  # a card code as the game writes it: "7h", "Ac", "10s"
MAX_TRICK_CARDS = 12
SETTINGS = ("name", "round_minutes", "study_minutes", "practice_minutes", "paper_size", "sheet_copies",
            "colour_safe", "projector_theme", "chime", "shuffle_seed")

__all__ = ["FORMAT", "READABLE", "VERSION", "EventSpec", "FileProblem", "parse"]


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    status: str
    home_table: int | None
    nickname: str | None = None  # version 7; None: none (and every file before)


@dataclass(frozen=True)
class SeatSpec:
    player: str
    table: int
    manual: bool
    presence: str | None = None  # a Presence value; None: nobody said (and every file before version 6)


@dataclass(frozen=True)
class GameSpec:
    table: int
    number: int
    winners: frozenset[str]
    scores: dict[str, int] | None
    version: int
    sheet: list[dict[str, Any]] | None = None  # entries on the game's scorer, players by name
    agreement: str | None = None  # an Agreement value; None: entered by the organiser, or asked nothing


@dataclass(frozen=True)
class RoundSpec:
    number: int
    state: str
    started_at: datetime | None
    closed_at: datetime | None
    seats: list[SeatSpec]
    games: list[GameSpec]


@dataclass(frozen=True)
class AuditSpec:
    at: datetime
    actor: str
    action: str
    round: int | None
    table: int | None
    subject: str
    old: str | None
    new: str | None
    account: str | None = None  # the account's username; None: a phone, an online table, or unknown


@dataclass(frozen=True)
class StepSpec:
    title: str
    prompt: str
    view: str  # a view's key, or "" for none


@dataclass(frozen=True)
class DebriefSpec:
    revealed_at: datetime | None = None
    step: int | None = None
    steps: list[StepSpec] | None = None  # None: the default sequence
    trick: str | None = None


@dataclass(frozen=True)
class NoteSpec:
    at: datetime
    round: int | None
    table: int | None
    source: str
    author: str
    flag: str | None
    text: str | None
    hidden: bool
    nonce: str | None


@dataclass(frozen=True)
class WishSpec:
    kind: str  # a WishKind value
    players: tuple[str, str]  # two different names of the file's players


@dataclass(frozen=True)
class EventSpec:
    game: str  # a registered game's key
    settings: dict[str, Any]
    tables: dict[int, Any]  # number -> the game's variant
    players: list[PlayerSpec]
    rounds: list[RoundSpec]
    audit: list[AuditSpec]
    house_rules: dict[int, str]  # table number -> its own line on the rule sheet (tables without: absent)
    # table number -> (online, app referees); tables in the room: absent (versions 1-3: all)
    online: dict[int, tuple[bool, bool]] = field(default_factory=dict)
    debrief: DebriefSpec = DebriefSpec()
    notes: tuple[NoteSpec, ...] = ()
    wishes: tuple[WishSpec, ...] = ()


def parse(data: Any, max_name_length: int) -> EventSpec:
    if not isinstance(data, dict):
        fail("", T("The file does not hold an event: expected a JSON object {{…}} at the top."))
    if data.get("format") != FORMAT:
        fail("format", T("this is not a Five Tricks event file (expected \"{format}\").", format=FORMAT))
    version = data.get("version")
    if type(version) is not int or version not in READABLE:
        readable = ", ".join(str(v) for v in READABLE)
        if version is None:
            fail("version", T("the file has no version of the format; this app reads versions {readable}.",
                              readable=readable))
        fail("version", T("the file has version {version} of the format; this app reads versions {readable}.",
                          version=str(version)[:20], readable=readable))
    game = _game(data) if version >= 2 else games.DEFAULT
    obj(data, "", ("event", "tables", "players", "rounds", "audit"))
    tables, house_rules = _tables(data["tables"], games.get(game))
    online = _online(data["tables"], game) if version >= 4 else {}
    players = _players(data["players"], tables, max_name_length)
    if version >= 7:
        players = _nicknames(data["players"], players, max_name_length)
    known = {p.name: p for p in players}
    if version >= 3:
        obj(data, "", ("debrief", "notes"))
    if version >= 6:
        obj(data, "", ("wishes",))
    rounds = _rounds(data["rounds"], tables, known, _Results(games.get(game), version))
    return EventSpec(
        game=game,
        settings={**_settings(data["event"]), **_end(data["event"], rounds, version),
                  **_agreement_setting(data["event"], version), **_names_setting(data["event"], version)},
        tables=tables,
        players=players,
        rounds=rounds,
        audit=_audit(data["audit"], version),
        house_rules=house_rules,
        online=online,
        debrief=_debrief(data["debrief"], games.get(game)) if version >= 3 else DebriefSpec(),
        notes=_notes(data["notes"]) if version >= 3 else (),
        wishes=_wishes(data["wishes"], known) if version >= 6 else (),
    )


def _settings(value: Any) -> dict[str, Any]:
    event = obj(value, "event", SETTINGS)
    return {
        "name": name(event["name"], "event.name", MAX_EVENT_NAME),
        **{key: integer(event[key], f"event.{key}", 1, MAX_MINUTES)
           for key in ("round_minutes", "study_minutes", "practice_minutes")},
        "paper_size": choice(event["paper_size"], "event.paper_size", PAPER_SIZES),
        "sheet_copies": integer(event["sheet_copies"], "event.sheet_copies", 1, MAX_COPIES),
        "colour_safe": flag(event["colour_safe"], "event.colour_safe"),
        "projector_theme": choice(event["projector_theme"], "event.projector_theme", THEMES),
        "chime": flag(event["chime"], "event.chime"),
        "shuffle_seed": integer(event["shuffle_seed"], "event.shuffle_seed", 0, MAX_SEED),
        "time_zone": _time_zone(event.get("time_zone")),
        "language": _language(event.get("language")),
    }


def _end(event: dict[str, Any], rounds: list[RoundSpec], version: int) -> dict[str, Any]:
    """The tournament's number of rounds and its end (version 5); an older file's event plays
    at least the default number of rounds and all those it has, and has not ended."""
    highest = rounds[-1].number if rounds else 0
    if version < 5:
        return {"planned_rounds": max(DEFAULT_ROUNDS, highest), "ended_at": None}
    obj(event, "event", ("planned_rounds", "ended_at"))
    planned = integer(event["planned_rounds"], "event.planned_rounds", max(1, highest), MAX_ROUNDS)
    ended_at = moment(event["ended_at"], "event.ended_at", optional=True)
    if ended_at is not None and (not rounds or rounds[-1].state != "closed"):
        fail("event.ended_at", T("a tournament ends only after a closed round, with no round planned or running"))
    return {"planned_rounds": planned, "ended_at": ended_at}


def _agreement_setting(event: dict[str, Any], version: int) -> dict[str, Any]:
    """Whether phones ask the table to confirm a result (version 6); older files ask, as the
    database upgrade made every stored event ask."""
    if version < 6:
        return {"table_agreement": "ask"}
    obj(event, "event", ("table_agreement",))
    return {"table_agreement": choice(event["table_agreement"], "event.table_agreement", TABLE_AGREEMENTS)}


def _names_setting(event: dict[str, Any], version: int) -> dict[str, Any]:
    """What the room sees of a name (version 7). An older file is a new event on this laptop,
    so it gets what a new event gets, first name and initial, not the full names it showed."""
    if version < 7:
        return {"names_shown": NamesShown.INITIAL.value}
    obj(event, "event", ("names_shown",))
    return {"names_shown": choice(event["names_shown"], "event.names_shown", NAMES_SHOWN)}


def _language(value: Any) -> str:
    """The language the event's pages and sheets speak; a file written before events had one
    (absent or null) imports in English, as its pages were."""
    raw = text(value, "event.language", 40, optional=True)
    if raw is None:
        return LANGUAGE_CODES[0]
    if raw not in LANGUAGE_CODES:
        fail("event.language", T("{value} is not a language this app speaks; use one of {codes}",
                                 value=Name(repr(raw[:20])), codes=", ".join(LANGUAGE_CODES)))
    return raw


def _time_zone(value: Any) -> str:
    """The zone the event's pages show times in; a file written before events had one (absent
    or null) showed its times in UTC, so it keeps doing so."""
    raw = text(value, "event.time_zone", time_zones.MAX_LENGTH * 4, optional=True)
    if raw is None:
        return time_zones.DEFAULT
    try:
        return time_zones.check_zone(raw)
    except RuleError as error:
        fail("event.time_zone", T("{message}.", message=error.text))


def _game(data: dict[str, Any]) -> str:
    """The key of a game this app knows; an unknown one is refused in words, naming it."""
    obj(data, "", ("game",))
    key = text(data["game"], "game", 200)
    try:
        games.get(key)
    except RuleError as error:
        fail("game", T("{message} The event was saved by an app that has more games; open the file "
                       "there, or update this app.", message=error.text))
    return key


def _tables(value: Any, game: games.CardGame[Any]) -> tuple[dict[int, Any], dict[int, str]]:
    tables: dict[int, Any] = {}
    house_rules: dict[int, str] = {}
    for index, item in enumerate(array(value, "tables", MAX_TABLES)):
        path = f"tables[{index}]"
        obj(item, path, ("number", "variant"))
        number = integer(item["number"], f"{path}.number", 1, MAX_TABLES)
        if number in tables:
            fail(path, T("table {number} appears twice", number=number))
        try:
            tables[number] = declared.from_json(game.settings, item["variant"])
        except (ValueError, TypeError) as error:  # RuleError is a ValueError
            fail(f"{path}.variant", error.text if isinstance(error, RuleError) else str(error))
        rule = _house_rule(item.get("house_rule"), f"{path}.house_rule")
        if rule is not None:
            house_rules[number] = rule
    missing = sorted(set(range(1, len(tables) + 1)) - set(tables))
    if missing:
        fail("tables", T("tables are numbered 1, 2, 3… without gaps; missing {numbers}",
                         numbers=", ".join(str(n) for n in missing)))
    return tables, house_rules


def _online(value: list[Any], game: str) -> dict[int, tuple[bool, bool]]:
    """Version 4: each table's `online` and `app_referees` (already a list of checked tables)."""
    online: dict[int, tuple[bool, bool]] = {}
    for index, item in enumerate(value):
        path = f"tables[{index}]"
        obj(item, path, ("online", "app_referees"))
        played_online = flag(item["online"], f"{path}.online")
        referee = flag(item["app_referees"], f"{path}.app_referees")
        if referee and not played_online:
            fail(f"{path}.app_referees", T("the app can referee only a table played online (\"online\": true)"))
        if played_online and game != games.DEFAULT:
            fail(f"{path}.online", T("only Five Tricks tables are played online; this event plays {game}",
                                     game=games.get(game).title))
        if played_online:
            online[item["number"]] = (True, referee)
    return online


def _house_rule(value: Any, path: str) -> str | None:
    """A table's own rule-sheet line (absent or null: none), through the gate of typed text."""
    raw = text(value, path, MAX_HOUSE_RULE * 4, optional=True)
    if raw is None:
        return None
    try:
        rule = clean_text(raw, T("A house rule"))
    except RuleError as error:
        fail(path, error.text)
    if len(rule) > MAX_HOUSE_RULE:
        fail(path, T("is {count} characters long; at most {most} are allowed", count=len(rule), most=MAX_HOUSE_RULE))
    return rule


@overload
def _table_ref(value: Any, path: str, tables: dict[int, Any], *, optional: Literal[False] = False) -> int: ...
@overload
def _table_ref(value: Any, path: str, tables: dict[int, Any], *, optional: bool) -> int | None: ...
def _table_ref(value: Any, path: str, tables: dict[int, Any], *, optional: bool = False) -> int | None:
    number = integer(value, path, 0, 10**9, optional=optional)
    if number is not None and number not in tables:
        if tables:
            fail(path, T("there is no table {number} (the file has tables 1 to {count})",
                         number=number, count=len(tables)))
        fail(path, T("there is no table {number} (the file has no tables)", number=number))
    return number


def _players(value: Any, tables: dict[int, Any], max_name_length: int) -> list[PlayerSpec]:
    players: list[PlayerSpec] = []
    seen: dict[str, tuple[str, int]] = {}
    for index, item in enumerate(array(value, "players", MAX_PLAYERS)):
        path = f"players[{index}]"
        obj(item, path, ("name", "status", "home_table"))
        player_name = name(item["name"], f"{path}.name", max_name_length)
        key = fold_name(player_name)
        if key in seen:
            other, other_index = seen[key]
            place = f"players[{other_index}]"
            fail(f"{path}.name", T("'{name}' is the same name as '{other}' ({place}) when case and accents "
                                   "are ignored (letters such as Ø and O count as the same)",
                                   name=Name(player_name), other=Name(other), place=place))
        seen[key] = (player_name, index)
        players.append(PlayerSpec(
            name=player_name,
            status=choice(item["status"], f"{path}.status", PLAYER_STATUSES),
            home_table=_table_ref(item["home_table"], f"{path}.home_table", tables, optional=True),
        ))
    return players


def _nicknames(value: list[Any], players: list[PlayerSpec], max_name_length: int) -> list[PlayerSpec]:
    """Version 7: each player's nickname (absent or null: none), through the gate of a typed
    name; a nickname alike (as names are compared) to another's nickname or to another player's
    name would show the room one name for two (the players page refuses both too)."""
    seen: dict[str, tuple[str, int]] = {}
    names = {fold_name(player.name): (player.name, index) for index, player in enumerate(players)}
    named: list[PlayerSpec] = []
    for index, (item, player) in enumerate(zip(value, players, strict=True)):
        path = f"players[{index}].nickname"
        raw = item.get("nickname")
        if raw is None:
            named.append(player)
            continue
        nickname = name(raw, path, max_name_length)
        key = fold_name(nickname)
        if key in seen:
            other, other_index = seen[key]
            fail(path, T("'{name}' is the same nickname as '{other}' (players[{place}]) when case and accents "
                         "are ignored; two players cannot share a nickname",
                         name=Name(nickname), other=Name(other), place=other_index))
        other_name, other_index = names.get(key, (None, index))
        if other_name is not None and other_index != index:
            fail(path, T("'{name}' is the name of another player (players[{place}]); a nickname must differ "
                         "from every name",
                         name=Name(nickname), place=other_index))
        seen[key] = (nickname, index)
        named.append(PlayerSpec(player.name, player.status, player.home_table, nickname))
    return named


def _player_ref(value: Any, path: str, known: dict[str, PlayerSpec]) -> str:
    """A reference is cleaned like the names of the player list, so it finds the cleaned name."""
    ref = " ".join(text(value, path, 400).split())
    with contextlib.suppress(RuleError):  # not a name of the list: refused just below
        ref = clean_text(ref)
    if ref not in known:
        fail(path, T("there is no player '{name}' in the file's player list", name=Name(ref[:60])))
    return ref


@dataclass(frozen=True)
class _Results:
    """How the file writes a game's result: version 1 `winner`/`tricks`, version 2
    `winners`/`scores`, checked by the event's game."""

    game: games.CardGame[Any]
    version: int

    @property
    def keys(self) -> tuple[str, str]:
        return ("winner", "tricks") if self.version == 1 else ("winners", "scores")


def _rounds(value: Any, tables: dict[int, Any], known: dict[str, PlayerSpec], results: _Results) -> list[RoundSpec]:
    items = array(value, "rounds", MAX_ROUNDS)
    if items and not tables:
        fail("rounds", T("rounds need tables, but the file has none"))
    rounds = []
    total_games = 0
    for index, item in enumerate(items):
        path = f"rounds[{index}]"
        obj(item, path, ("number", "state", "started_at", "closed_at", "seats", "games"))
        number = integer(item["number"], f"{path}.number", 1, MAX_ROUNDS)
        if number != index + 1:
            fail(f"{path}.number", T("is {number}, expected {expected} (rounds are numbered 1, 2, 3… in order)",
                                     number=number, expected=index + 1))
        state = choice(item["state"], f"{path}.state", ROUND_STATES)
        if state != "closed" and index != len(items) - 1:
            fail(f"{path}.state", T("round {number} is {state}, but only the last round can be planned or running",
                                    number=number, state=state))
        seats = _seats(item["seats"], path, number, tables, known, results.version)
        games = _games(item["games"], path, state, seats, tables, known, results)
        total_games += len(games)
        if total_games > MAX_GAMES_PER_EVENT:
            fail(f"{path}.games", T("the file holds more than {most} games, the most one event keeps",
                                    most=format(MAX_GAMES_PER_EVENT, ",")))
        rounds.append(RoundSpec(
            number=number, state=state,
            started_at=moment(item["started_at"], f"{path}.started_at", optional=True),
            closed_at=moment(item["closed_at"], f"{path}.closed_at", optional=True),
            seats=seats, games=games,
        ))
    return rounds


def _seats(value: Any, path: str, number: int, tables: dict[int, Any],
           known: dict[str, PlayerSpec], version: int) -> list[SeatSpec]:
    seats: list[SeatSpec] = []
    taken: set[str] = set()
    for index, item in enumerate(array(value, f"{path}.seats", MAX_PLAYERS)):
        where = f"{path}.seats[{index}]"
        obj(item, where, ("player", "table", "manual"))
        player = _player_ref(item["player"], f"{where}.player", known)
        if player in taken:
            fail(where, T("'{player}' is seated twice in round {number}", player=Name(player), number=number))
        taken.add(player)
        seats.append(SeatSpec(player, _table_ref(item["table"], f"{where}.table", tables),
                              flag(item["manual"], f"{where}.manual"),
                              _said(item, "presence", where, PRESENCES, version)))
    return seats


def _games(value: Any, path: str, state: str, seats: list[SeatSpec], tables: dict[int, Any],
           known: dict[str, PlayerSpec], results: _Results) -> list[GameSpec]:
    items = array(value, f"{path}.games", MAX_GAMES_PER_TABLE * MAX_TABLES)
    if items and state == "planned":
        fail(f"{path}.games", T("a planned round cannot have games yet"))
    at_table: dict[int, list[str]] = {}
    for seat in seats:
        at_table.setdefault(seat.table, []).append(seat.player)
    winners_key, scores_key = results.keys
    games: list[GameSpec] = []
    numbers: set[tuple[int, int]] = set()
    for index, item in enumerate(items):
        where = f"{path}.games[{index}]"
        obj(item, where, ("table", "number", winners_key, scores_key, "version"))
        table = _table_ref(item["table"], f"{where}.table", tables)
        number = integer(item["number"], f"{where}.number", 1, MAX_GAMES_PER_TABLE)
        if (table, number) in numbers:
            fail(where, T("game {number} at table {table} appears twice", number=number, table=table))
        numbers.add((table, number))
        seated = sorted(at_table.get(table, []), key=name_key)
        if results.version == 1:
            listed = [] if item["winner"] is None else [item["winner"]]
            winners = _winners(listed, f"{where}.winner", where, table, seated, known)
        else:
            winners = _winners(array(item["winners"], f"{where}.winners", len(known) or 1),
                               f"{where}.winners", where, table, seated, known)
        scores = _scores(item[scores_key], f"{where}.{scores_key}", table, set(seated), known,
                         results.game.score)
        _check_result(results.game, tables[table], winners, scores, seated, where)
        sheet = _sheet(item.get("sheet"), f"{where}.sheet", results.game, tables[table], seated, winners, scores,
                       T("table {table}, game {number}", table=table, number=number))
        games.append(GameSpec(table, number, winners, scores,
                              integer(item["version"], f"{where}.version", 1, MAX_VERSION), sheet,
                              _said(item, "agreement", where, AGREEMENTS, results.version)))
    return games


def _said(item: dict[str, Any], key: str, where: str, options: tuple[str, ...], version: int) -> str | None:
    """An optional value of version 6 (a seat's presence, a game's agreement): absent or null
    when nobody said; not read from older files, which had no such thing."""
    if version < 6 or item.get(key) is None:
        return None
    return choice(item[key], f"{where}.{key}", options)


def _sheet(value: Any, path: str, game: games.CardGame[Any], variant: Any, seated: list[str],
           winners: frozenset[str], scores: dict[str, int] | None, which: Text) -> list[dict[str, Any]] | None:
    """A scored game's sheet (absent or null: none), players by name. Each entry is checked by
    the game's scorer as the app checked it when it was added (players: the table's seats, in
    seat order), and the sheet must add up to the result the file records."""
    if value is None:
        return None
    scorer = game.scorer
    if scorer is None:
        fail(path, T("{game} is not scored entry by entry: a game has no sheet", game=game.title))
    entries = array(value, path, scorer.max_entries)
    players = {player: player for player in seated}  # in the file, a player's key is the name
    checked: list[dict[str, Any]] = []
    try:
        for position, entry in enumerate(entries):
            try:
                scorer.check_entry(variant, players, checked, entry)
            except RuleError as error:
                fail(f"{path}[{position}]", scorer.words.in_file.filled(which=which, n=position + 1,
                                                                        problem=error.text))
            checked.append(dict(entry))
        tally = scorer.tally(variant, players, checked) if checked else None
    except (KeyError, TypeError, ValueError) as error:  # a malformed entry the scorer did not foresee
        if isinstance(error, FileProblem):
            raise
        fail(path, T("{which}: the sheet cannot be read ({problem})", which=which, problem=str(error)[:80]))
    if tally is None:
        fail(path, T("{which}: an empty sheet; a game on the scorer has at least one entry", which=which))
    # A tie goes to the alphabetically first name, so renaming a player after the game may make
    # the sheet's tie name another player than the one recorded: with the same scores, the file
    # is right when the game finds its winners consistent with them (as for any stored result).
    tally_scores = dict(tally.scores or {}) or None
    renamed_tie = (scores is not None and len(winners) == len(tally.winners)
                   and game.consistent(variant, games.Report(winners, scores)) is None)
    if tally_scores != scores or (tally.winners != winners and not renamed_tie):
        recorded: Text | str = name_list(sorted(winners, key=name_key)) if winners else T("nobody")
        fail(path, T("{which}: the sheet adds up to “{status}”, but the file records {recorded} "
                     "as the winner. The file was changed by hand; correct the game or remove its sheet",
                     which=which, status=tally.status, recorded=recorded))
    return checked


def _winners(value: list[Any], path: str, where: str, table: int, seated: list[str],
             known: dict[str, PlayerSpec]) -> frozenset[str]:
    winners: list[str] = []
    for position, raw in enumerate(value):
        winner = _player_ref(raw, path if len(value) == 1 else f"{path}[{position}]", known)
        if winner in winners:
            fail(path, T("'{player}' is listed twice", player=Name(winner)))
        if winner not in seated:
            fail(where, T("the winner '{player}' is not seated at table {table}", player=Name(winner), table=table))
        winners.append(winner)
    return frozenset(winners)


def _scores(value: Any, path: str, table: int, seated: set[str], known: dict[str, PlayerSpec],
            field: games.ScoreField | None) -> dict[str, int] | None:
    if value is None:
        return None
    if field is None:
        fail(path, T("this game keeps no score: must be null"))
    if not isinstance(value, dict):
        fail(path, T("must be an object {{\"name\": {column}, …}} or null", column=field.column))
    scores: dict[str, int] = {}
    for raw, count in value.items():
        player = _player_ref(raw, path, known)
        if player in scores:
            fail(path, T("'{player}' is listed twice", player=Name(player)))
        if player not in seated:
            fail(path, T("'{player}' is not seated at table {table}", player=Name(player), table=table))
        scores[player] = integer(count, f"{path}.{player}", field.minimum, field.maximum)
    return scores or None


def _check_result(game: games.CardGame[Any], variant: Any, winners: frozenset[str], scores: dict[str, int] | None,
                  seated: list[str], where: str) -> None:
    """The game's own checks: bounds and shape, a winner choice the game offers, and winners the
    scores allow (ties tolerated)."""
    report = games.Report(winners, scores)
    try:
        game.check_report(variant, report, seated)
    except RuleError as error:
        fail(where, error.text)
    if winners and winners not in game.winner_choices(variant, seated):
        fail(where, T("{players} cannot win one game together in {game}",
                      players=name_list(sorted(winners, key=name_key)), game=game.title))
    problem = game.consistent(variant, report)
    if problem:
        fail(where, problem)


def _audit(value: Any, version: int) -> list[AuditSpec]:
    entries = []
    for index, item in enumerate(array(value, "audit", MAX_AUDIT_ENTRIES)):
        path = f"audit[{index}]"
        obj(item, path, ("at", "actor", "action", "round", "table", "subject", "old", "new"))
        entries.append(AuditSpec(
            at=moment(item["at"], f"{path}.at"),
            actor=label(item["actor"], f"{path}.actor", 80),
            action=text(item["action"], f"{path}.action", 40),
            round=integer(item["round"], f"{path}.round", 0, 100_000, optional=True),
            table=integer(item["table"], f"{path}.table", 0, 100_000, optional=True),
            subject=label(item["subject"], f"{path}.subject", 200),
            old=text(item["old"], f"{path}.old", MAX_AUDIT_TEXT, optional=True),
            new=text(item["new"], f"{path}.new", MAX_AUDIT_TEXT, optional=True),
            account=_account(item.get("account"), f"{path}.account") if version >= 6 else None,
        ))
    return entries


def _account(value: Any, path: str) -> str | None:
    """The username of the account that made a change (absent or null: unknown). It names no
    account of this app: accounts are never in the file."""
    if value is None:
        return None
    return name(value, path, MAX_USERNAME)


def _wishes(value: Any, known: dict[str, PlayerSpec]) -> tuple[WishSpec, ...]:
    """Pairs of players the home-table assignment keeps apart or together (version 6): two
    different players of the file, each pair once whatever its order and kind."""
    wishes: list[WishSpec] = []
    seen: dict[frozenset[str], int] = {}
    for index, item in enumerate(array(value, "wishes", MAX_WISHES)):
        path = f"wishes[{index}]"
        obj(item, path, ("kind", "players"))
        kind = choice(item["kind"], f"{path}.kind", WISH_KINDS)
        pair = array(item["players"], f"{path}.players", 2)
        if len(pair) != 2:
            fail(f"{path}.players", T("a wish names two players, not {count}", count=len(pair)))
        first, second = (_player_ref(raw, f"{path}.players[{position}]", known) for position, raw in enumerate(pair))
        if first == second:
            fail(f"{path}.players", T("'{player}' is named twice: a wish is about two different players",
                                      player=Name(first)))
        key = frozenset((first, second))
        if key in seen:
            fail(path, T("'{first}' and '{second}' are already paired in wishes[{other}]; a pair has one wish",
                         first=Name(first), second=Name(second), other=seen[key]))
        seen[key] = index
        wishes.append(WishSpec(kind, (first, second)))
    return tuple(wishes)


def _typed(value: Any, path: str, most: int, what: Text, *, blank: bool = False) -> str:
    """Text a person typed (a step's words, a note), through the one text gate (``clean_text``)
    and at most ``most`` characters once cleaned; blank only where ``blank`` allows (as "")."""
    raw = text(value, path, most * 4)
    if not raw.strip():
        if blank:
            return ""
        fail(path, T("cannot be empty"))
    try:
        cleaned = clean_text(raw, what)
    except RuleError as error:
        if "empty or blank" in str(error):  # only invisible characters: nothing
            if blank:
                return ""
            fail(path, T("cannot be empty"))
        fail(path, error.text)
    if len(cleaned) > most:
        fail(path, T("is {count} characters long; at most {most} are allowed", count=len(cleaned), most=most))
    return cleaned


def _shaped(value: Any, path: str, shape: re.Pattern[str], example: str, *, optional: bool = True) -> str | None:
    raw = text(value, path, 200, optional=optional)
    if raw is None or (optional and raw == ""):
        return None
    if not shape.fullmatch(raw):
        fail(path, T("{value} is not a key like {example}", value=Name(repr(raw[:40])), example=example))
    return raw


def _debrief(value: Any, game: games.CardGame[Any]) -> DebriefSpec:
    debrief = obj(value, "debrief", ("revealed_at", "step", "steps", "trick"))
    steps = None
    if debrief["steps"] is not None:
        steps = [_step(item, f"debrief.steps[{index}]")
                 for index, item in enumerate(array(debrief["steps"], "debrief.steps", MAX_DEBRIEF_STEPS))]
        if not steps:
            fail("debrief.steps", T("an event's own steps hold at least one step; null means the default steps"))
    return DebriefSpec(
        revealed_at=moment(debrief["revealed_at"], "debrief.revealed_at", optional=True),
        step=integer(debrief["step"], "debrief.step", 0, MAX_DEBRIEF_STEPS - 1, optional=True),
        steps=steps,
        trick=_trick(debrief["trick"], "debrief.trick", game),
    )


def _step(value: Any, path: str) -> StepSpec:
    step = obj(value, path, ("title", "prompt", "view"))
    view = text(step["view"], f"{path}.view", 40)
    if view and not VIEW_SHAPE.fullmatch(view):
        fail(f"{path}.view", T("{value} is not a view's key like \"journeys\" (or \"\" for none)",
                               value=Name(repr(view[:40]))))
    return StepSpec(
        title=_typed(step["title"], f"{path}.title", MAX_STEP_TITLE, T("A step's title")),
        prompt=_typed(step["prompt"], f"{path}.prompt", MAX_STEP_PROMPT, T("A step's prompt"), blank=True),
        view=view,
    )


def _trick(value: Any, path: str, game: games.CardGame[Any]) -> str | None:
    """Card codes separated by single spaces, lead first, each card once: read as the
    organiser's form reads a trick (``games.trick_text.parse_trick``) when the game takes tricks."""
    raw = text(value, path, MAX_TRICK, optional=True)
    if raw is None:
        return None
    cards = raw.split(" ")
    if not 2 <= len(cards) <= MAX_TRICK_CARDS or not all(CARD_SHAPE.fullmatch(card) for card in cards):
        fail(path, T("{value} is not a trick: write card codes separated by spaces, lead first, like "
                     "\"7h Ac 2h 3s\"", value=Name(repr(raw[:40]))))
    if len({card.casefold() for card in cards}) != len(cards):
        fail(path, T("a card appears twice in the trick {value}", value=Name(repr(raw[:40]))))
    if game.tricks is not None:
        try:
            parse_trick(game.tricks, raw)
        except RuleError as error:
            fail(path, error.text)
    return raw


def _notes(value: Any) -> tuple[NoteSpec, ...]:
    notes: list[NoteSpec] = []
    nonces: dict[str, int] = {}
    for index, item in enumerate(array(value, "notes", MAX_NOTES)):
        path = f"notes[{index}]"
        obj(item, path, ("at", "round", "table", "source", "author", "flag", "text", "hidden", "nonce"))
        source = choice(item["source"], f"{path}.source", NOTE_SOURCES)
        if source in ("table", "online"):
            author = text(item["author"], f"{path}.author", MAX_AUTHOR)
            if author:
                fail(f"{path}.author", T("a table's phone sends notes without an author: must be \"\""))
        else:
            author = name(item["author"], f"{path}.author", MAX_AUTHOR)
        note_text = text(item["text"], f"{path}.text", MAX_NOTE_TEXT * 4, optional=True)
        if note_text is not None:
            note_text = _typed(note_text, f"{path}.text", MAX_NOTE_TEXT, T("The note"))
        flag_key = _shaped(item["flag"], f"{path}.flag", FLAG_SHAPE, "\"disagreed\"")
        if flag_key is not None and flag_key not in FLAGS:
            fail(f"{path}.flag", T("{value} is not one of the notes' icons: {known}",
                                   value=Name(repr(flag_key)), known=Name(", ".join(FLAGS))))
        if flag_key is None and note_text is None:
            fail(path, T("a note has an icon flag, a text, or both"))
        nonce = _shaped(item["nonce"], f"{path}.nonce", NONCE_SHAPE, "\"f3Kq9x_2\"")
        if nonce is not None:
            if nonce in nonces:
                fail(f"{path}.nonce", T("is the same as notes[{other}]'s: one sent form is one note",
                                        other=nonces[nonce]))
            nonces[nonce] = index
        notes.append(NoteSpec(
            at=moment(item["at"], f"{path}.at"),
            round=integer(item["round"], f"{path}.round", 1, MAX_ROUNDS, optional=True),
            table=integer(item["table"], f"{path}.table", 1, MAX_TABLES, optional=True),
            source=source, author=author, flag=flag_key, text=note_text,
            hidden=flag(item["hidden"], f"{path}.hidden"), nonce=nonce,
        ))
    return tuple(notes)
