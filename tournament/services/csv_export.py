"""Spreadsheet exports built from the event document (transfer.export_event), so the CSV files
say exactly what the JSON says.

Text cells that a spreadsheet would run as a formula (starting with = + - @ or a tab) get a
leading apostrophe: names are typed by anyone. Files are UTF-8 with a byte-order mark, which
Excel needs to show accents.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any, Iterable

from ..core.names import name_key

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
GAMES_HEADER = ["round", "table", "game", "winner", "players", "tricks"]
MOVES_HEADER = ["round", "player", "from_table", "games_won", "to_table", "move", "moved_by_hand"]


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv(header: list[str], rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([_cell(v) for v in row] for row in rows)
    return out.getvalue()


def _names(names: Iterable[str]) -> str:
    return "; ".join(sorted(names, key=name_key))


def games_csv(document: dict[str, Any]) -> str:
    """One row per recorded game: who sat at the table, who won, and the tricks when counted."""
    rows = []
    for round_ in document["rounds"]:
        seated: dict[int, list[str]] = {}
        for seat in round_["seats"]:
            seated.setdefault(seat["table"], []).append(seat["player"])
        for game in round_["games"]:
            tricks = game["tricks"] or {}
            rows.append([round_["number"], game["table"], game["number"], game["winner"] or "",
                         _names(seated.get(game["table"], [])),
                         "; ".join(f"{name} {count}" for name, count in tricks.items())])
    return _csv(GAMES_HEADER, rows)


def moves_csv(document: dict[str, Any]) -> str:
    """One row per player per closed round: where they sat, games won, where they sit next.
    "up"/"down" compare table numbers; "out" means not seated in the next round (withdrawn or
    observing); the next round's seats include the organiser's manual changes."""
    rounds = document["rounds"]
    rows = []
    for index, round_ in enumerate(rounds):
        if round_["state"] != "closed":
            continue
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        nxt = {s["player"]: s for s in following["seats"]} if following else {}
        won = Counter(g["winner"] for g in round_["games"] if g["winner"])
        for seat in sorted(round_["seats"], key=lambda s: (s["table"], name_key(s["player"]))):
            then = nxt.get(seat["player"])
            rows.append([round_["number"], seat["player"], seat["table"], won[seat["player"]],
                         then["table"] if then else "", _move(seat["table"], then, following),
                         ("yes" if then["manual"] else "no") if then else ""])
    return _csv(MOVES_HEADER, rows)


def _move(table: int, then: dict | None, following: dict | None) -> str:
    if following is None:
        return ""
    if then is None:
        return "out"
    return "up" if then["table"] > table else "down" if then["table"] < table else "stay"
