"""Euchre's scorer: a table enters each hand (who named trump, alone or not, tricks taken) and
the scorer keeps the score to 10 points. The arithmetic is ``scoring``'s; this module reads and
writes entries and words the tally.

Invariants:
- An entry is exactly ``{"makers": [key, key], "alone": bool, "tricks": 0..5}``; the makers'
  keys are in seat order as the form offers them, and ``rekey`` keeps that order.
- ``check_entry`` refuses what ``scoring.score_next`` refuses (and malformed entries), so every
  stored sheet adds up; ``tally`` words ``scoring.add_up``'s standing and nothing else.
- The tally's winners are ``Standing.winners``: the game's result the app records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.errors import RuleError
from ...core.i18n import T
from ...core.wording import plural
from ..protocol import Tally, TallyLine
from . import scoring
from .scoring import Hand, Standing, team_name
from .variants import EuchreVariant

ENTRY_KEYS: Final = frozenset({"makers", "alone", "tricks"})


def hand_from_entry(entry: object) -> Hand:
    """The hand a stored entry describes; ``RuleError`` for anything else."""
    if not isinstance(entry, Mapping) or set(entry) != ENTRY_KEYS:
        raise RuleError(T("a hand names its makers, whether one went alone, and the makers' tricks."))
    makers = entry["makers"]
    if not isinstance(makers, list | tuple) or len(makers) != 2 or not all(isinstance(k, str) for k in makers) \
            or makers[0] == makers[1]:
        raise RuleError(T("the makers are the two partners who named trump."))
    return Hand(frozenset(makers), entry["alone"], entry["tricks"])


def _standing(players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Standing:
    return scoring.add_up(players, [hand_from_entry(entry) for entry in sheet])


def _line(players: Mapping[str, str], number: int, scored: scoring.ScoredHand) -> TallyLine:
    hand = scored.hand
    alone = ", alone" if hand.alone else ""
    # Says why the other column scored: the makers fell short and the defenders took the points.
    euchred = "" if scoring.hand_score(hand.alone, hand.tricks).makers else " (euchred)"
    label = f"Hand {number}: {team_name(players, hand.makers)} named trump{alone}, took {hand.tricks}{euchred}"
    cells = tuple(str(scored.points) if index == scored.team else "" for index in range(2))
    return TallyLine(label, cells)


def _status(players: Mapping[str, str], standing: Standing) -> str:
    if standing.teams is None:
        return "No hands yet: if the round ends now, nobody wins this game."
    high, low = max(standing.totals), min(standing.totals)
    hands = plural(len(standing.hands), "hand")
    if not standing.winners:
        return f"{high} to {low} after {hands}: if the round ends now, nobody wins this game."
    team = team_name(players, standing.winners)
    if standing.finished:
        return f"{team} win {high} to {low}."
    return f"{team} lead {high} to {low} after {hands}."


class EuchreScorer:
    """Adds up a Euchre game hand by hand (see ``scoring`` for the rules)."""

    entry_noun = "hand"
    entry_noun_plural = "hands"
    entry_form_template = "games/euchre/entry_fields.html"
    max_entries = scoring.MAX_HANDS

    def entry_form(
        self, formdata: Any, variant: EuchreVariant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]
    ) -> Any:
        from .forms import hand_form  # WTForms: only with the app

        return hand_form(formdata, players, self.maker_choices(players, sheet))

    def maker_choices(self, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> tuple[scoring.Team, ...]:
        """The makers the next hand may name: every pair before the first hand (the partners
        sitting opposite first), then the two teams."""
        try:
            teams = _standing(players, sheet).teams
        except RuleError:  # a table not of four: the form still draws, and check_entry says why not
            teams = None
        if teams is not None:
            return teams
        return tuple(frozenset(pair) for pair in scoring.pairs(tuple(players)))

    def entry_from_form(self, form: Any, players: Mapping[str, str]) -> dict[str, Any]:
        makers = form.maker_pairs[form.makers.data]
        return {"makers": [key for key in players if key in makers], "alone": bool(form.alone.data),
                "tricks": int(form.tricks.data)}

    def check_entry(
        self, variant: EuchreVariant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]], entry: object
    ) -> None:
        standing = _standing(players, sheet)
        hand = hand_from_entry(entry)
        if len(sheet) >= self.max_entries:  # not reached: every hand scores, so the game ends first
            raise RuleError(T("a game has at most {count} hands.", count=self.max_entries))
        scoring.score_next(players, standing, hand)

    def tally(self, variant: EuchreVariant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Tally:
        if len(players) != scoring.TABLE_SIZE:
            return Tally((), (), (), None, False, frozenset(),
                         f"Euchre is played by four: this table has {len(players)} players, so no score is kept.")
        standing = _standing(players, sheet)
        columns = () if standing.teams is None else tuple(team_name(players, team) for team in standing.teams)
        totals = () if standing.teams is None else standing.totals
        lines = tuple(_line(players, number, scored) for number, scored in enumerate(standing.hands, start=1))
        return Tally(columns, lines, totals, None, standing.finished, standing.winners, _status(players, standing))

    def rekey(self, entry: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, Any]:
        return {"makers": [keys[key] for key in entry["makers"]], "alone": entry["alone"], "tricks": entry["tricks"]}


EUCHRE_SCORER: Final = EuchreScorer()
