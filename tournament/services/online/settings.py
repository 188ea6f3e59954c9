"""Which tables are played online, and at which of them the app referees.

Rules:
- Online play is for the games a virtual table can deal and play (`CardGame.table_play`; Five
  Tricks). Any other game is refused with a sentence saying so, before anything is read or written.
- "The app referees" belongs to an online table only: a table in the room has no app to referee
  it. Asking for a referee at a table not played online is refused beside that table's field.
- A table's refereeing may change at any moment: a deal under way keeps the rules it was dealt
  under (`OnlineGame.referee`), and the next deal follows the new setting.
- Everything happens in one change to the event (`unit_of_work.event_change`), and each changed
  table writes one line "online play changed" to the log, with the setting before and after.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...core.i18n import T, Text
from ...core.names import name_key
from ...games import game_of
from ...models import Event, OnlineClaim, Player, PlayerStatus, Round, Seat, Table
from .. import audit
from ..errors import DomainError
from ..unit_of_work import event_change

# Names of the form fields of one table's settings (the page posts every table's pair).
ONLINE_FIELD = "online-{number}"
REFEREE_FIELD = "referee-{number}"


@dataclass(frozen=True)
class Wanted:
    """One table's settings as the organiser asks for them."""

    online: bool
    app_referees: bool = False


def is_possible(event: Event) -> bool:
    """Online play exists for this event's game: a virtual table can deal and play it."""
    return game_of(event).table_play is not None


def not_possible(event: Event) -> Text:
    """Why another game's event has no online tables, in a teacher's words."""
    return T("The app cannot deal {game} at a virtual table, so it is not played online. It is played at "
             "real tables, with each table's phone page for the results.", game=game_of(event).title)


def require_possible(event: Event) -> None:
    if not is_possible(event):
        raise DomainError(not_possible(event))


def stored(table: Table) -> str:
    """A table's online settings as the log stores them (in English, as every log line)."""
    if not table.online:
        return "in the room"
    return "online, the app referees" if table.app_referees else "online"


def set_tables(session: Session, event: Event, wanted: Mapping[int, Wanted]) -> int:
    """Give each table named in ``wanted`` (by number) its settings; returns how many changed.
    A number the event has no table for is refused, and so is the whole request with it."""
    require_possible(event)
    with event_change(session, event.id, audit.ORGANISER) as change:
        tables = {t.number: t for t in session.scalars(select(Table).where(Table.event_id == event.id))}
        for number, asked in wanted.items():
            if number not in tables:
                raise DomainError(T("There is no table {number} in this event.", number=number))
            if asked.app_referees and not asked.online:
                raise DomainError(T("The app can referee only a table played online: tick “online” for table "
                                    "{number} too.", number=number), field=REFEREE_FIELD.format(number=number))
        changed = 0
        for number, asked in sorted(wanted.items()):
            table = tables[number]
            referee = asked.online and asked.app_referees
            if (table.online, table.app_referees) == (asked.online, referee):
                continue
            old = stored(table)
            table.online, table.app_referees = asked.online, referee
            change.audit("online play changed", f"table {number}", table_number=number, old=old, new=stored(table))
            changed += 1
    return changed


def set_all(session: Session, event: Event, online: bool) -> int:
    """Every table online (each keeps whether the app referees it) or every table in the room."""
    require_possible(event)
    with event_change(session, event.id, audit.ORGANISER):  # set_tables joins this change
        tables = session.scalars(select(Table).where(Table.event_id == event.id)).all()
        return set_tables(session, event, {t.number: Wanted(online, online and t.app_referees) for t in tables})


@dataclass(frozen=True)
class OnlineSeat:
    """A playing player at an online table, for the personal links page."""

    player_id: int
    name: str
    table_number: int
    token: str | None  # the personal link's secret; None: not made yet (nor claimed)


def online_seats(session: Session, event: Event) -> list[OnlineSeat]:
    """Every seated player whose table is played online now (the latest round's seat, or the
    home table before any round), by table then name. Three statements, whatever the size."""
    latest = session.scalar(select(Round.id).where(Round.event_id == event.id).order_by(Round.number.desc()).limit(1))
    online = Table.online.is_(True)
    if latest is None:
        rows = session.execute(select(Player.id, Player.name, Table.number)
                               .join(Table, Table.id == Player.home_table_id)
                               .where(Player.event_id == event.id, Player.status == PlayerStatus.SEATED, online))
    else:
        rows = session.execute(select(Player.id, Player.name, Table.number)
                               .join(Seat, Seat.player_id == Player.id).join(Table, Table.id == Seat.table_id)
                               .where(Seat.round_id == latest, Player.status == PlayerStatus.SEATED, online))
    tokens = dict(session.execute(select(OnlineClaim.player_id, OnlineClaim.token)
                                  .where(OnlineClaim.event_id == event.id)).all())
    return sorted((OnlineSeat(pid, name, number, tokens.get(pid)) for pid, name, number in rows),
                  key=lambda s: (s.table_number, name_key(s.name)))


def make_personal_links(session: Session, event: Event) -> int:
    """A personal link for every player at an online table who has none (a name already claimed
    keeps its link); returns how many were made. Written to the log once."""
    from . import claims

    require_possible(event)
    with event_change(session, event.id, audit.ORGANISER) as change:  # each link joins this one change
        missing = [seat for seat in online_seats(session, event) if seat.token is None]
        if not missing:
            raise DomainError(T("Every player at an online table has a personal link already."))
        change.audit("personal links made", new=str(len(missing)))
        for seat in missing:
            claims.personal_link_token(session, change.event, seat.player_id)
    return len(missing)
