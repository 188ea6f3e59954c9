"""The scoresheet of one game of Elbows Up!: an entry per deal, added up by ``scoring``.

An entry names every seated player by key: ``{key: {"bid": int, "tricks": int, "tea": None |
"4+5" | "1+5"}}``.

Invariants:
- ``check_entry`` accepts an entry only when it names every seated player exactly once and no
  one else, bids and tricks are whole numbers from 0 to 15, the deal's tricks add up to at most
  the cards each player holds (``scoring.TRICKS_PER_DEAL``), each Tea card is held by at most
  one player (none at a table that plays without them), and fewer than ``DEALS`` deals are on
  the sheet.
- ``tally`` adds the points of ``scoring.deal_points`` only (a player a stored deal does not
  name scores nothing for it, shown "–"); the winners come from
  ``winner.points_winner`` on the players' names, the same function ``game_winners`` applies to a
  reported game, so the result the scoresheet records always passes the game's own checks.
- Pure: no request, no database; the web form is imported inside ``entry_form``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.errors import RuleError
from ...core.names import name_key
from ..protocol import Tally, TallyLine
from .scoring import DEALS, MAX_TRICKS, TEA_CARDS, deal_points, tricks_in_a_deal
from .variants import TableRules
from .winner import points_winner

ENTRY_KEYS: Final = frozenset({"bid", "tricks", "tea"})


def _listed(names: Sequence[str]) -> str:
    ordered = sorted(names, key=name_key)
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " and " + ordered[-1]


def _deals(count: int) -> str:
    return "1 deal" if count == 1 else f"{count} deals"


def _status(names: Mapping[str, str], totals: Mapping[str, int], deals: int, winner: str | None) -> str:
    """One sentence on where the game stands; ``winner`` is a key, ``None`` while nobody scored."""
    if deals == 0:
        return f"No deal scored yet: the game has {DEALS} deals."
    finished = deals >= DEALS
    if winner is None:
        return (f"Nobody scored in {_deals(deals)}: the game has no winner." if finished
                else f"After {_deals(deals)} of {DEALS}: nobody has scored yet.")
    best = totals[winner]
    tied = [names[key] for key, points in totals.items() if points == best]
    first = names[winner]
    if finished:
        if len(tied) == 1:
            return f"{first} wins with {best} after {_deals(deals)}."
        return (f"{_listed(tied)} have {best} each after {_deals(deals)}: {first} wins, "
                "first in alphabetical order.")
    if len(tied) == 1:
        return f"After {_deals(deals)} of {DEALS}: {first} leads with {best}."
    return (f"After {_deals(deals)} of {DEALS}: {_listed(tied)} lead with {best} each; {first} is "
            "ahead, first in alphabetical order.")


class DealScorer:
    """Adds up an Elbows Up! game deal by deal."""

    entry_noun = "deal"
    entry_noun_plural = "deals"
    entry_form_template = "games/elbows-up/entry_fields.html"
    max_entries = DEALS

    def entry_form(
        self, formdata: Any, variant: TableRules, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]
    ) -> Any:
        from .forms import deal_form  # WTForms: only with the app

        return deal_form(formdata, players, tea_cards=variant.tea_cards)

    def entry_from_form(self, form: Any, players: Mapping[str, str]) -> dict[str, Any]:
        entry: dict[str, Any] = {}
        for key, row in zip(players, form.rows, strict=True):
            tea = row.tea.data if row.tea is not None else ""
            entry[key] = {"bid": int(row.bid.data), "tricks": int(row.tricks.data), "tea": tea or None}
        return entry

    def check_entry(
        self, variant: TableRules, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]], entry: object
    ) -> None:
        if len(sheet) >= DEALS:
            raise RuleError(f"the game is over: all {DEALS} deals are scored.")
        if not isinstance(entry, Mapping):
            raise RuleError("a deal must give every player's bid and tricks.")
        if not set(entry) <= set(players):
            raise RuleError("the deal names a player who is not seated at this table.")
        missing = [players[key] for key in players if key not in entry]
        if missing:
            raise RuleError(f"the deal has no bid and tricks for {_listed(missing)}.")
        holders: dict[str, list[str]] = {card: [] for card in TEA_CARDS}
        total = 0
        for key, result in entry.items():
            if not isinstance(result, Mapping) or set(result) != ENTRY_KEYS:
                raise RuleError(f"the deal must give a bid, tricks and a Tea card (or none) for {players[key]}.")
            for field in ("bid", "tricks"):
                value = result[field]
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TRICKS:
                    raise RuleError(f"bids and tricks are whole numbers from 0 to {MAX_TRICKS}.")
            total += result["tricks"]
            tea = result["tea"]
            if tea is None:
                continue
            if not isinstance(tea, str) or tea not in TEA_CARDS:
                raise RuleError(f"a Tea card is {' or '.join(TEA_CARDS)}.")
            if not variant.tea_cards:
                raise RuleError("this table plays without the Tea cards.")
            holders[tea].append(players[key])
        most = tricks_in_a_deal(len(players))
        if total > most:
            raise RuleError(f"{total} tricks in one deal is more than the cards allow: a deal at a table of "
                            f"{len(players)} has {most} tricks.")
        for card, names in holders.items():
            if len(names) > 1:
                raise RuleError(f"the {card} Tea card is marked for {_listed(names)}: one player holds it.")

    def tally(self, variant: TableRules, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Tally:
        totals = dict.fromkeys(players, 0)
        lines: list[TallyLine] = []
        for number, entry in enumerate(sheet, start=1):
            # A player the stored deal does not name (seated after it was scored) scores nothing
            # for it: the sheet stays readable instead of failing.
            points = {key: deal_points(result["bid"], result["tricks"], result["tea"])
                      for key, result in entry.items() if key in totals}
            for key, value in points.items():
                totals[key] += value
            cells = tuple(str(points[key]) if key in points else "–" for key in players)
            lines.append(TallyLine(f"Deal {number}", cells))
        by_name = {players[key]: points for key, points in totals.items()}
        winner_name = points_winner(by_name) if sheet else None
        winner = next((key for key in players if players[key] == winner_name), None)
        return Tally(
            columns=tuple(players.values()),
            lines=tuple(lines),
            totals=tuple(totals.values()),
            scores=totals,
            finished=len(sheet) >= DEALS,
            winners=frozenset() if winner is None else frozenset({winner}),
            status=_status(players, totals, len(sheet), winner),
        )

    def rekey(self, entry: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, Any]:
        return {keys[key]: dict(result) for key, result in entry.items()}


DEALS_SCORER: Final = DealScorer()
