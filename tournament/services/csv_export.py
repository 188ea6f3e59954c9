"""Spreadsheet exports built from the event document (transfer.export_event), so the CSV files
say exactly what the JSON says.

Text cells that a spreadsheet would run as a formula (starting with = + - @ or a tab) get a
leading apostrophe: names are typed by anyone. Files are UTF-8 with a byte-order mark, which
Excel needs to show accents.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from ..core.names import name_key
from ..games import get as game_by_key
from .outcome import round_outcome

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
GAMES_HEADER = ["round", "table", "game", "winner", "players"]  # then the game's score column, if it keeps one
MOVES_HEADER = ["round", "player", "from_table", "games_won", "to_table", "move", "moved_by_hand",
                "round_winner", "note"]


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


def table_csv(header: list[str], rows: Iterable[list[Any]]) -> str:
    """Any table as a CSV file, written like the others (formula-safe cells, byte-order mark)."""
    return _csv(header, rows)


def _names(names: Iterable[str]) -> str:
    return "; ".join(sorted(names, key=name_key))


def games_csv(document: dict[str, Any]) -> str:
    """One row per recorded game: who sat at the table, who won (several winners alphabetically,
    joined by "; "), and the scores when the game keeps them and the table gave them (for Five
    Tricks the column "tricks")."""
    score = game_by_key(document["game"]).score
    rows = []
    for round_ in document["rounds"]:
        seated: dict[int, list[str]] = {}
        for seat in round_["seats"]:
            seated.setdefault(seat["table"], []).append(seat["player"])
        for game in round_["games"]:
            row = [round_["number"], game["table"], game["number"], _names(game["winners"]),
                   _names(seated.get(game["table"], []))]
            if score is not None:
                row.append("; ".join(f"{name} {count}" for name, count in (game["scores"] or {}).items()))
            rows.append(row)
    return _csv(GAMES_HEADER + ([score.column] if score is not None else []), rows)


def moves_csv(document: dict[str, Any]) -> str:
    """One row per player per closed round, from ``services.outcome`` (what the results pages
    and the projector show): where they sat, games won, round winner, where they sat next.
    "up"/"down"/"stay" compare table numbers; "out" means not seated in the next round; the
    next round's seats include the organiser's manual changes, and ``note`` says in words why a
    move differs from what the ranking called for. A closed round without a next round shows
    the ranking's moves."""
    rounds = document["rounds"]
    tables = [t["number"] for t in document["tables"]]
    rows = []
    for index, round_ in enumerate(rounds):
        if round_["state"] != "closed":
            continue
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        outcome = round_outcome(
            round_["number"], tables,
            {s["player"]: s["table"] for s in round_["seats"]},
            [(g["table"], g["winners"]) for g in round_["games"]],
            {s["player"]: (s["table"], s["manual"]) for s in following["seats"]} if following else None,
            following is not None and following["state"] != "planned",
            movers=game_by_key(document["game"]).movers,
            absent={s["player"] for s in round_["seats"] if s.get("presence") == "absent"},
        )
        for row in sorted(outcome.rows, key=lambda r: (r.from_table, name_key(r.player))):
            rows.append([round_["number"], row.player, row.from_table, row.games,
                         "" if row.to_table is None else row.to_table, row.direction,
                         "yes" if row.manual else "no", "yes" if row.winner else "no", str(row.note or "")])
    return _csv(MOVES_HEADER, rows)
