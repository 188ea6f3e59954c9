"""Time of importing a large event file, split into reading and checking it (no database
involved) and the write transaction (what phones of other events wait for).

    .venv/bin/python benchmarks/import_file.py                       # the largest event the limits allow
    .venv/bin/python benchmarks/import_file.py --tables 50 --rounds 10
    .venv/bin/python benchmarks/import_file.py --database-url postgresql+psycopg://.../bench  # WIPES it

The file is built here (no HTTP), valid by construction: every table full, every round played
with `games` games per table carrying trick counts, and one log line per game. Target: the
write transaction of the largest file well under a second (exit code 1 above TARGET_WRITE_S).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.core import limits

TARGET_WRITE_S = 0.8
VARIANT = {"ace": "high", "wins": "highest", "trump": None, "trump_any_time": False}
# Two-byte letters: a name of the longest allowed length in a non-Latin class list.
ALPHABET = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЭЮЯ"


def long_name(index: int, length: int) -> str:
    """Unique and exactly `length` characters: a counter spelled in ALPHABET, padded."""
    digits = []
    while True:
        index, digit = divmod(index, len(ALPHABET))
        digits.append(ALPHABET[digit])
        if index == 0:
            break
    stem = "".join(digits)
    return (stem + " " + "ж" * length)[:length]


def event_document(tables: int, seats: int, rounds: int, games: int, name_length: int = 40) -> dict:
    """`tables` tables of `seats` players, `rounds` closed rounds and a planned next one."""
    names = [long_name(n, name_length) for n in range(tables * seats)]
    stamp = "2024-05-02T09:30:00.000000Z"
    document = {
        "format": "five-tricks-event", "version": 1, "exported_at": stamp,
        "event": {"name": "Lecture hall", "round_minutes": 7, "study_minutes": 5, "practice_minutes": 3,
                  "paper_size": "a4", "sheet_copies": 2, "colour_safe": False, "projector_theme": "dark",
                  "chime": False, "shuffle_seed": 1},
        "tables": [{"number": t, "variant": VARIANT} for t in range(1, tables + 1)],
        "players": [{"name": name, "status": "seated", "home_table": 1 + i // seats} for i, name in enumerate(names)],
        "rounds": [], "audit": [],
    }
    for number in range(1, rounds + 2):
        shift = (number - 1) * 7
        at = {t: [] for t in range(1, tables + 1)}
        for i, name in enumerate(names):
            at[1 + ((i + shift) % len(names)) // seats].append(name)
        played = number <= rounds
        round_games = []
        for table, seated in at.items():
            for game in range(1, games + 1 if played else 1):
                winner = seated[(game + number) % len(seated)]
                # The winner's one trick so far: within the cards at any table size (28 / n tricks a game).
                tricks = {name: int(name == winner) for name in seated}
                round_games.append({"table": table, "number": game, "winner": winner, "tricks": tricks, "version": 1})
                document["audit"].append({"at": stamp, "actor": f"table {table}", "action": "game recorded",
                                          "round": number, "table": table, "subject": f"game {game}",
                                          "old": None, "new": f"{winner} won"})
        document["rounds"].append({
            "number": number, "state": "closed" if played else "planned",
            "started_at": stamp if played else None, "closed_at": stamp if played else None,
            "seats": [{"player": n, "table": t, "manual": False} for t, seated in at.items() for n in seated],
            "games": round_games,
        })
    return document


def long_text(index: int, length: int) -> str:
    """Exactly `length` characters of two-byte words (a note or prompt typed in Cyrillic)."""
    return (long_name(index, 12) + " " + "жжжж " * length)[:length].rstrip().ljust(length, "ж")


def with_debrief(document: dict) -> dict:
    """`document` (as `event_document` writes it) in the current format, carrying a debrief at
    its limits: MAX_DEBRIEF_STEPS steps of the longest title and prompt, the step on the wall,
    a replayed trick and MAX_NOTES notes of MAX_NOTE_TEXT characters from observers."""
    stamp = document["exported_at"]
    for round_ in document["rounds"]:
        round_["games"] = [{"table": g["table"], "number": g["number"], "version": g["version"],
                            "winners": [g["winner"]] if g["winner"] else [], "scores": g["tricks"]}
                           for g in round_["games"]]
    author = document["players"][0]["name"]
    tables = max(len(document["tables"]), 1)
    return {
        **document, "version": 3, "game": "five-tricks",
        "debrief": {"revealed_at": stamp, "step": limits.MAX_DEBRIEF_STEPS - 1, "trick": "7h Ac 2h 3s",
                    "steps": [{"title": long_text(n, limits.MAX_STEP_TITLE),
                               "prompt": long_text(n, limits.MAX_STEP_PROMPT), "view": "journeys"}
                              for n in range(limits.MAX_DEBRIEF_STEPS)]},
        "notes": [{"at": stamp, "round": 1 + n % max(len(document["rounds"]), 1), "table": 1 + n % tables,
                   "source": "observer", "author": author, "flag": "disagreed",
                   "text": long_text(n, limits.MAX_NOTE_TEXT), "hidden": False, "nonce": f"note-{n:06d}"}
                  for n in range(limits.MAX_NOTES)],
    }


def maximum_document() -> dict:
    """The largest played event the limits allow the pages to reach, as the Data page exports it."""
    return with_debrief(event_document(limits.MAX_TABLES, limits.MAX_PLAYERS // limits.MAX_TABLES,
                                       limits.SIZED_ROUNDS, limits.SIZED_GAMES))


def time_import(raw: bytes, database_url: str | None, instance: Path) -> tuple[float, float, int]:
    """(seconds reading and checking, seconds of the write transaction, rows written)."""
    from sqlalchemy.orm import configure_mappers

    from benchmarks.build import app_for
    from benchmarks.harness import prepare_database
    from tournament import db
    from tournament.services import transfer
    from tournament.services.transfer_checks import load_upload
    from tournament.services.transfer_schema import parse

    instance.mkdir(parents=True, exist_ok=True)
    url = database_url or f"sqlite:///{instance}/bench.sqlite3"
    prepare_database(url)
    app = app_for(url, str(instance))
    configure_mappers()  # once per process in a real server, long before any import
    with app.app_context():
        started = time.perf_counter()
        rows = transfer.Rows.of(parse(load_upload(raw), 40))
        checked = time.perf_counter()
        transfer.write(db.session(), rows)
        written = time.perf_counter()
    app.extensions["db_engine"].dispose()
    count = (1 + len(rows.tables) + len(rows.players) + len(rows.rounds) + len(rows.seats) + len(rows.games)
             + len(rows.results) + len(rows.audit) + len(rows.notes))
    return checked - started, written - checked, count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", help="a database to WIPE and use instead of a SQLite temp file")
    parser.add_argument("--tables", type=int, default=limits.MAX_TABLES)
    parser.add_argument("--seats", type=int, default=limits.MAX_PLAYERS // limits.MAX_TABLES)
    parser.add_argument("--rounds", type=int, default=limits.SIZED_ROUNDS)
    parser.add_argument("--games", type=int, default=limits.SIZED_GAMES)
    args = parser.parse_args()
    document = event_document(args.tables, args.seats, args.rounds, args.games)
    raw = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
    packed = gzip.compress(raw)
    print(f"{args.tables} tables x {args.seats} players, {args.rounds} rounds of {args.games} games: "
          f"{len(raw) / 1e6:.2f} MB JSON, {len(packed) / 1e6:.2f} MB gzip")
    folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
    try:
        for label, body in (("json", raw), ("gzip", packed)):
            check, write, rows = time_import(body, args.database_url, folder / label)
            print(f"{label}: read + check {check:.2f} s, write transaction {write:.3f} s ({rows} rows)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if write > TARGET_WRITE_S:
        print(f"MISSED write transaction {write:.2f} s (target < {TARGET_WRITE_S} s)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
