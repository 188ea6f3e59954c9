"""Players' nicknames (what the room sees when the event shows nicknames) and the names setting.

A nickname goes through the one text gate (``clean_text``) and may look like no other player's
nickname nor another player's real name (compared as ``fold_name`` compares: a room that shows
"Ana" would otherwise point at two pupils). The audit log names the player as it does for a
rename; no surname of another pupil enters it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..core import nicknames
from ..core.errors import RuleError
from ..core.i18n import Name, T
from ..core.limits import MAX_NAME_LENGTH
from ..core.names import clean_text, fold_name, name_key
from ..core.public_names import NamesShown
from ..models import Player
from .errors import DomainError, as_sentence
from .unit_of_work import event_change

FIELD = "nickname"


def missing(session: Session, event_id: int) -> int:
    """How many players have no nickname (shown "first name and initial" when nicknames are on)."""
    return session.scalar(select(func.count()).select_from(Player).where(
        Player.event_id == event_id, Player.nickname.is_(None))) or 0


def _check(text: str, player: Player, others: list[Player], max_length: int) -> str | None:
    if not (text or "").strip():
        return None
    try:
        clean = clean_text(text, T("The nickname"))
    except RuleError as error:
        raise DomainError(as_sentence(error.text), field=FIELD) from None
    if len(clean) > max_length:
        raise DomainError(T("A nickname has at most {most} characters.", most=max_length), field=FIELD)
    key = fold_name(clean)
    for other in others:
        if other.nickname and fold_name(other.nickname) == key:
            raise DomainError(T("{other} already has the nickname “{nickname}”: choose another one.",
                                other=Name(other.name), nickname=Name(other.nickname)), field=FIELD)
        if other.name_key == key:
            raise DomainError(T("“{nickname}” is the name of another player, {other}: choose another nickname.",
                                nickname=Name(clean), other=Name(other.name)), field=FIELD)
    return clean


def set_nickname(session: Session, event_id: int, player_id: int, text: str,
                 max_length: int = MAX_NAME_LENGTH) -> str | None:
    """Give the player ``text`` as nickname (blank clears it); returns the nickname stored."""
    with event_change(session, event_id) as change:
        players = list(change.event.players)
        player = next((p for p in players if p.id == player_id), None)
        if player is None:
            raise DomainError(T("This player is no longer in the event."), field=FIELD)
        clean = _check(text, player, [p for p in players if p.id != player_id], max_length)
        if clean != player.nickname:
            change.audit("nickname changed", player.name, old=player.nickname, new=clean)
            player.nickname = clean
        return clean


def propose(session: Session, event_id: int, animals: Sequence[str]) -> int:
    """Give every player without a nickname a neutral one (``animals``: ``core.nicknames.ANIMALS``
    in the event's language), in the alphabetical order of the real names; returns how many."""
    with event_change(session, event_id) as change:
        players = sorted(change.event.players, key=lambda p: name_key(p.name))
        empty = [player for player in players if not player.nickname]
        taken = [player.name for player in players] + [p.nickname for p in players if p.nickname]
        for player, nickname in zip(empty, nicknames.propose(animals, event_id, len(empty), taken), strict=True):
            player.nickname = nickname
        if empty:
            change.audit("nicknames proposed", new=str(len(empty)))
        return len(empty)


def set_names_shown(session: Session, event_id: int, shown: NamesShown) -> None:
    """What the room sees of the players' names (``core.public_names``)."""
    with event_change(session, event_id) as change:
        if change.event.names_shown is not shown:
            change.audit("names shown in the room changed", old=change.event.names_shown.value, new=shown.value)
            change.event.names_shown = shown
