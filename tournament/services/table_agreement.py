"""Where a table stands on a result its phone sent: the state a save leaves a game in, and what
the pages read about it. The rules are in ``services.agreement``; this module imports nothing
that records games, so the services that save results can use it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.i18n import Text, Tp
from ..models import Agreement, Game, TableAgreement
from .round_data import RoundData

TABLE_ACTOR = "phone, table {number}"

# What the organiser's pages say beside a game the table has not simply agreed on.
MARKS: Mapping[Agreement, Text] = {
    Agreement.ASKED: Tp("agreement", "not confirmed"),
    Agreement.AGREED: Tp("agreement", "confirmed"),
    Agreement.DISPUTED: Tp("agreement", "disputed"),
    Agreement.SETTLED: Tp("agreement", "settled"),
}


def table_actor(number: int) -> str:
    """The actor of a change a table's phone makes, as the change log stores it."""
    return TABLE_ACTOR.format(number=number)


def is_table(actor: str) -> bool:
    return actor.startswith(TABLE_ACTOR.split("{", 1)[0])


def asks(event_policy: TableAgreement) -> bool:
    return event_policy is not TableAgreement.OFF


def after_save(game: Game, policy: TableAgreement, actor: str, *, finished: bool = True) -> bool:
    """A save changed ``game``'s result: where the table stands on it now (see the rules).
    ``finished``: a scored game's sheet has ended the game (a typed result always has).
    True when the save settled a dispute, which the caller writes to the change log."""
    if is_table(actor):
        if game.agreement is not Agreement.DISPUTED:  # only the organiser settles a dispute
            game.agreement = Agreement.ASKED if asks(policy) and finished else None
        return False
    if game.agreement in (Agreement.DISPUTED, Agreement.SETTLED):
        settled_now = game.agreement is Agreement.DISPUTED
        game.agreement = Agreement.SETTLED
        return settled_now
    game.agreement = None
    return False


def pending(games: Iterable[Game]) -> list[Game]:
    """The games a table is asked to confirm, in their order."""
    return sorted((g for g in games if g.agreement is Agreement.ASKED), key=lambda g: g.number)


def mark(game: Any) -> Text | None:
    """The word the organiser's pages show beside a game (none for an organiser's own result)."""
    return MARKS.get(game.agreement) if game.agreement is not None else None


def disputed(games: Iterable[Any]) -> list[Any]:
    return sorted((g for g in games if g.agreement is Agreement.DISPUTED), key=lambda g: g.number)


@dataclass(frozen=True)
class Unconfirmed:
    """A game of a round the table did not confirm, for the close page."""

    table: int
    number: int
    agreement: Agreement


def unconfirmed(data: RoundData) -> list[Unconfirmed]:
    """The round's games still waiting for their table's answer or disputed, by table and game."""
    number = {t.id: t.number for t in data.tables}
    found = [Unconfirmed(number[g.table_id], g.number, g.agreement) for g in data.games
             if g.agreement in (Agreement.ASKED, Agreement.DISPUTED)]
    return sorted(found, key=lambda u: (u.table, u.number))


def open_disputes(data: RoundData) -> list[Unconfirmed]:
    """The round's disputed games, which wait for the organiser after the close too."""
    return [u for u in unconfirmed(data) if u.agreement is Agreement.DISPUTED]


def listed_at_close(data: RoundData) -> list[Unconfirmed]:
    """What the close of the round lists: its disputed games always, and the games no other
    player confirmed too when the event asks to be warned (``TableAgreement.WARN``). The close
    never waits for them."""
    return unconfirmed(data) if data.event.table_agreement is TableAgreement.WARN else open_disputes(data)


def settling_tables(games: Iterable[Any]) -> frozenset[int]:
    """The tables (ids) with a disputed game: the projector says they are settling a game."""
    return frozenset(g.table_id for g in games if g.agreement is Agreement.DISPUTED)
