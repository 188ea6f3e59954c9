"""Notes for the debrief: a table's phone or an observer sends an icon ("we disagreed about a
trick"), a short text, or both; the organiser sees them live and may hide one from the debrief.

Rules:
- A note belongs to the round being played: the running round, else the latest round played
  (a planned round has not been played yet); none before round 1.
- Its table is one of the event's tables; an observer names the table they watch.
- It has a flag from FLAGS, a text, or both; the text goes through ``core.names.clean_text``
  and holds at most MAX_NOTE_TEXT characters. An event keeps at most MAX_NOTES notes.
- The sending page's ``nonce`` makes one form one note: sent twice (a double tap, a resend
  after a dropped answer) it is stored once, and the second send answers with the first note.
- A refused note changes nothing; each refusal names the field it belongs beside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..core.errors import RuleError
from ..core.i18n import Name, T, Text, Tn, Tp
from ..core.limits import MAX_NOTE_TEXT, MAX_NOTES
from ..core.names import clean_text
from ..models import DebriefNote, Event, Player, PlayerStatus, Round, RoundState, Table
from .errors import Conflict, DomainError, NotFound
from .unit_of_work import event_change

# "online": a disputed trick at an online table, written by the app (services.online.actions).
SOURCES = ("table", "observer", "online")
FEED_SIZE = 30  # notes the organiser's live panel lists


@dataclass(frozen=True)
class Flag:
    """An icon a table taps instead of writing: the symbol, and its words in the page's language.
    `stands_out`: shown with its word and marked wherever notes are listed."""

    key: str
    icon: str
    label: Text
    stands_out: bool = False


# In the order the buttons show them. Symbols every phone and the laptop's fonts draw.
FLAGS: dict[str, Flag] = {flag.key: flag for flag in (
    # "a play", not "a trick": a table of every game sends it, and some games take no tricks.
    Flag("disagreed", "⚡", T("We disagreed about a play"), stands_out=True),
    Flag("confused", "⁇", T("Confused")),
    Flag("frustrated", "☹", T("Frustrated")),
    Flag("realised", "★", T("Aha!")),
    Flag("fun", "☺", T("Fun")),
)}

NOTE_TEXT = T("The note")
NO_NOTE = T("Tap an icon or write a few words: the note was empty.")
NO_TABLE = T("Choose the table you are watching.")
FORM_USED = T("This form already sent another note. Reload the page and send this one again.")
NOT_AN_OBSERVER = T("Only observers send notes from this page. Your table's phone has the note form.")
# What the sending page puts in its nonce (a fresh random key each time it is shown).
NONCE_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")


class NotAnObserver(DomainError):
    """A note posted for a player who is not observing (no form is shown to them)."""

    http_status = 403


@dataclass(frozen=True)
class Sent:
    note: DebriefNote
    created: bool  # False: the same form had been sent before, `note` is that note


def utc_iso(at: datetime | None) -> str:
    """A note's moment as UTC ISO 8601, as files and feeds write it (SQLite hands back naive UTC)."""
    if at is None:
        return ""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).isoformat(timespec="seconds")


def sender(source: str, author: str) -> Text:
    """Who sent a note, as pages show it: an observer by name, else the table's phone."""
    if source == "observer" and author:
        return T("{name}, observing", name=Name(author))
    if source == "online":
        return Tp("note", "online table")
    return Tp("note", "table's phone")


def flag_of(key: str | None) -> Flag | None:
    return FLAGS.get(key) if key else None


def _flag(flag: str | None) -> str | None:
    if not flag:
        return None
    if flag not in FLAGS:
        raise DomainError(T("Choose one of the icons."), field="flag")
    return flag


def _text(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    try:
        cleaned = clean_text(text, what=NOTE_TEXT)
    except RuleError as error:
        raise DomainError(T("{message}.", message=error.text), field="text") from None
    if len(cleaned) > MAX_NOTE_TEXT:
        raise DomainError(Tn("A note holds at most {n} character; this one has {count}.",
                             "A note holds at most {n} characters; this one has {count}.",
                             MAX_NOTE_TEXT, count=len(cleaned)), field="text")
    return cleaned


def _nonce(nonce: str | None) -> str | None:
    if nonce is None:
        return None
    if not NONCE_SHAPE.fullmatch(nonce):
        raise DomainError(T("This form is out of date. Reload the page and send the note again."), field="text")
    return nonce


def _by_nonce(session: Session, event_id: int, nonce: str | None) -> DebriefNote | None:
    if nonce is None:
        return None
    return session.scalar(select(DebriefNote).where(DebriefNote.event_id == event_id, DebriefNote.nonce == nonce))


def round_played(session: Session, event: Event) -> int | None:
    """The number of the round a note sent now is about (see the module's rules)."""
    return session.scalar(
        select(Round.number).where(Round.event_id == event.id, Round.state != RoundState.PLANNED)
        .order_by(Round.number.desc()).limit(1)
    )


def observer(session: Session, event: Event, player_id: int) -> Player | None:
    """The event's player `player_id` if they are observing now, else None."""
    return session.scalar(select(Player).where(Player.id == player_id, Player.event_id == event.id,
                                               Player.status == PlayerStatus.OBSERVER))


def table_numbers(session: Session, event: Event) -> list[int]:
    """The event's table numbers, for an observer to choose from."""
    return list(session.scalars(select(Table.number).where(Table.event_id == event.id).order_by(Table.number)))


def send_note(session: Session, event: Event, *, source: str, table_number: int | None, author: str,
              flag: str | None, text: str | None, nonce: str | None) -> Sent:
    """Store a note (see the module's rules) and commit; a form sent again returns its first note."""
    if source not in SOURCES:
        raise ValueError(f"not a note source: {source!r}")
    event_id = event.id
    flag, text, nonce = _flag(flag), _text(text), _nonce(nonce)
    if flag is None and text is None:
        raise DomainError(NO_NOTE, field="text")
    try:
        with event_change(session, event_id):
            earlier = _by_nonce(session, event_id, nonce)
            if earlier is not None:
                return _again(earlier, source, table_number, author, flag, text)
            if table_number is None:
                raise DomainError(NO_TABLE, field="table")
            known = session.scalar(select(Table.id).where(Table.event_id == event_id, Table.number == table_number))
            if known is None:
                raise DomainError(T("This event has no table {number}.", number=table_number), field="table")
            held = session.scalars(select(func.count()).select_from(DebriefNote)
                                   .where(DebriefNote.event_id == event_id)).one()
            if held >= MAX_NOTES:
                raise DomainError(T("This event already holds {most} notes, as many as it keeps. "
                                    "Tell the organiser in person.", most=MAX_NOTES))
            note = DebriefNote(event_id=event_id, round_number=round_played(session, event),
                               table_number=table_number, source=source, author=author[:80], flag=flag, text=text,
                               nonce=nonce)
            session.add(note)
    except IntegrityError:
        # The same form, sent twice at the same instant, stored by the other request first.
        earlier = _by_nonce(session, event_id, nonce)
        if earlier is None:
            raise
        return _again(earlier, source, table_number, author, flag, text)
    return Sent(note, created=True)


def _again(earlier: DebriefNote, source: str, table_number: int | None, author: str, flag: str | None,
           text: str | None) -> Sent:
    """The same form sent again is its first note; another note under a used form's key is
    refused, never dropped while the phone says "Sent"."""
    if (earlier.source, earlier.table_number, earlier.author, earlier.flag, earlier.text) != (
            source, table_number, author[:80], flag, text):
        raise Conflict(FORM_USED)
    return Sent(earlier, created=False)


def get_note(session: Session, event: Event, note_id: int) -> DebriefNote:
    note = session.scalar(select(DebriefNote).where(DebriefNote.id == note_id, DebriefNote.event_id == event.id))
    if note is None:
        raise NotFound(T("That note is not one of this event's notes."))
    return note


def _set_hidden(session: Session, event: Event, note_id: int, hidden: bool) -> DebriefNote:
    with event_change(session, event.id) as change:
        note = get_note(session, event, note_id)
        if note.hidden != hidden:
            note.hidden = hidden
            change.audit("note hidden" if hidden else "note shown",
                         f"table {note.table_number}" if note.table_number is not None else "",
                         round_number=note.round_number, table_number=note.table_number,
                         new=note.text or note.flag or "")
    return note


def hide_note(session: Session, event: Event, note_id: int) -> DebriefNote:
    """Keep a note out of the debrief (it stays listed for the organiser, marked hidden)."""
    return _set_hidden(session, event, note_id, True)


def show_note(session: Session, event: Event, note_id: int) -> DebriefNote:
    return _set_hidden(session, event, note_id, False)


def notes_since(session: Session, event: Event, after_id: int = 0, limit: int = FEED_SIZE) -> list[DebriefNote]:
    """The event's notes newer than note `after_id`, newest first, at most `limit`; hidden ones
    included (the organiser sees them marked). One statement."""
    return list(session.scalars(
        select(DebriefNote).where(DebriefNote.event_id == event.id, DebriefNote.id > after_id)
        .order_by(DebriefNote.id.desc()).limit(limit)
    ))


def table_notes(session: Session, event: Event, table_number: int, round_number: int | None) -> list[DebriefNote]:
    """What a table's phone shows after sending: that table's notes of this round, newest first."""
    query = select(DebriefNote).where(DebriefNote.event_id == event.id, DebriefNote.table_number == table_number)
    query = query.where(DebriefNote.round_number.is_(None) if round_number is None
                        else DebriefNote.round_number == round_number)
    return list(session.scalars(query.order_by(DebriefNote.id.desc()).limit(FEED_SIZE)))
