"""Creating, renaming, listing and deleting events."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, ScalarSelect, func, select, update
from sqlalchemy.orm import Session

from .. import games, time_zones
from ..core.errors import RuleError
from ..core.i18n import T, Text
from ..core.limits import MAX_EVENT_NAME, MAX_ROUND_MINUTES
from ..core.names import clean_text
from ..core.public_names import NamesShown
from ..core.rounds import DEFAULT_ROUNDS, TournamentStep, check_planned_rounds, progress_label
from ..models import Agreement, Event, Game, Player, Round, RoundState, Table, TableAgreement
from . import lifecycle, nicknames
from .errors import DomainError, NotFound, as_sentence
from .unit_of_work import event_change, unit_of_work

NO_SUCH_EVENT = T("There is no such event. It may have been deleted.")


@dataclass(frozen=True)
class EventCounts:
    players: int
    tables: int
    rounds: int  # all of them, the planned next round too (what deleting the event removes)


@dataclass(frozen=True)
class EventSummary:
    event: Event
    players: int
    tables: int
    rounds: int  # played: started, running or closed (a planned next round is not one yet)

    @property
    def progress(self) -> Text:
        return progress_label(self.rounds, self.event.planned_rounds, self.event.ended_at is not None)


def event_row(session: Session, event_id: int) -> Event:
    """The event's own row, nothing in it: one small statement however big the event is."""
    event = session.get(Event, event_id)
    if event is None:
        raise NotFound(NO_SUCH_EVENT)
    return event


def _counts(played: bool = False) -> tuple[ScalarSelect[int], ScalarSelect[int], ScalarSelect[int]]:
    """Players, tables and rounds of the event row being selected, as correlated subqueries;
    with ``played``, only the rounds started (a planned next round is not played yet)."""
    def count(model: type[Player | Table | Round], *where: ColumnElement[bool]) -> ScalarSelect[int]:
        return select(func.count()).where(model.event_id == Event.id, *where).correlate(Event).scalar_subquery()
    return count(Player), count(Table), count(Round, *([Round.state != RoundState.PLANNED] if played else []))


def event_counts(session: Session, event_id: int) -> EventCounts:
    """How many players, tables and rounds the event has, in one statement, reading no player row."""
    players, tables, rounds = session.execute(select(*_counts()).where(Event.id == event_id)).one()
    return EventCounts(players, tables, rounds)


def list_events(session: Session) -> list[EventSummary]:
    """Newest first, with counts, in one statement however many events there are."""
    rows = session.execute(
        select(Event, *_counts(played=True)).order_by(Event.created_at.desc(), Event.id.desc())
    ).all()
    return [EventSummary(event, players, tables, rounds) for event, players, tables, rounds in rows]


def _clean_name(name: str) -> str:
    """Through the one text gate (``clean_text``), like every name a person types."""
    if not (name or "").strip():
        raise DomainError(T("The event needs a name."))
    try:
        name = clean_text(name, T("The event name"))
    except RuleError as error:
        raise DomainError(as_sentence(error.text)) from None
    if len(name) > MAX_EVENT_NAME:
        raise DomainError(T("The event name is too long (at most {count} characters).", count=MAX_EVENT_NAME))
    return name


def _check_minutes(minutes: int) -> int:
    if not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise DomainError(T("A round lasts between 1 and {most} minutes.", most=MAX_ROUND_MINUTES))
    return minutes


def _check_zone(time_zone: str | None) -> str:
    try:
        return time_zones.check_zone(time_zone)
    except RuleError as error:
        raise DomainError(as_sentence(error.text), field="time_zone") from None


def _check_rounds(planned: int, highest: int = 0) -> int:
    try:
        return check_planned_rounds(planned, highest)
    except RuleError as error:
        raise DomainError(error.text, field="planned_rounds") from None


def default_round_minutes(game: str) -> int:
    """A new event's round length: what its game's rhythm says (several short games, or one game)."""
    return games.get(game).rhythm.round_minutes


def create_event(session: Session, name: str, round_minutes: int | None = None, game: str = games.DEFAULT,
                 time_zone: str | None = None, planned_rounds: int = DEFAULT_ROUNDS) -> Event:
    """A new event playing ``game`` (a registered game's key) for the whole of its life, showing
    its times in ``time_zone`` (an IANA name; None: the laptop's own zone), over
    ``planned_rounds`` rounds."""
    try:
        games.get(game)
    except RuleError as error:
        raise DomainError(error.text) from None
    if round_minutes is None:
        round_minutes = default_round_minutes(game)
    zone = time_zones.local_zone() if time_zone is None else _check_zone(time_zone)
    event = Event(name=_clean_name(name), round_minutes=_check_minutes(round_minutes), game=game,
                  time_zone=zone, planned_rounds=_check_rounds(planned_rounds))
    with unit_of_work(session):
        session.add(event)
    return event


def update_event(session: Session, event: Event, name: str, round_minutes: int,
                 time_zone: str | None = None, planned_rounds: int | None = None, *,
                 language: str | None = None, table_agreement: TableAgreement | None = None,
                 names_shown: NamesShown | None = None) -> None:
    """Every value is checked before any is changed, so a refusal leaves the event as it was
    (``language``, a supported code checked by the form, included).
    The number of rounds is checked under the event's lock against the rounds it has: never
    fewer than the highest round started or planned, and unchanged once the tournament is over."""
    name, round_minutes = _clean_name(name), _check_minutes(round_minutes)
    zone = None if time_zone is None else _check_zone(time_zone)
    with event_change(session, event.id):
        if planned_rounds is not None and planned_rounds != event.planned_rounds:
            try:
                lifecycle.require_playing(session, event, TournamentStep.CHANGE_ROUNDS)
            except DomainError as error:
                raise type(error)(error.text, field="planned_rounds") from None
            highest = session.scalar(select(func.max(Round.number)).where(Round.event_id == event.id)) or 0
            event.planned_rounds = _check_rounds(planned_rounds, highest)
        event.name, event.round_minutes = name, round_minutes
        if zone is not None:
            event.time_zone = zone
        if language is not None:
            event.language = language
        if table_agreement is not None:
            event.table_agreement = table_agreement
            if table_agreement is TableAgreement.OFF:
                # Phones stop asking: no question left open anywhere, a dispute stays to settle.
                session.execute(update(Game).where(
                    Game.agreement == Agreement.ASKED,
                    Game.round_id.in_(select(Round.id).where(Round.event_id == event.id))).values(agreement=None)
                    .execution_options(synchronize_session=False))
        if names_shown is not None:
            nicknames.set_names_shown(session, event.id, names_shown)


def set_language(session: Session, event_id: int, code: str) -> None:
    """The language the room reads the event in (a supported code, checked by the form)."""
    with event_change(session, event_id) as change:
        change.event.language = code


def delete_event(session: Session, event: Event) -> None:
    with unit_of_work(session):
        session.delete(event)
