"""Online play under load: bot players at virtual tables through the real server.

    python -m benchmarks.online_play                       # SQLite temp file; 10 tables of 4
    python -m benchmarks.online_play --tables 10 --deals 2 --pointing random --modes push
    make bench ARGS="--online"                             # after the request timings

An event of `tables` tables of 4 players is built through the services, every table is marked
online, round 1 is started and `flask --app tournament serve` is started on loopback. One bot
thread per player (benchmarks.bots) claims its name on the public link and plays as a device
does (polls at the payload's `poll_ms`, acts with JSON and a nonce) until every table has
finished `deals` deals; then the bots stop and the organiser, logged in through the login form,
closes round 1 over HTTP. Checks: no 5xx and no 4xx but the 409 of an overtaken pointing or
"next deal"; every deal of the round replayed through the engine from the seed is recorded
(ended deals, and unfinished ones with a trick taken) as a game of its table with the right
winner and tricks, and no other game exists; what the bots saw as a deal's winner is that game's
winner; the close's moves are `tournament.core.plan_round`'s over the recorded games (a table
that recorded none: nobody there moves).

Each mode runs in turn (`--modes push poll`), each on an event and server of its own: "push",
every bot holds its table's stream (`/push/<ticket>` of its table) and polls when a message
says the table changed (a burst of messages makes one poll, at most 4 a second as the server
allows a link, and every 30 s whatever it says), and thinks 400 ms before each action; "poll", every bot polls every
`poll_ms` (400 ms while a deal is on), as the page did before the push.

Figures: card-to-screen latency (from the POST of a card answered 200 to each other bot of the
table first having that card in a payload; polling, half of `poll_ms` is waiting by design),
requests per second, the poll's 204 share, and the time of a poll answered 204 (one statement)
against one answered 200 (a whole state built). Targets: median card-to-screen latency
<= 50 ms pushed, <= 500 ms polling; exit code 1 when one is missed or a check fails.

The bots run in this process on the same machine as the server, so they share its CPUs.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import select

from benchmarks.bots import Bot, card_latencies, status_counts
from benchmarks.harness import ROOT, Client, Server, percentile, prepare_database
from tournament import create_app, db
from tournament.core import game_winner, plan_round
from tournament.games import game_of
from tournament.models import Event, Game, GameResult, OnlineGame, Player, Round, Seat, Table
from tournament.push.tickets import stream_path
from tournament.services import accounts, events, players, rounds
from tournament.services import tables as table_service

USERNAME, PASSWORD = "teacher", "correct horse"
MEDIAN_TARGET_MS = 500.0
# Pushed bots would otherwise act the instant their turn is told, far faster than players and
# than the server's 4 polls a second per link; polling bots are paced by their polls instead.
PUSHED_THINK_MS = 400


@dataclass
class OnlineSetup:
    event_id: int
    public_token: str
    seats: dict[int, list[tuple[int, str]]]  # table number -> (player id, name), playing order


def setup_online_event(session, names: list[str], tables: int, start: bool = True,
                       referees: bool = False) -> OnlineSetup:
    """An event of these players at `tables` tables, every table online, round 1 started (or
    not: the practice before it). Built through the services; the online flag is set on the
    rows, as the organiser's settings page would."""
    event = events.create_event(session, "Online")
    players.add_players(session, event, "\n".join(names))
    table_service.set_table_count(session, event, tables)
    for table in session.scalars(select(Table).where(Table.event_id == event.id)):
        table.online, table.app_referees = True, referees
    session.commit()
    if start:
        rounds.start_round(session, session.get(Event, event.id))
    return OnlineSetup(event.id, session.get(Event, event.id).public_token, seated(session, event.id))


def seated(session, event_id: int) -> dict[int, list[tuple[int, str]]]:
    """Who plays at each table now (the running round's seats, else the home tables), in
    playing order: alphabetical by `name_key`."""
    latest = session.scalar(select(Round.id).where(Round.event_id == event_id).order_by(Round.number.desc()))
    if latest is not None:
        rows = session.execute(select(Table.number, Player.id, Player.name, Player.name_key)
                               .join(Seat, Seat.table_id == Table.id).join(Player, Seat.player_id == Player.id)
                               .where(Seat.round_id == latest))
    else:
        rows = session.execute(select(Table.number, Player.id, Player.name, Player.name_key)
                               .join(Player, Player.home_table_id == Table.id).where(Table.event_id == event_id))
    found: dict[int, list[tuple[str, int, str]]] = defaultdict(list)
    for number, player_id, name, key in rows:
        found[number].append((key, player_id, name))
    return {number: [(pid, name) for _key, pid, name in sorted(group)] for number, group in sorted(found.items())}


# --- what the server must have recorded ------------------------------------------------------

def deal_seed(secret_key: str | bytes, salt: str, event_id: int, table_id: int, round_id: int | None, number: int,
              seats: list[int], dealer: int, version: int | None = 2) -> bytes:
    """The deal seed as docs/online-play.md states it, computed here on its own so that a service
    drawing other cards shows up as a difference. `version`: the deal's `seed_version` (None:
    a deal written before the event's salt and the seats were part of the seed)."""
    key = secret_key.encode() if isinstance(secret_key, str) else secret_key
    place = f"{event_id}:{table_id}:{round_id or 'practice'}:{number}"
    message = place if version is None else f"{salt}:{place}:{dealer}:{'.'.join(map(str, seats))}"
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def replay_game(secret_key, online: OnlineGame, referee=None, salt: str | None = None):
    """The engine's state of a stored deal: dealt from its seed, its actions replayed
    (`referee`: the table's variant when the app referees it; `salt`: its event's, read from
    the app's database when not given)."""
    from tournament.games import table_engine
    from tournament.games.five_tricks import table_play

    if salt is None:
        salt = db.session().scalar(select(Event.deal_salt).where(Event.id == online.event_id))
    seed = deal_seed(secret_key, salt, online.event_id, online.table_id, online.round_id, online.number,
                     online.seats, online.dealer, online.seed_version)
    dealt = table_play.deal(seed, len(online.seats), online.dealer)
    return dealt, table_engine.replay(table_play.FIVE_TRICKS_TABLE, dealt, referee, stored_actions(online))


ACTION_KEYS = ("type", "seat", "card", "index")  # the engine's JSON form; the row adds its own


def stored_actions(online: OnlineGame) -> list:
    """The deal's accepted actions as engine actions, in order."""
    from tournament.games import table_engine
    from tournament.games.five_tricks.table_play import FIVE_TRICKS_TABLE

    return [table_engine.action_from_json(FIVE_TRICKS_TABLE, {k: v for k, v in a.items() if k in ACTION_KEYS})
            for a in online.actions]


def stored_plays(online: OnlineGame) -> list[tuple[int, str]]:
    """(seat, card code as a device sends it) of the deal's plays, in order."""
    from tournament.games import table_engine
    from tournament.games.five_tricks import table_play

    return [(a.seat, table_play.card_code(a.card)) for a in stored_actions(online)
            if isinstance(a, table_engine.Play)]


def check_recorded(session, secret_key, event_id: int, round_number: int, closed: bool) -> list[str]:
    """Problems with the games of that round: every ended deal (and, once closed, every deal
    with a trick taken) recorded once, as its `recorded_as` game, with the tricks of every
    seat and the winner `core.game_winner` names; no game that no deal explains."""
    round_id = session.scalar(select(Round.id).where(Round.event_id == event_id, Round.number == round_number))
    salt = session.scalar(select(Event.deal_salt).where(Event.id == event_id))
    names = dict(session.execute(select(Player.id, Player.name).where(Player.event_id == event_id)).all())
    rows = session.scalars(select(Table).where(Table.event_id == event_id)).all()
    tables = {table.id: table.number for table in rows}
    referees = {table.id: table.variant if table.app_referees else None for table in rows}
    stored: dict[tuple[int, int], dict[int, tuple[int | None, bool]]] = defaultdict(dict)
    for table_id, number, player_id, score, won in session.execute(
            select(Game.table_id, Game.number, GameResult.player_id, GameResult.score, GameResult.won)
            .join(GameResult, GameResult.game_id == Game.id).where(Game.round_id == round_id)):
        stored[(table_id, number)][player_id] = (score, won)
    problems: list[str] = []
    explained: set[tuple[int, int]] = set()
    for online in session.scalars(select(OnlineGame).where(OnlineGame.round_id == round_id)
                                  .order_by(OnlineGame.table_id, OnlineGame.number)):
        where = f"table {tables[online.table_id]} deal {online.number}"
        _dealt, state = replay_game(secret_key, online, referees[online.table_id], salt)
        tricks = {names[pid]: state.taken[seat] for seat, pid in enumerate(online.seats)}
        due = state.stage == "over" or (closed and any(state.taken))
        if not due:
            if online.recorded_as is not None:
                problems.append(f"{where}: recorded as game {online.recorded_as} with no trick taken")
            continue
        if online.recorded_as is None:
            problems.append(f"{where}: {'ended' if state.stage == 'over' else 'counted at the close'} but not recorded")
            continue
        game = stored.get((online.table_id, online.recorded_as))
        explained.add((online.table_id, online.recorded_as))
        if game is None:
            problems.append(f"{where}: recorded as game {online.recorded_as}, which does not exist")
            continue
        winner = game_winner(tricks)
        got_winners = {names[pid] for pid, (_score, won) in game.items() if won}
        got_tricks = {names[pid]: score for pid, (score, _won) in game.items()}
        if got_winners != {winner}:
            problems.append(f"{where}: winner {sorted(got_winners)}, the tricks {tricks} make it {winner}")
        if got_tricks != tricks:
            problems.append(f"{where}: tricks stored {got_tricks}, played {tricks}")
    for table_id, number in sorted(set(stored) - explained):
        problems.append(f"table {tables[table_id]}: game {number} was recorded but no deal explains it")
    return problems


def recorded_winners(session, event_id: int, round_number: int) -> dict[tuple[int, int], str]:
    """(table number, game number) -> the winner's name, of that round's recorded games."""
    rows = session.execute(
        select(Table.number, Game.number, Player.name).join(Game, Game.table_id == Table.id)
        .join(GameResult, (GameResult.game_id == Game.id) & GameResult.won)
        .join(Player, Player.id == GameResult.player_id).join(Round, Game.round_id == Round.id)
        .where(Round.event_id == event_id, Round.number == round_number))
    return {(table, number): name for table, number, name in rows}


def check_moves(session, event_id: int, round_number: int) -> list[str]:
    """The next round's seats are `core.plan_round`'s over the closed round's recorded games (a
    table that recorded none has no result: nobody there moves)."""
    event = session.get(Event, event_id)
    round_ids = dict(session.execute(select(Round.number, Round.id).where(Round.event_id == event_id)).all())
    if round_number + 1 not in round_ids:
        return [f"round {round_number + 1} was not planned by the close"]
    games_won: dict[int, dict[str, int]] = defaultdict(dict)
    for number, name in session.execute(
            select(Table.number, Player.name).join(Seat, Seat.table_id == Table.id)
            .join(Player, Seat.player_id == Player.id).where(Seat.round_id == round_ids[round_number])):
        games_won[number][name] = 0
    winners = recorded_winners(session, event_id, round_number)
    for (table, _game), name in winners.items():
        games_won[table][name] += 1
    planned = plan_round(games_won, reported={table for table, _game in winners},
                         movers=game_of(event).movers).destinations()
    seats = dict(session.execute(
        select(Player.name, Table.number).join(Seat, Seat.player_id == Player.id)
        .join(Table, Seat.table_id == Table.id).where(Seat.round_id == round_ids[round_number + 1])).all())
    return [f"{name}: seated at table {seats.get(name)} in round {round_number + 1}, plan_round says {table}"
            for name, table in sorted(planned.items()) if seats.get(name) != table]


def check_bot_views(session, event_id: int, round_number: int, bots: list[Bot], table_of: dict[str, int]) -> list[str]:
    """What each bot was shown when a deal ended (winner, game number) is what was recorded: the
    winner shown by the public name the room sees of her."""
    from tournament.services.public_names import room_names_by_name

    public = room_names_by_name(session.get(Event, event_id))
    winners = {place: public[name] for place, name in recorded_winners(session, event_id, round_number).items()}
    problems = []
    for bot in bots:
        for deal, game in sorted(bot.deals_over.items()):
            number = game.get("recorded_as")
            if number is None:
                problems.append(f"{bot.name}: deal {deal} ended with no game number shown")
            elif winners.get((table_of[bot.name], number)) != game.get("winner"):
                problems.append(f"{bot.name}: deal {deal} showed winner {game.get('winner')!r}, game {number} "
                                f"has {winners.get((table_of[bot.name], number))!r}")
    return problems


# --- running the bots ------------------------------------------------------------------------

@dataclass
class BotRun:
    bots: list[Bot]
    seconds: float
    finished: bool  # every table reached the deals asked for before the deadline
    table_of: dict[str, int] = field(default_factory=dict)


def make_bots(base: str, setup: OnlineSetup, pointing: str = "led", seed: int = 1,
              streams: dict[int, str] | None = None, **options) -> list[Bot]:
    """A bot per seated player, each claiming its name on the public link (`streams`: table
    number -> its stream's path, for bots that poll when pushed to; `options`: more `Bot`
    fields, e.g. `fastest_ms`, `keep_bodies`)."""
    return [Bot(base, name, group=str(table), player_id=pid, public_token=setup.public_token,
                pointing=pointing, seed=seed * 1000 + pid, stream_path=(streams or {}).get(table), **options)
            for table, seated_here in setup.seats.items() for pid, name in seated_here]


def table_streams(session, secret_key: str, event_id: int) -> dict[int, str]:
    """Table number -> the stream an online player's screen at that table follows."""
    return {number: stream_path(secret_key, event_id, table_id) for number, table_id in session.execute(
        select(Table.number, Table.id).where(Table.event_id == event_id))}


def joined(base: str, setup: OnlineSetup, pointing: str = "led", **options) -> list[Bot]:
    """Every seated player's bot with its name claimed and its screen read, in seat order."""
    bots = make_bots(base, setup, pointing, **options)
    for bot in bots:
        bot.join()
        bot.poll_now()
    return bots


def advance(bots: list[Bot], until, limit: int = 500, dealing: bool = False) -> None:
    """Let the bots look and act in turn, one at a time, until `until()` holds: a table brought
    to an exact moment of a deal, the same way every time. `dealing`: a deal over, start the next."""
    for _ in range(limit):
        if until():
            return
        for bot in bots:
            bot.poll()
            if until():
                return
            bot.step(dealing)
    seen = {bot.name: {k: (bot.game() or {}).get(k) for k in ("deal", "stage", "trick_number", "trick", "my_choice")}
            for bot in bots}
    raise AssertionError(f"the table never reached the moment asked for; it shows {seen}; "
                         f"answers {[a for bot in bots for a in bot.errors()][:5]}")


def deals_done(bots: list[Bot]) -> dict[str, int]:
    """Per table: deals that ended, as the bots there saw them."""
    done: dict[str, int] = defaultdict(int)
    for bot in bots:
        done[bot.group] = max(done[bot.group], len(bot.deals_over))
    return done


def play(bots: list[Bot], deals: int, seconds: float) -> BotRun:
    """Run every bot in its own thread until each table has ended `deals` deals (or the time is
    up); then stop them all and wait for them."""
    stop = threading.Event()
    started = time.monotonic()
    deadline = started + seconds
    threads = [threading.Thread(target=bot.run, args=(stop, deadline), daemon=True) for bot in bots]
    for thread in threads:
        thread.start()
    groups = {bot.group for bot in bots}
    finished = False
    while time.monotonic() < deadline and any(t.is_alive() for t in threads):
        done = deals_done(bots)
        if all(done.get(g, 0) >= deals for g in groups):
            finished = True
            break
        time.sleep(0.1)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    return BotRun(bots, time.monotonic() - started, finished,
                  {bot.name: int(bot.group) for bot in bots})


def close_round(base: str, event_id: int, number: int) -> int:
    """The organiser, logged in through the login form, closes the round; the answer's status."""
    organiser = Client(base, timeout=60)
    try:
        organiser.login(USERNAME, PASSWORD)
        path = f"/events/{event_id}/rounds/{number}/close"
        token = organiser.get(path).csrf()
        return organiser.post(path, {"csrf_token": token}).status
    finally:
        organiser.close()


@dataclass
class Figures:
    latencies_ms: list[float]
    last_screen_ms: list[float]
    deals: dict[str, int]
    requests: int
    seconds: float
    polls: int
    polls_204: int
    poll_204_ms: list[float]
    poll_200_ms: list[float]
    act_ms: list[float]
    statuses: dict
    in_process: dict[str, list[float]] = field(default_factory=dict)
    abused_ms: list[float] = field(default_factory=list)  # card to screen at the abusers' tables
    abusers: list[dict] = field(default_factory=list)  # what each abusive device received
    news: int = 0  # stream messages that made a bot poll (pushed runs)

    def line(self, label: str, samples: list[float]) -> str:
        if not samples:
            return f"{label:34} (no samples)"
        return (f"{label:34} median {statistics.median(samples):7.1f}  p95 {percentile(samples, 0.95):7.1f}  "
                f"p99 {percentile(samples, 0.99):7.1f}  max {max(samples):7.1f} ms  ({len(samples)})")

    def report(self) -> list[str]:
        where = " (other tables)" if self.abusers else " (each other screen)"
        lines = [
            self.line("card to screen" + where, self.latencies_ms),
            *([self.line("card to screen (abusers' tables)", self.abused_ms)] if self.abusers else []),
            self.line("card to the table's last screen", self.last_screen_ms),
            self.line("poll answered 204 (one statement)", self.poll_204_ms),
            self.line("poll answered 200 (state built)", self.poll_200_ms),
            self.line("action answered (play/point/deal)", self.act_ms),
            f"{'requests':34} {self.requests} in {self.seconds:.1f} s: {self.requests / self.seconds:.0f} per second",
            f"{'polls answered 204':34} {self.polls_204} of {self.polls} "
            f"({100 * self.polls_204 / max(1, self.polls):.0f} %)"
            + (f", {self.news} of them after a stream message" if self.news else ""),
            f"{'deals ended per table':34} {min(self.deals.values(), default=0)} to "
            f"{max(self.deals.values(), default=0)} ({sum(self.deals.values())} in all)",
            f"{'statuses':34} " + ", ".join(f"{k} {s}: {n}" for (k, s), n in sorted(self.statuses.items())),
            *(self.line(f"in process, {name}", samples) for name, samples in self.in_process.items()),
        ]
        for number, abuser in enumerate(self.abusers, 1):
            counts = abuser.get("counts") or {}
            total = sum(counts.values())
            seconds = abuser.get("seconds") or 1.0
            lines.append(f"{f'abusive device {number}':34} {total} requests in {seconds:.1f} s "
                         f"({total / seconds:.0f} per second): "
                         + (", ".join(f"{k}: {n}" for k, n in sorted(counts.items())) or abuser.get("error", "")))
        return lines


def figures(run: BotRun, abused: frozenset[str] = frozenset()) -> Figures:
    """The bots' figures; card-to-screen latency split between the tables an abusive device
    sits at (`abused`: their groups) and the others."""
    answers = [a for bot in run.bots for a in bot.answers]
    polls = [a for a in answers if a.kind == "poll"]
    others = [bot for bot in run.bots if bot.group not in abused]
    return Figures(
        latencies_ms=[1000 * s for s in card_latencies(others)],
        last_screen_ms=[1000 * s for s in card_latencies(others, last_screen=True)],
        deals=dict(deals_done(run.bots)),
        requests=len(answers), seconds=run.seconds, polls=len(polls),
        polls_204=sum(1 for a in polls if a.status == 204),
        poll_204_ms=[1000 * a.seconds for a in polls if a.status == 204],
        poll_200_ms=[1000 * a.seconds for a in polls if a.status == 200],
        act_ms=[1000 * a.seconds for a in answers if a.kind in ("play", "point", "deal") and a.status == 200],
        statuses=dict(status_counts(run.bots)),
        abused_ms=[1000 * s for s in card_latencies([bot for bot in run.bots if bot.group in abused])],
        news=sum(bot.news for bot in run.bots),
    )


def check_run(session, secret_key, event_id: int, run: BotRun, round_number: int = 1, closed: bool = True,
              shared: frozenset[str] = frozenset()) -> list[str]:
    """Everything the load run must leave true (see the module's docstring). `shared`: bots
    whose personal link an abusive device also uses; the limits of that link may answer them 429."""
    problems = [f"{bot.name}: {a.kind} answered {a.status}: {a.error}" for bot in run.bots
                for a in bot.errors((409, 429) if bot.name in shared else (409,))]
    problems += check_recorded(session, secret_key, event_id, round_number, closed)
    problems += check_bot_views(session, event_id, round_number, run.bots, run.table_of)
    if closed:
        problems += check_moves(session, event_id, round_number)
    return problems


def time_in_process(app, event_id: int, repeats: int = 50) -> dict[str, list[float]]:
    """The two paths of the poll timed inside one process, with no HTTP and no other client:
    the key alone (the 204 path: one statement) and a whole payload built (the 200 path),
    each in ms, for a player at a table that has played (the event left as the run left it)."""
    from tournament.blueprints.play.payload import state_payload
    from tournament.models import OnlineClaim
    from tournament.services.online import view
    from tournament.services.timer import now_utc

    times: dict[str, list[float]] = {"key (204 path)": [], "state built (200 path)": []}
    with app.test_request_context("/"):
        session = db.session()
        claim = session.scalars(select(OnlineClaim).where(OnlineClaim.event_id == event_id)).first()
        for _ in range(repeats):
            started = time.perf_counter()
            view.poll_key(session, claim.token, now_utc())
            times["key (204 path)"].append(1000 * (time.perf_counter() - started))
            session.rollback()
            started = time.perf_counter()
            state_payload(view.player_view(session, claim, now_utc()))
            times["state built (200 path)"].append(1000 * (time.perf_counter() - started))
            session.rollback()
    return times


def load_average() -> str:
    try:
        return "load average " + " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "load average unknown"


def served_app(url: str, instance: Path):
    """The app as the served process has it: same database, same instance folder, so the same
    secret key (the deal seeds depend on it)."""
    os.environ["TOURNAMENT_INSTANCE_PATH"] = str(instance)
    try:
        return create_app({"DATABASE_URL": url})
    finally:
        del os.environ["TOURNAMENT_INSTANCE_PATH"]


def fill_pads(session, event_id: int, table_numbers: list[int]) -> None:
    """The drawing pads of these tables filled to `messages.MAX_PAD_POINTS` for the running
    round, in strokes of the most points a stroke may have: what the players there could draw in
    a few minutes, and the dearest pad a screen can be sent."""
    import random

    from tournament.models import OnlineMessage
    from tournament.services.online import messages

    rng = random.Random(7)
    round_id = session.scalar(select(Round.id).where(Round.event_id == event_id, Round.number == 1))
    for number in table_numbers:
        table_id = session.scalar(select(Table.id).where(Table.event_id == event_id, Table.number == number))
        player_id = session.scalar(select(Seat.player_id).where(Seat.round_id == round_id, Seat.table_id == table_id))
        for n in range(messages.MAX_PAD_POINTS // messages.MAX_POINTS):
            points = [[rng.randrange(1001), rng.randrange(1001)] for _ in range(messages.MAX_POINTS)]
            session.add(OnlineMessage(event_id=event_id, table_id=table_id, round_id=round_id, player_id=player_id,
                                      kind="stroke", body={"points": points, "colour": "ink"}, nonce=f"fill-{n:04d}"))
    session.commit()


def start_abusers(base: str, paths: list[str], seconds: float) -> list[subprocess.Popen]:
    """One `benchmarks.abuse` process per personal link, each from a loopback address of its own."""
    return [subprocess.Popen([sys.executable, "-m", "benchmarks.abuse", base, path, "--source", f"127.0.0.{11 + n}",
                              "--seconds", str(seconds), "--seed", str(n)],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True)
            for n, path in enumerate(paths)]


def abuser_results(processes: list[subprocess.Popen]) -> list[dict]:
    results = []
    for process in processes:
        try:
            out, _ = process.communicate(timeout=120)
            results.append(json.loads(out.strip().splitlines()[-1]))
        except (subprocess.TimeoutExpired, ValueError, IndexError) as error:
            process.kill()
            results.append({"error": f"the abusive device's process gave no figures: {error!r}"})
    return results


def run_online(tables: int = 10, deals: int = 2, pointing: str = "led", database_url: str | None = None,
               seconds: float = 600.0, threads: int = 16, abusers: int = 0,
               duration: float | None = None, push: bool = False) -> tuple[Figures, list[str]]:
    """`abusers`: that many abusive devices (`benchmarks.abuse`), each on the personal link of the
    first player at tables 1, 2, … (a second device of that player), whose pads are filled first.
    `duration`: play for that long whatever the deals, instead of until every table ended `deals`.
    `push`: each bot follows its table's stream and polls when told (else at `poll_ms`)."""
    folder = Path(tempfile.mkdtemp(prefix="online-"))
    url = database_url or f"sqlite:///{folder}/online.sqlite3"
    if duration is not None:
        deals, seconds = 10**6, duration
    abusers = min(abusers, tables)
    try:
        prepare_database(url)
        app = served_app(url, folder)
        with app.app_context():
            session = db.session()
            accounts.set_organiser(session, USERNAME, PASSWORD)
            setup = setup_online_event(session, [f"Player {n:03d}" for n in range(tables * 4)], tables)
            fill_pads(session, setup.event_id, list(range(1, abusers + 1)))
            streams = table_streams(session, app.config["SECRET_KEY"], setup.event_id) if push else None
        server = Server(folder, url, threads=threads).start()
        try:
            print(f"{tables} online tables of 4, {tables * 4} bots {'pushed' if push else 'polling'}, "
                  f"{abusers} abusive devices; {load_average()} before", flush=True)
            bots = make_bots(server.base, setup, pointing, streams=streams,
                             **({"think_ms": PUSHED_THINK_MS} if push else {}))
            abused: dict[str, str] = {}  # bot name -> its table's group, for the bots an abuser shares a link with
            if abusers:
                for bot in bots:
                    bot.join()
                firsts = [next(bot for bot in bots if bot.group == str(number)) for number in range(1, abusers + 1)]
                abused = {bot.name: bot.group for bot in firsts}
                processes = start_abusers(server.base, [bot.personal_path for bot in firsts], seconds)
            run = play(bots, deals, seconds)
            abuse = abuser_results(processes) if abusers else []
            print(f"played {run.seconds:.1f} s; {load_average()} after", flush=True)
            problems = [] if run.finished or duration is not None else [
                f"not every table ended {deals} deals in {seconds:.0f} s: {dict(deals_done(run.bots))}"]
            problems += [f"abusive device: {a['error']}" for a in abuse if "error" in a]
            # Deals still on at every table; left out beside abusers (a full pad's first player).
            in_process = {} if abusers else time_in_process(app, setup.event_id)
            status = close_round(server.base, setup.event_id, 1)
            if status != 302:
                problems.append(f"closing round 1 answered {status}")
        finally:
            server.stop()
        with app.app_context():
            problems += check_run(db.session(), app.config["SECRET_KEY"], setup.event_id, run,
                                  shared=frozenset(abused))
        result = figures(run, frozenset(abused.values()))
        result.in_process = in_process
        result.abusers = abuse
        app.extensions["db_engine"].dispose()
        return result, problems
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def add_arguments(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    parser.add_argument(f"--{prefix}tables", type=int, default=10, help="online tables of 4 bots")
    parser.add_argument(f"--{prefix}deals", type=int, default=2, help="deals every table ends before the close")
    parser.add_argument(f"--{prefix}pointing", choices=("led", "random"), default="led",
                        help="bots point at the led card, or at random (disputes) then agree")
    parser.add_argument(f"--{prefix}seconds", type=float, default=600.0, help="give up after this long")
    parser.add_argument(f"--{prefix}abusers", type=int, default=0,
                        help="abusive devices (benchmarks.abuse): a second device on the link of the first "
                             "player at tables 1..N, polling with a stale key and drawing as fast as the "
                             "server answers; their tables' pads are filled first")
    parser.add_argument(f"--{prefix}modes", nargs="+", choices=MODES, default=list(MODES),
                        help="how the screens learn of a change: pushed by their table's stream, polling, "
                             "or both in turn (each on an event of its own)")
    parser.add_argument(f"--{prefix}duration", type=float, default=None,
                        help="play for this many seconds whatever the deals (for runs with and without abusers)")


MODES = ("push", "poll")
PUSH_MEDIAN_TARGET_MS = 50.0


def run_and_report(tables: int, deals: int, pointing: str, database_url: str | None, seconds: float,
                   abusers: int = 0, duration: float | None = None, modes: tuple[str, ...] = ("poll",)) -> list[str]:
    """Each mode in turn, each on an event and server of its own."""
    misses = []
    for mode in modes:
        target = PUSH_MEDIAN_TARGET_MS if mode == "push" else MEDIAN_TARGET_MS
        result, problems = run_online(tables, deals, pointing, database_url, seconds, abusers=abusers,
                                      duration=duration, push=mode == "push")
        for line in result.report():
            print(line)
        misses += [f"{mode}, check: {p}" for p in problems[:30]]
        if len(problems) > 30:
            misses.append(f"... and {len(problems) - 30} more")
        if result.latencies_ms and statistics.median(result.latencies_ms) > target:
            misses.append(f"{mode}: card to screen median {statistics.median(result.latencies_ms):.0f} ms "
                          f"(target <= {target:.0f} ms)")
        if not result.latencies_ms:
            misses.append(f"{mode}: no card was seen by another bot")
    return misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    add_arguments(parser)
    args = parser.parse_args()
    misses = run_and_report(args.tables, args.deals, args.pointing, args.database_url, args.seconds,
                            args.abusers, args.duration, tuple(args.modes))
    for miss in misses:
        print("MISSED", miss)
    if not misses:
        print("checks passed: no error answered; every ended deal (and every deal cut short with a trick) "
              "recorded with its tricks and winner; what each bot was shown agrees; the close's moves "
              f"are plan_round's; card to screen median within {PUSH_MEDIAN_TARGET_MS:.0f} ms pushed, "
              f"{MEDIAN_TARGET_MS:.0f} ms polling")
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
