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
from ...core.i18n import Name, T, Text, Tn, Tp
from ..protocol import ScorerWords, Tally, TallyLine
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


# A hand's line, one message per case (alone or not, euchred or not): keyed (alone, euchred).
_LINES: Final[dict[tuple[bool, bool], Text]] = {
    (False, False): T("Hand {number}: {team} named trump, took {tricks}"),
    (True, False): T("Hand {number}: {team} named trump, alone, took {tricks}"),
    (False, True): T("Hand {number}: {team} named trump, took {tricks} (euchred)"),
    (True, True): T("Hand {number}: {team} named trump, alone, took {tricks} (euchred)"),
}


def line_text(players: Mapping[str, str], number: int, hand: Hand) -> Text:
    """"Hand 3: Ann & Cy named trump, alone, took 2 (euchred)": "(euchred)" says why the other
    column scored (the makers fell short and the defenders took the points)."""
    euchred = not scoring.hand_score(hand.alone, hand.tricks).makers
    message = _LINES[hand.alone, euchred]
    return Text(message.msgid, {"number": number, "team": Name(team_name(players, hand.makers)),
                                "tricks": hand.tricks})


def _line(players: Mapping[str, str], number: int, scored: scoring.ScoredHand) -> TallyLine:
    cells = tuple(str(scored.points) if index == scored.team else "" for index in range(2))
    return TallyLine(line_text(players, number, scored.hand), cells)


def status_text(players: Mapping[str, str], standing: Standing) -> Text:
    """Where the game stands, in one sentence (the tally's ``status``)."""
    if standing.teams is None:
        return T("No hands yet: if the round ends now, nobody wins this game.")
    high, low = max(standing.totals), min(standing.totals)
    count = len(standing.hands)
    if not standing.winners:
        return Tn("{high} to {low} after {n} hand: if the round ends now, nobody wins this game.",
                  "{high} to {low} after {n} hands: if the round ends now, nobody wins this game.",
                  count, high=high, low=low)
    team = Name(team_name(players, standing.winners))
    if standing.finished:
        return T("{team} win {high} to {low}.", team=team, high=high, low=low)
    return Tn("{team} lead {high} to {low} after {n} hand.", "{team} lead {high} to {low} after {n} hands.",
              count, team=team, high=high, low=low)


WORDS: Final = ScorerWords(
    heading=Tp("scoresheet column", "Hands"),
    none_yet=T("No hands yet."),
    add=T("Add hand {n}"),
    undo_last=T("Undo last hand (hand {n})"),
    added=T("Hand {n} added."),
    already_added=T("Hand {n} was already added — nothing changed."),
    undone=T("Hand {n} undone."),
    already_undone=T("Hand {n} was already undone."),
    score_game=T("Score game {number} hand by hand"),
    score_row=T("Score hand by hand"),
    kept=T("Saving another winner or score here deletes the hand-by-hand scores kept for this game."),
    kept_phone=T("Picking another winner here deletes the hand-by-hand scores kept for this game."),
    in_file=T("{which}, hand {n}: {problem}"),
    stale_page=T("This page is out of date. Reload it and enter the hand again."),
    stale_sheet=Tn("Someone else changed game {number} meanwhile: its sheet now holds {n} hand. Nothing was "
                   "changed; check the sheet below and enter yours again if it is still missing.",
                   "Someone else changed game {number} meanwhile: its sheet now holds {n} hands. Nothing was "
                   "changed; check the sheet below and enter yours again if it is still missing.", 0),
    too_many=Tn("Hand {number}: a game holds at most {n} hand.", "Hand {number}: a game holds at most {n} hands.", 0),
    refused=T("Hand {n}: {why}"),
    unseated=T("Hand {n}: it names a player not seated at this table."),
)


class EuchreScorer:
    """Adds up a Euchre game hand by hand (see ``scoring`` for the rules)."""

    entry_noun = "hand"
    entry_noun_plural = "hands"
    words = WORDS
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
            return Tally((), (), (), None, False, frozenset(), T(
                "Euchre is played by four: this table has {count} players, so no score is kept.",
                count=len(players)))
        standing = _standing(players, sheet)
        columns = () if standing.teams is None else tuple(team_name(players, team) for team in standing.teams)
        totals = () if standing.teams is None else standing.totals
        lines = tuple(_line(players, number, scored) for number, scored in enumerate(standing.hands, start=1))
        return Tally(columns, lines, totals, None, standing.finished, standing.winners,
                     status_text(players, standing))

    def rekey(self, entry: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, Any]:
        return {"makers": [keys[key] for key in entry["makers"]], "alone": entry["alone"], "tricks": entry["tricks"]}


EUCHRE_SCORER: Final = EuchreScorer()
