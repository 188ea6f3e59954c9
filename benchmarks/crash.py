"""Crash test: SIGKILL the LAN server in the middle of the load and in the middle of round closes.

    make crash                                   # SQLite temp file
    .venv/bin/python benchmarks/crash.py --kills 5 --closes 10 --database-url postgresql+psycopg://.../x  # WIPES it

After every kill the server is started again on the same database and must answer normally;
then the database must hold every game a phone was told was saved (a game whose answer was cut
off may be in its old or new state), no game without its trick rows, and no round closed
without the next round's full seating (or a next round without its closed predecessor).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import shutil
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, func, select

from benchmarks.build import PASSWORD, USERNAME, play_round
from benchmarks.harness import Client, Server
from benchmarks.load import prepared_event
from benchmarks.phones import Phone, Tally, check_games, start_clients
from tournament.models import Player, PlayerStatus, Round, RoundState, Seat


def restart_and_check_alive(folder: Path, url: str, built) -> Server:
    server = Server(folder, url).start()
    client = Client(server.base)
    if client.get(f"/p/{built.projector_token}/feed.json").status != 200:
        raise AssertionError("projector feed failed after restart")
    client.login(USERNAME, PASSWORD)
    if client.get(f"/events/{built.event_id}/standings").status != 200:
        raise AssertionError("standings failed after restart")
    client.close()
    return server


def kill_during_load(folder: Path, database_url: str | None, phones: int, projectors: int,
                     kills: int, rng: random.Random, window: float = 3.0) -> list[str]:
    url, built, number = prepared_event(folder, database_url, phones)
    clients = [Phone(table, token) for table, token in built.table_tokens.items()]
    problems: list[str] = []
    server = Server(folder, url).start()
    for kill in range(kills):
        stop = threading.Event()
        threads = start_clients(server.base, clients, built.projector_token, projectors, Tally(), stop, quiet=True)
        stop.wait(rng.uniform(0.5, window))
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        server = restart_and_check_alive(folder, url, built)
        found = check_games(url, built.event_id, number, clients)
        problems += [f"kill {kill + 1}: {p}" for p in found]
    server.stop()
    return problems


def seating_problems(url: str, event_id: int) -> list[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            seated = connection.scalar(select(func.count()).select_from(Player).where(
                Player.event_id == event_id, Player.status == PlayerStatus.SEATED))
            rounds = connection.execute(select(Round.id, Round.number, Round.state)
                                        .where(Round.event_id == event_id).order_by(Round.number)).all()
            seats = dict(connection.execute(select(Seat.round_id, func.count()).group_by(Seat.round_id)).all())
    finally:
        engine.dispose()
    problems = []
    for index, (round_id, number, state) in enumerate(rounds):
        if seats.get(round_id, 0) != seated:
            problems.append(f"round {number} ({state}) has {seats.get(round_id, 0)} seats, {seated} players seated")
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        if RoundState(state) is RoundState.CLOSED and following is None:
            problems.append(f"round {number} closed without a next round")
        if following is not None and RoundState(state) is not RoundState.CLOSED:
            problems.append(f"round {following[1]} exists while round {number} is {state}")
    return problems


def kill_during_close(folder: Path, database_url: str | None, tables: int, closes: int,
                      rng: random.Random) -> tuple[list[str], int]:
    """Returns (problems, how many closes the kill left committed)."""
    url, built, number = prepared_event(folder, database_url, tables)
    play_round_games(url, folder, built, number)
    problems, committed = [], 0
    server = Server(folder, url).start()
    for attempt in range(closes):
        client = Client(server.base)
        client.login(USERNAME, PASSWORD)
        close = f"/events/{built.event_id}/rounds/{number}/close"
        token = client.get(close).csrf()
        sender = threading.Thread(target=_post_quietly, args=(client, close, {"csrf_token": token}), daemon=True)
        sender.start()
        threading.Event().wait(rng.uniform(0.0, 0.25))
        server.kill()
        sender.join(timeout=30)
        server = restart_and_check_alive(folder, url, built)
        problems += [f"close {attempt + 1}: {p}" for p in seating_problems(url, built.event_id)]
        if _state(url, built.event_id, number) is RoundState.CLOSED:
            committed += 1
            server.stop()
            number = play_round(url, str(folder), built.event_id)
            server = Server(folder, url).start()
    server.stop()
    return problems, committed


def play_round_games(url, folder, built, number) -> None:
    from benchmarks.build import app_for, record_round
    from tournament import db
    from tournament.models import Event
    from tournament.services.round_data import load_round

    app = app_for(url, str(folder))
    with app.app_context():
        session = db.session()
        record_round(session, load_round(session, session.get(Event, built.event_id), number), 3)
    app.extensions["db_engine"].dispose()


def _post_quietly(client: Client, path: str, form: dict) -> None:
    with contextlib.suppress(OSError):
        client.post(path, form)


def _state(url: str, event_id: int, number: int) -> RoundState:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return RoundState(connection.scalar(
                select(Round.state).where(Round.event_id == event_id, Round.number == number)))
    finally:
        engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    parser.add_argument("--phones", type=int, default=120)
    parser.add_argument("--projectors", type=int, default=30)
    parser.add_argument("--kills", type=int, default=5, help="kills during the load")
    parser.add_argument("--closes", type=int, default=10, help="kills during round closes")
    parser.add_argument("--close-tables", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="crash-"))
    try:
        for part in ("load", "close"):
            (folder / part).mkdir()
        during_load = kill_during_load(folder / "load", args.database_url, args.phones, args.projectors,
                                       args.kills, rng)
        during_close, committed = kill_during_close(folder / "close", args.database_url, args.close_tables,
                                                    args.closes, rng)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{args.kills} kills during load ({args.phones} phones, {args.projectors} projectors): "
          f"{len(during_load)} problems")
    print(f"{args.closes} kills during round closes ({args.close_tables} tables): {committed} closes had "
          f"committed, {args.closes - committed} had not; {len(during_close)} problems")
    for problem in (during_load + during_close)[:20]:
        print("  ", problem)
    ok = not during_load and not during_close
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
