"""A device claims a player's name; the claim's token is that player's personal link.

Rules:
- One device per name: a claimed name is refused to another device until the organiser
  releases it (the player then picks it again). The organiser may also hand out personal
  links (`personal_link_token`), which claim the name for whoever opens the link.
- One name per device: a device that holds a name of the event (its cookie names the link) is
  refused another; tapping its own name again leads back to its link. A pupil who tapped the
  wrong name asks the organiser to release it, then taps their own: a name never changes hands
  without the organiser. A device can drop its cookie, so its address counts too: the claims
  made from one address hold at most so many names of the event at once (the blueprint says
  how many; the laptop is not counted), checked under the event's lock, so taps sent at the
  same instant from a device that has no cookie yet cannot all get names.
- Releasing may give the name a new personal link instead of freeing it (`release`,
  `new_link`): the old link stops working and the name stays off the list, so only the
  printed new link plays it. That is how the organiser takes names back from someone who
  claimed names not theirs, without a script claiming them again the moment they are free.
- Only a player seated to play (not an observer) claims a name, and only in an event whose game
  is played online (`settings.is_possible`) with at least one table played online: anyone else
  is told why in a sentence.
- The token is the only credential of `/play/<token>`: a released token is refused with a
  sentence telling the player how to get back in, never a bare error.
- Presence: a device says it is here with a write of its own (`touch`, from the page's POST
  beacon, sent on load and every few seconds with its poll; the page and the poll never write),
  which writes `seen_at` at most every TOUCH_EVERY seconds; a player not seen for AWAY_AFTER
  seconds shows as away.
- Claims are not the event's record: they never move `Event.revision`.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from ...core.i18n import Name, T, Tn
from ...core.name_search import Found, search
from ...models import Event, OnlineClaim, Player, PlayerStatus, Table
from ...models.base import is_token, new_token, utcnow
from .. import audit
from ..errors import Conflict, NotFound
from ..public_names import room_names
from ..unit_of_work import event_change
from . import settings, whereabouts

AWAY_AFTER = 30  # seconds without a poll: shown as away
TOUCH_EVERY = 10  # seconds: the poll writes seen_at no more often

NOT_YOURS = T("This link is no longer yours: open the event's link and pick your name again.")
NOT_ON_LIST = T("That name is not on this event's list. Go back and pick your name again.")
NOT_ONLINE = T("This event is not played online: play at your table in the room.")


def names_to_pick(session: Session, event: Event, typed: str | None) -> tuple[Found, set[int]]:
    """The public names matching what was typed (``core.name_search``) among the seated players
    whose table now is played online, and which players' names are claimed. Players of tables
    that play in the room are not searched."""
    online = select(Table.id).where(Table.event_id == event.id, Table.online.is_(True))
    at_table = whereabouts.player_table(Player.id, Player.event_id, Player.home_table_id)
    playing = set(session.scalars(
        select(Player.id).where(Player.event_id == event.id, Player.status == PlayerStatus.SEATED,
                                at_table.in_(online))
    ))
    found = search({pid: name for pid, name in room_names(event).items() if pid in playing}, typed)
    claimed = set(session.scalars(select(OnlineClaim.player_id).where(OnlineClaim.event_id == event.id)))
    return found, claimed


def _player(session: Session, event: Event, player_id: int) -> Player:
    player = session.scalar(select(Player).where(Player.id == player_id, Player.event_id == event.id))
    if player is None or player.status is PlayerStatus.WITHDRAWN:
        raise NotFound(NOT_ON_LIST)
    return player


def already_playing(name: str) -> Conflict:
    return Conflict(T("{name} is already playing on another device. "
                      "Ask the organiser to release the name if that was not you.", name=Name(name)))


def one_name(name: str) -> Conflict:
    return Conflict(T("This device already plays as {name}. If you tapped the wrong name, ask the organiser "
                      "to release it, then tap your own.", name=Name(name)))


def address_full(most: int) -> Conflict:
    return Conflict(Tn("A name has already been claimed from this device (its network address). Ask the "
                       "organiser to release it if it was a wrong tap, or for your personal link.",
                       "{n} names have already been claimed from this device (its network address), as many "
                       "as one device may claim. Ask the organiser to release a wrong one, or for your "
                       "personal link.", most))


def claim(session: Session, event: Event, player_id: int, held: str | None = None, address: str | None = None,
          names_per_address: int | None = None) -> str:
    """Claim the name for this device and commit; the token of its personal link.
    `held`: the personal link the device says it holds (its cookie); `address`: where it claims
    from, kept with the claim; `names_per_address`: how many names the claims from that address
    may hold at once (None: no limit). Refused (Conflict) if the name is claimed already, also
    by a claim made a moment ago, or the device or its address holds its share already."""
    event_id = event.id
    name = ""
    try:
        with event_change(session, event_id, record=False) as change:
            event = change.event
            online = session.scalar(select(Table.id).where(Table.event_id == event_id, Table.online.is_(True))
                                    .limit(1))
            if not settings.is_possible(event) or online is None:
                raise Conflict(NOT_ONLINE)
            player = _player(session, event, player_id)
            public = room_names(event)  # the refusals are read on a phone: public names only
            name = public[player.id]
            if player.status is not PlayerStatus.SEATED:
                raise Conflict(T("{name} is not playing in this event now, so there are no cards to play online. "
                                 "Ask the organiser if that is not right.", name=Name(name)))
            mine = session.scalar(select(OnlineClaim).where(OnlineClaim.token == held,
                                                            OnlineClaim.event_id == event_id)
                                  ) if is_token(held) else None
            if mine is not None:
                if mine.player_id == player_id:
                    return mine.token
                raise one_name(public.get(mine.player_id, ""))
            if session.get(OnlineClaim, player_id) is not None:
                raise already_playing(name)
            address = address[:64] if address else None
            if address is not None and names_per_address is not None:
                there = session.scalar(select(func.count()).select_from(OnlineClaim)
                                       .where(OnlineClaim.event_id == event_id, OnlineClaim.claimed_from == address))
                if (there or 0) >= names_per_address:
                    raise address_full(names_per_address)
            token = new_token()
            session.add(OnlineClaim(player_id=player_id, event_id=event_id, token=token, claimed_from=address))
    except IntegrityError:  # the name was claimed a moment ago, by a claim the lock did not see
        raise already_playing(name) from None
    return token


def personal_link_token(session: Session, event: Event, player_id: int) -> str:
    """The organiser's personal link for a player: the existing claim's token, else a new one
    (committed)."""
    event_id = event.id
    with event_change(session, event_id, record=False) as change:
        _player(session, change.event, player_id)
        existing = session.get(OnlineClaim, player_id)
        if existing is not None:
            return existing.token
        token = new_token()
        session.add(OnlineClaim(player_id=player_id, event_id=event_id, token=token))
    return token


def release(session: Session, event: Event, player_id: int, new_link: bool = False) -> str | None:
    """Free the name (the organiser's), so another device may claim it; the old link stops
    working. With `new_link` the name is not freed but given a new personal link (also a name
    nobody holds yet), which only the organiser hands out: the token of that link. Written to
    the audit log; a name not claimed is otherwise left as it is."""
    event_id = event.id
    with event_change(session, event_id, audit.ORGANISER) as change:  # its log line is the record's
        existing = session.scalar(select(OnlineClaim).where(OnlineClaim.player_id == player_id,
                                                            OnlineClaim.event_id == event_id))
        if new_link:
            name = _player(session, change.event, player_id).name
            token = new_token()
            if existing is None:
                session.add(OnlineClaim(player_id=player_id, event_id=event_id, token=token))
            else:
                existing.token, existing.claimed_at, existing.seen_at, existing.claimed_from = (token, utcnow(), None,
                                                                                                None)
            change.audit("claim moved to a new personal link", name)
            return token
        if existing is None:
            return None
        name = session.scalar(select(Player.name).where(Player.id == player_id)) or f"#{player_id}"
        session.delete(existing)
        change.audit("claim released", name)
    return None


def claim_by_token(session: Session, token: str) -> OnlineClaim:
    """The claim of a personal link; NotFound with the sentence that tells the player what to do."""
    if not is_token(token) or len(token) < 8:
        raise NotFound(NOT_YOURS)
    found = session.scalar(select(OnlineClaim).where(OnlineClaim.token == token))
    if found is None:
        raise NotFound(NOT_YOURS)
    return found


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands moments back without their zone; they are UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def touch(session: Session, claim: OnlineClaim, now: datetime) -> None:
    """Note that the device is here (at most every TOUCH_EVERY seconds: one UPDATE then, else
    nothing), and commit it."""
    seen = aware(claim.seen_at)
    if seen is not None and (now - seen).total_seconds() < TOUCH_EVERY:
        return
    token, event_id = claim.token, claim.event_id
    # Presence is best effort: if the database stays busy, this beacon leaves no mark and the
    # next one tries again.
    try:
        with event_change(session, event_id, record=False):
            session.execute(update(OnlineClaim).where(OnlineClaim.token == token).values(seen_at=now)
                            .execution_options(synchronize_session=False))
    except OperationalError:
        pass


def away(claim: OnlineClaim | None, now: datetime) -> bool:
    """Not seen for AWAY_AFTER seconds (or never: no device holds the name)."""
    seen = aware(claim.seen_at) if claim is not None else None
    return seen is None or (now - seen).total_seconds() >= AWAY_AFTER


def claims_of(session: Session, event: Event) -> dict[int, OnlineClaim]:
    """Every claim of the event by player id, in one statement."""
    return {c.player_id: c for c in session.scalars(select(OnlineClaim).where(OnlineClaim.event_id == event.id))}
