"""The audit log: who changed what, when. Entries join the caller's transaction, so a
change and its log line are committed together or not at all.

Entries are stored in English (the event file carries them as written); the log page shows each
action in the page's language through ``ACTIONS``, the one map from a stored action phrase to its
message, which holds every phrase the app writes. A phrase it does not hold (written by an older
app, or in an imported file) is shown as stored. Likewise the app's own actors ("organiser",
"phone, table 3"), subjects ("game 2", "table 1", "round 1") and round states are shown as
messages (``actor_text``, ``subject_text``, ``value_text``); anything else (a name, a result, a
table's rules as they were written) is shown as stored, in English."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.i18n import T, Text, Tp
from ..core.rounds import RoundState
from ..models import AuditEntry

ORGANISER = "organiser"
# The session's `info` key under which the login guard puts the logged-in account's username:
# every line logged in that session names it. Phones and online tables have none.
ACCOUNT = "account"
PAGE_SIZE = 200

ACTIONS: dict[str, Text] = {
    "game recorded": Tp("audit", "game recorded"),
    "game changed": Tp("audit", "game changed"),
    "game removed": Tp("audit", "game removed"),
    "scoresheet dropped": Tp("audit", "scoresheet dropped"),
    "game confirmed": Tp("audit", "game confirmed"),
    "game disputed": Tp("audit", "game disputed"),
    "dispute settled": Tp("audit", "dispute settled"),
    "hand added": Tp("audit", "hand added"),
    "hand undone": Tp("audit", "hand undone"),
    "deal added": Tp("audit", "deal added"),
    "deal undone": Tp("audit", "deal undone"),
    "round started": Tp("audit", "round started"),
    "round closed": Tp("audit", "round closed"),
    "round reopened": Tp("audit", "round reopened"),
    "planned round dropped": Tp("audit", "planned round dropped"),
    "tournament ended": Tp("audit", "tournament ended"),
    "tournament reopened": Tp("audit", "tournament reopened"),
    "seat moved": Tp("audit", "seat moved"),
    "seat re-derived": Tp("audit", "seat re-derived"),
    "home table changed": Tp("audit", "home table changed"),
    "status changed": Tp("audit", "status changed"),
    "late player added": Tp("audit", "late player added"),
    "player renamed": Tp("audit", "player renamed"),
    "table rules changed": Tp("audit", "table rules changed"),
    "house rule changed": Tp("audit", "house rule changed"),
    "rule sheets chosen": Tp("audit", "rule sheets chosen"),
    "seating wish added": Tp("audit", "seating wish added"),
    "seating wish removed": Tp("audit", "seating wish removed"),
    "note hidden": Tp("audit", "note hidden"),
    "note shown": Tp("audit", "note shown"),
    "debrief trick chosen": Tp("audit", "debrief trick chosen"),
    "debrief trick proposed": Tp("audit", "debrief trick proposed"),
    "rules revealed": Tp("audit", "rules revealed"),
    "rules hidden again": Tp("audit", "rules hidden again"),
    "debrief step shown": Tp("audit", "debrief step shown"),
    "debrief stopped": Tp("audit", "debrief stopped"),
    "debrief steps changed": Tp("audit", "debrief steps changed"),
    "online play changed": Tp("audit", "online play changed"),
    "personal links made": Tp("audit", "personal links made"),
    "claim released": Tp("audit", "claim released"),
    "claim moved to a new personal link": Tp("audit", "claim moved to a new personal link"),
    "player skipped": Tp("audit", "player skipped"),
    "card played for player": Tp("audit", "card played for player"),
    "everyone reported here": Tp("audit", "everyone reported here"),
    "player reported missing": Tp("audit", "player reported missing"),
    "player marked absent": Tp("audit", "player marked absent"),
    "player marked here": Tp("audit", "player marked here"),
    "event kept from erasure": Tp("audit", "event kept from erasure"),
    "names shown in the room changed": Tp("audit", "names shown in the room changed"),
    "nickname changed": Tp("audit", "nickname changed"),
    "nicknames proposed": Tp("audit", "nicknames proposed"),
}


# The stored English the app writes with a number in it, and the message each is shown as.
_NUMBERED: tuple[tuple[re.Pattern[str], Text], ...] = (
    (re.compile(r"phone, table (\d+)"), Tp("audit", "phone, table {number}")),
    (re.compile(r"online table (\d+)"), Tp("audit", "online table {number}")),
    (re.compile(r"game (\d+)"), Tp("audit", "game {number}")),
    (re.compile(r"table (\d+)"), Tp("audit", "table {number}")),
    (re.compile(r"round (\d+)"), Tp("audit", "round {number}")),
    (re.compile(r"step (\d+)"), Tp("audit", "step {number}")),
)
# As the round pages name them (the same messages).
_ROUND_STATES: dict[str, Text] = {
    RoundState.PLANNED.value: Tp("round", "planned"),
    RoundState.RUNNING.value: Tp("round", "running"),
    RoundState.CLOSED.value: Tp("round", "closed"),
}
# A choice of rule sheets (``services.tables.PRESETS``), as the tables page names it.
_PRESETS: dict[str, Text] = {
    "classic": Tp("rule sheets", "classic order"),
    "most-different": Tp("rule sheets", "most different sheets"),
}
ROUND_ACTIONS = frozenset({"round started", "round closed", "round reopened"})
# Where a table stood on a result before it answered (``models.Agreement``), as the pages name it.
_AGREEMENTS: dict[str, Text] = {
    "asked": Tp("agreement", "not confirmed"),
    "agreed": Tp("agreement", "confirmed"),
    "disputed": Tp("agreement", "disputed"),
    "settled": Tp("agreement", "settled"),
}
AGREEMENT_ACTIONS = frozenset({"game confirmed", "game disputed"})
# The other fixed values the app writes: how a dispute was settled, the kind of a seating wish.
_VALUES: dict[str, Text] = {
    "result kept": Tp("audit", "result kept"),
    "result changed": Tp("audit", "result changed"),
    "game removed": Tp("audit", "game removed"),
    "keep apart": T("keep apart"),  # as the seating wishes' form names them
    "keep together": T("keep together"),
}
_VALUE_ACTIONS = frozenset({"dispute settled", "seating wish added", "seating wish removed"})
# What an event shows of names in the room (``core.public_names.NamesShown``), as its settings name it.
_NAMES_SHOWN: dict[str, Text] = {
    "full": Tp("names shown", "full names"),
    "initial": Tp("names shown", "first name and initial"),
    "nickname": Tp("names shown", "nicknames"),
}


def action_text(action: str) -> Text | str:
    """A stored action phrase as the log page shows it: its message, or the phrase as stored."""
    return ACTIONS.get(action, action)


def _numbered(stored: str) -> Text | None:
    for pattern, message in _NUMBERED:
        found = pattern.fullmatch(stored)
        if found:
            return message.filled(number=int(found.group(1)))
    return None


def actor_text(actor: str) -> Text | str:
    """Who made a change, as the log page shows it: "organiser", a table's phone and an online
    table (a game its deal recorded) as messages,
    any other actor (from an imported file) as stored."""
    if actor == ORGANISER:
        return Tp("audit", "organiser")
    # An imported file may name an actor that only begins like the app's own ("phone, table ten").
    return (_numbered(actor) or actor) if actor.startswith(("phone, ", "online table ")) else actor


def subject_text(subject: str) -> Text | str:
    """What a change was about: "game 2", "table 1", "round 1" as messages, a name as stored."""
    return _numbered(subject) or subject


def value_text(action: str, value: str) -> Text | str:
    """A before/after value: a round's state as the round pages name it, anything else as stored."""
    if action in ROUND_ACTIONS and value in _ROUND_STATES:
        return _ROUND_STATES[value]
    if action == "rule sheets chosen" and value in _PRESETS:
        return _PRESETS[value]
    if action in AGREEMENT_ACTIONS and value in _AGREEMENTS:
        return _AGREEMENTS[value]
    if action == "names shown in the room changed" and value in _NAMES_SHOWN:
        return _NAMES_SHOWN[value]
    if action in _VALUE_ACTIONS and value in _VALUES:
        return _VALUES[value]
    return value


def log(
    session: Session,
    event_id: int,
    actor: str,
    action: str,
    subject: str = "",
    *,
    round_number: int | None = None,
    table_number: int | None = None,
    old: str | None = None,
    new: str | None = None,
) -> None:
    account = session.info.get(ACCOUNT)
    session.add(AuditEntry(
        event_id=event_id, actor=actor[:80], action=action, subject=subject[:200],
        round_number=round_number, table_number=table_number, old_value=old, new_value=new,
        account=account[:80] if isinstance(account, str) else None,
    ))


@dataclass(frozen=True)
class AuditFilter:
    round_number: int | None = None
    table_number: int | None = None


def entries(session: Session, event_id: int, where: AuditFilter, limit: int = PAGE_SIZE) -> list[AuditEntry]:
    """Newest first."""
    query = select(AuditEntry).where(AuditEntry.event_id == event_id)
    if where.round_number is not None:
        query = query.where(AuditEntry.round_number == where.round_number)
    if where.table_number is not None:
        query = query.where(AuditEntry.table_number == where.table_number)
    return list(session.scalars(query.order_by(AuditEntry.at.desc(), AuditEntry.id.desc()).limit(limit)))
