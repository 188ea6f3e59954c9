"""Simulated table phones and projectors against a running server, and the database check
that follows: every game a phone was told was saved must be in the database exactly once, with
its trick rows, and nothing else may be.

A phone knows only its table's link. Each turn it loads its page (CSRF token, game versions),
then sends every game it has so far plus one more (or, past the form's limit, a changed winner):
what a real phone does when a table reports game by game."""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

from sqlalchemy import create_engine, select

from benchmarks.harness import Client, phone_form
from tournament.models import Game, GameResult, Round, Table

MAX_GAMES = 40


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)

    def note(self, kind: str, started: float) -> None:
        with self.lock:
            self.latencies[kind].append((time.perf_counter() - started) * 1000)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


@dataclass
class Phone:
    table: int
    token: str
    acked: dict[int, int] = field(default_factory=dict)  # game number -> winner id, as confirmed
    pending: dict[int, int] | None = None  # sent, answer not (yet) received
    players: list[int] = field(default_factory=list)

    def turn(self, client: Client, tally: Tally, step: int) -> None:
        url = f"/t/{self.token}"
        started = time.perf_counter()
        page = client.get(url)
        tally.note("phone GET", started)
        if page.status != 200:
            raise AssertionError(f"table {self.table}: GET {page.status}")
        _form, self.players = phone_form(page.text, winners=[])
        wanted = dict(self.acked)
        if len(wanted) < MAX_GAMES:
            wanted[len(wanted) + 1] = self.players[step % len(self.players)]
        else:
            number = step % MAX_GAMES + 1
            wanted[number] = self.players[(self.players.index(wanted[number]) + 1) % len(self.players)]
        winners = [wanted.get(n) for n in range(1, max(wanted) + 1)]
        form, _ = phone_form(page.text, winners=winners)
        for number, winner in wanted.items():
            loser = next(p for p in self.players if p != winner)
            form[f"games-{number - 1}-s{winner}"] = "3"
            form[f"games-{number - 1}-s{loser}"] = "1"
        self.pending = wanted
        started = time.perf_counter()
        reply = client.post(url, form)
        tally.note("phone POST", started)
        if reply.status != 302:
            raise AssertionError(f"table {self.table}: POST {reply.status}: {reply.text[:300]}")
        self.acked, self.pending = wanted, None


def run_phone(base: str, phone: Phone, tally: Tally, stop: threading.Event, think: float, quiet: bool) -> None:
    client = Client(base, timeout=60)
    step = 0
    while not stop.is_set():
        try:
            phone.turn(client, tally, step)
        except Exception as error:  # every failure is counted, none ends the run early
            if not quiet:
                tally.error(f"phone {phone.table}: {error!r}"[:400])
            client.close()
            if quiet:
                return
        step += 1
        if think:
            stop.wait(think)
    client.close()


def run_projector(base: str, token: str, tally: Tally, stop: threading.Event, interval: float, quiet: bool) -> None:
    client = Client(base, timeout=60)
    tag = ""
    while not stop.is_set():
        started = time.perf_counter()
        try:
            reply = client.get(f"/p/{token}/feed.json", {"If-None-Match": tag} if tag else None)
            tally.note("projector poll", started)
            if reply.status == 200:
                tag = reply.headers.get("etag", "")
            elif reply.status != 304:
                tally.error(f"projector: {reply.status}")
        except Exception as error:
            if quiet:
                return
            tally.error(f"projector: {error!r}"[:400])
            client.close()
        stop.wait(interval)
    client.close()


def start_clients(base: str, phones: list[Phone], projector_token: str, projectors: int, tally: Tally,
                  stop: threading.Event, think: float = 0.0, interval: float = 0.7,
                  quiet: bool = False) -> list[threading.Thread]:
    """`quiet`: a client stops at its first failure without counting it (the crash test kills
    the server on purpose)."""
    threads = [threading.Thread(target=run_phone, args=(base, p, tally, stop, think, quiet), daemon=True)
               for p in phones]
    threads += [threading.Thread(target=run_projector, args=(base, projector_token, tally, stop, interval, quiet),
                                 daemon=True) for _ in range(projectors)]
    for thread in threads:
        thread.start()
    return threads


def check_games(database_url: str, event_id: int, round_number: int, phones: list[Phone]) -> list[str]:
    """Problems found: a confirmed game missing or different, a game nobody sent, a game without
    its two trick rows. A submission whose answer never arrived may have been kept or not; the
    phone is told which (as its next page would)."""
    engine = create_engine(database_url)
    problems: list[str] = []
    try:
        with engine.connect() as connection:
            round_id = connection.scalar(
                select(Round.id).where(Round.event_id == event_id, Round.number == round_number))
            rows = connection.execute(
                select(Table.number, Game.id, Game.number, GameResult.player_id)
                .join(Table, Game.table_id == Table.id)
                .outerjoin(GameResult, (GameResult.game_id == Game.id) & GameResult.won)
                .where(Game.round_id == round_id)).all()
            tricks = defaultdict(dict)
            for game_id, player_id, count in connection.execute(
                    select(GameResult.game_id, GameResult.player_id, GameResult.score)
                    .join(Game).where(Game.round_id == round_id, GameResult.score.is_not(None))):
                tricks[game_id][player_id] = count
    finally:
        engine.dispose()
    stored: dict[int, dict[int, int]] = defaultdict(dict)
    for table, game_id, number, winner in rows:
        if number in stored[table]:
            problems.append(f"table {table}: game {number} stored twice")
        stored[table][number] = winner
        if sorted(tricks[game_id].values()) != [1, 3] or tricks[game_id].get(winner) != 3:
            problems.append(f"table {table}: game {number} without its trick rows ({tricks[game_id]})")
    for phone in phones:
        found = stored.pop(phone.table, {})
        allowed = [phone.acked] + ([phone.pending] if phone.pending is not None else [])
        if found not in allowed:
            problems.append(f"table {phone.table}: stored {found}, confirmed {phone.acked}, in flight {phone.pending}")
        elif phone.pending is not None:
            # After a crash the phone's next page shows what was kept; it builds on that.
            phone.acked, phone.pending = found, None
    for table, games in stored.items():
        problems.append(f"table {table}: {len(games)} games no phone sent")
    return problems
