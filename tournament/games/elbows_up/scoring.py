"""Elbows Up!'s arithmetic: the points one player scores in one deal. The only place the
scoring rules live; standard library only.

Rules, checked in this order (the first that applies gives the deal's points):
1. Bid 6 or more and took 6 or more tricks: 30 points.
2. Bid 0 and took no trick: 10 points.
3. Took exactly the bid: 10 points plus the bid.
4. Took fewer tricks than the bid: 0 points.
5. Took more tricks than the bid: 1 point per trick taken.
Then a Tea card adds 5 points when its holder bid that card's number (the "4+5" card: 4, the
"1+5" card: 1) and took exactly that many tricks.

Invariants:
- Bids and tricks are whole numbers from 0 to ``MAX_TRICKS`` (a deal has 8 to 15 tricks,
  depending on how many play); anything else is refused, never scored.
- A deal's points are never negative and at most ``MAX_DEAL_POINTS``; a game of ``DEALS``
  deals therefore scores at most ``MAX_GAME_POINTS``.
"""

from __future__ import annotations

from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T

DEALS: Final = 10
MAX_TRICKS: Final = 15
# Cards (so tricks) per player in a deal, by players at the table: the sheet deals them so.
TRICKS_PER_DEAL: Final = {3: 15, 4: 12, 5: 9, 6: 8}


def tricks_in_a_deal(players: int) -> int:
    """The most tricks one deal has at a table of ``players`` (15 at any other size)."""
    return TRICKS_PER_DEAL.get(players, MAX_TRICKS)
BIG_BID: Final = 6
BIG_BID_POINTS: Final = 30
NOTHING_BID_POINTS: Final = 10
EXACT_BONUS: Final = 10
TEA_BONUS: Final = 5
# Each Tea card names the bid it rewards.
TEA_CARDS: Final[dict[str, int]] = {"4+5": 4, "1+5": 1}
MAX_DEAL_POINTS: Final = BIG_BID_POINTS + TEA_BONUS
MAX_GAME_POINTS: Final = DEALS * MAX_DEAL_POINTS


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TRICKS:
        if what == "bid":
            raise RuleError(T("a bid must be a whole number from 0 to {most}, not {value}",
                              most=MAX_TRICKS, value=repr(value)))
        raise RuleError(T("tricks taken must be a whole number from 0 to {most}, not {value}",
                          most=MAX_TRICKS, value=repr(value)))
    return value


def deal_points(bid: int, tricks: int, tea: str | None = None) -> int:
    """A player's points for one deal: ``bid`` and ``tricks`` taken, ``tea`` the Tea card they
    held ("4+5", "1+5") or ``None``."""
    bid, tricks = _count(bid, "bid"), _count(tricks, "tricks")
    if tea is not None and tea not in TEA_CARDS:
        raise RuleError(T("a Tea card is 4+5 or 1+5, not {tea}", tea=repr(tea)))
    if bid >= BIG_BID and tricks >= BIG_BID:
        points = BIG_BID_POINTS
    elif bid == 0 and tricks == 0:
        points = NOTHING_BID_POINTS
    elif tricks == bid:
        points = EXACT_BONUS + bid
    elif tricks < bid:
        points = 0
    else:
        points = tricks
    if tea is not None and bid == TEA_CARDS[tea] and tricks == bid:
        points += TEA_BONUS
    return points
