"""The event for research: its file and spreadsheets with every player a stable pseudonym.

Invariants:
- One ZIP: ``event.json`` (the ordinary event file, so it imports as an event) and the
  spreadsheets the app exports (``games.csv``, ``moves.csv``), all built from one pseudonymised
  document, so they say the same thing. Member names are fixed: no name of anyone is in them.
- Every player is replaced by ``core.pseudonyms`` (P01… in the alphabetical order of the real
  names), wherever the file names a player: the list, seats, winners, scores, scoresheets,
  wishes. Ties broke alphabetically, and the pseudonyms sort as the names did, so the file
  replays to the same moves. Nicknames are dropped; the file shows its names in full, since
  pseudonyms are no one's.
- Left out: the change log (it names accounts and holds old names), and the notes, which people
  wrote and which may name pupils, unless the organiser asks for them; then every player's
  name, nickname or a word of the name, inside a note or a debrief step, as a whole word
  (as written, in lower or upper case, or capitalised), becomes the pseudonym.
- The event's name, settings, tables and house rules are kept.
"""

from __future__ import annotations

import copy
import io
import zipfile
from typing import Any

from sqlalchemy.orm import Session

from ..core.pseudonyms import pseudonyms
from ..core.public_names import NamesShown
from ..games import get as game_by_key
from ..models import Event
from ..name_display import name_parts
from . import csv_export, transfer

MEMBERS = ("event.json", "games.csv", "moves.csv")
OBSERVER = "observer"  # a note's author who is not on the event's list of players
UNSURE = "P?"  # a word of two players' names found in free text: one of them, but which
MIN_WORD = 2  # a one-letter word of a name (an initial) is left in free text: it is everywhere
_MOMENT = (1980, 1, 1, 0, 0, 0)  # every member's date: the same event gives the same archive


def research_document(session: Session, event: Event, include_notes: bool = False) -> dict[str, Any]:
    """The event's document (``transfer.export_event``) with every player a pseudonym."""
    document = copy.deepcopy(transfer.export_event(session, event))
    real = {p.name: p.nickname for p in event.players}
    pseudonym = pseudonyms(player["name"] for player in document["players"])
    document["event"]["names_shown"] = NamesShown.FULL.value
    document["players"] = [{"name": pseudonym[p["name"]], "status": p["status"], "home_table": p["home_table"]}
                           for p in document["players"]]
    scorer = game_by_key(document["game"]).scorer
    for round_ in document["rounds"]:
        for seat in round_["seats"]:
            seat["player"] = pseudonym[seat["player"]]
        for game in round_["games"]:
            game["winners"] = [pseudonym[name] for name in game["winners"]]
            if game["scores"] is not None:
                game["scores"] = {pseudonym[name]: score for name, score in game["scores"].items()}
            if "sheet" in game and scorer is not None:
                game["sheet"] = [scorer.rekey(entry, pseudonym) for entry in game["sheet"]]
    for wish in document["wishes"]:
        wish["players"] = [pseudonym[name] for name in wish["players"]]
    document["audit"] = []
    spoken = _spoken(pseudonym, {name: nickname for name, nickname in real.items() if nickname and name in pseudonym})
    steps = document["debrief"]["steps"]
    for step in steps or ():
        step["title"] = _replaced(step["title"], spoken)
        step["prompt"] = _replaced(step["prompt"], spoken)
    if not include_notes:
        document["notes"] = []
    for note in document["notes"]:
        if note["author"]:
            note["author"] = pseudonym.get(note["author"], OBSERVER)
        if note["text"] is not None:
            note["text"] = _replaced(note["text"], spoken)
    return document


def _spoken(pseudonym: dict[str, str], nicknames: dict[str, str]) -> dict[str, str]:
    """What free text may call a player -> what the research file says instead: the whole name
    and the nickname become the pseudonym, and so does one word of a name ("Ana" of "Ana
    García") when no other player has it; a word two players share could be either of them,
    so it becomes ``UNSURE``. Whole names are matched before words (``name_parts``: longest
    first)."""
    owners: dict[str, set[str]] = {}
    for name in pseudonym:
        for word in name.split():
            if len(word) >= MIN_WORD:
                owners.setdefault(word, set()).add(pseudonym[name])
    words = {word: next(iter(who)) if len(who) == 1 else UNSURE for word, who in owners.items()}
    spoken = {**words, **{nickname: pseudonym[name] for name, nickname in nicknames.items()}, **pseudonym}
    # Pupils type "ana" and "ANA" too; a cased form that is already another entry keeps that one.
    for written, code in list(spoken.items()):
        for cased in (written.lower(), written.upper(), written.title()):
            spoken.setdefault(cased, code)
    return spoken


def _replaced(text: str, spoken: dict[str, str]) -> str:
    """``text`` with each name of ``spoken`` found as a whole word replaced by its pseudonym."""
    return "".join(spoken[part] if is_name else part for part, is_name in name_parts(text, spoken))


def research_zip(session: Session, event: Event, include_notes: bool = False) -> bytes:
    """The ZIP a researcher receives: the pseudonymised event file and its spreadsheets."""
    document = research_document(session, event, include_notes)
    bodies = (transfer.to_json(document), csv_export.games_csv(document), csv_export.moves_csv(document))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for member, body in zip(MEMBERS, bodies, strict=True):
            info = zipfile.ZipInfo(member, date_time=_MOMENT)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, body.encode("utf-8"))
    return out.getvalue()
