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
from ...core.i18n import Name, T, Text, Tn, Tp
from ...core.names import name_key
from ...core.wording import name_list
from ..protocol import ScorerWords, Tally, TallyLine
from .scoring import DEALS, MAX_TRICKS, TEA_CARDS, deal_points, tricks_in_a_deal
from .variants import ElbowsUpVariant
from .winner import points_winner

ENTRY_KEYS: Final = frozenset({"bid", "tricks", "tea"})


def _listed(names: Sequence[str]) -> Text | Name:
    """Names in alphabetical order, the last two joined by the language's "and"."""
    ordered = sorted(names, key=name_key)
    if len(ordered) == 1:
        return Name(ordered[0])
    return T("{names} and {last}", names=name_list(ordered[:-1]), last=Name(ordered[-1]))


def _status(names: Mapping[str, str], totals: Mapping[str, int], deals: int, winner: str | None) -> Text:
    """One sentence on where the game stands; ``winner`` is a key, ``None`` while nobody scored."""
    if deals == 0:
        return T("No deal scored yet: the game has {deals} deals.", deals=DEALS)
    finished = deals >= DEALS
    if winner is None:
        if finished:
            return Tn("Nobody scored in {n} deal: the game has no winner.",
                      "Nobody scored in {n} deals: the game has no winner.", deals)
        return Tn("After {n} deal of {deals}: nobody has scored yet.",
                  "After {n} deals of {deals}: nobody has scored yet.", deals, deals=DEALS)
    best = totals[winner]
    tied = [names[key] for key, points in totals.items() if points == best]
    first = Name(names[winner])
    if finished:
        if len(tied) == 1:
            return Tn("{first} wins with {best} after {n} deal.", "{first} wins with {best} after {n} deals.",
                      deals, first=first, best=best)
        return Tn("{tied} have {best} each after {n} deal: {first} wins, first in alphabetical order.",
                  "{tied} have {best} each after {n} deals: {first} wins, first in alphabetical order.",
                  deals, tied=_listed(tied), best=best, first=first)
    if len(tied) == 1:
        return Tn("After {n} deal of {deals}: {first} leads with {best}.",
                  "After {n} deals of {deals}: {first} leads with {best}.", deals, deals=DEALS, first=first, best=best)
    return Tn("After {n} deal of {deals}: {tied} lead with {best} each; {first} is ahead, first in alphabetical order.",
              "After {n} deals of {deals}: {tied} lead with {best} each; {first} is ahead, first in alphabetical "
              "order.", deals, deals=DEALS, tied=_listed(tied), best=best, first=first)


WORDS: Final = ScorerWords(
    heading=Tp("scoresheet column", "Deals"),
    none_yet=T("No deals yet."),
    add=T("Add deal {n}"),
    undo_last=T("Undo last deal (deal {n})"),
    added=T("Deal {n} added."),
    already_added=T("Deal {n} was already added — nothing changed."),
    undone=T("Deal {n} undone."),
    already_undone=T("Deal {n} was already undone."),
    score_game=T("Score game {number} deal by deal"),
    score_row=T("Score deal by deal"),
    kept=T("Saving another winner or score here deletes the deal-by-deal scores kept for this game."),
    kept_phone=T("Picking another winner here deletes the deal-by-deal scores kept for this game."),
    in_file=T("{which}, deal {n}: {problem}"),
    stale_page=T("This page is out of date. Reload it and enter the deal again."),
    stale_sheet=Tn("Someone else changed game {number} meanwhile: its sheet now holds {n} deal. Nothing was "
                   "changed; check the sheet below and enter yours again if it is still missing.",
                   "Someone else changed game {number} meanwhile: its sheet now holds {n} deals. Nothing was "
                   "changed; check the sheet below and enter yours again if it is still missing.", 0),
    too_many=Tn("Deal {number}: a game holds at most {n} deal.", "Deal {number}: a game holds at most {n} deals.", 0),
    refused=T("Deal {n}: {why}"),
    unseated=T("Deal {n}: it names a player not seated at this table."),
)


class DealScorer:
    """Adds up an Elbows Up! game deal by deal."""

    entry_noun = "deal"
    entry_noun_plural = "deals"
    words = WORDS
    entry_form_template = "games/elbows-up/entry_fields.html"
    max_entries = DEALS

    def entry_form(
        self, formdata: Any, variant: ElbowsUpVariant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]
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
        self, variant: ElbowsUpVariant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]], entry: object
    ) -> None:
        if len(sheet) >= DEALS:
            raise RuleError(T("the game is over: all {deals} deals are scored.", deals=DEALS))
        if not isinstance(entry, Mapping):
            raise RuleError(T("a deal must give every player's bid and tricks."))
        if not set(entry) <= set(players):
            raise RuleError(T("the deal names a player who is not seated at this table."))
        missing = [players[key] for key in players if key not in entry]
        if missing:
            raise RuleError(T("the deal has no bid and tricks for {names}.", names=_listed(missing)))
        holders: dict[str, list[str]] = {card: [] for card in TEA_CARDS}
        total = 0
        for key, result in entry.items():
            if not isinstance(result, Mapping) or set(result) != ENTRY_KEYS:
                raise RuleError(T("the deal must give a bid, tricks and a Tea card (or none) for {name}.",
                                  name=Name(players[key])))
            for field in ("bid", "tricks"):
                value = result[field]
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TRICKS:
                    raise RuleError(T("bids and tricks are whole numbers from 0 to {most}.", most=MAX_TRICKS))
            total += result["tricks"]
            tea = result["tea"]
            if tea is None:
                continue
            if not isinstance(tea, str) or tea not in TEA_CARDS:
                raise RuleError(T("a Tea card is 4+5 or 1+5."))
            if not variant.tea_cards:
                raise RuleError(T("this table plays without the Tea cards."))
            holders[tea].append(players[key])
        most = tricks_in_a_deal(len(players))
        if total > most:
            raise RuleError(T("{total} tricks in one deal is more than the cards allow: a deal at a table of "
                              "{players} has {most} tricks.", total=total, players=len(players), most=most))
        for card, names in holders.items():
            if len(names) > 1:
                raise RuleError(T("the {card} Tea card is marked for {names}: one player holds it.",
                                  card=card, names=_listed(names)))

    def tally(self, variant: ElbowsUpVariant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Tally:
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
            lines.append(TallyLine(T("Deal {n}", n=number), cells))
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
