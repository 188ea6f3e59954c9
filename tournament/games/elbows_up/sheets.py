"""The words on an Elbows Up! rule sheet, made from the table's settings.

Invariants:
- Every sheet has the same title, subtitle, headings (``HEADINGS``) and scoring chart, in the
  same order; only the "The Joker" and "Tea cards" paragraphs follow the table's settings, each
  stating the rule the table plays (never that some other rule is off).
- The chart's worked examples are computed by ``scoring.deal_points``, never written by hand,
  so an example on the sheet always scores what the scorer gives it.
- Every heading and sentence is one translatable message (the title is the game's name, the
  same in every language); a paragraph that follows a setting is one message per value.
  ``text`` and ``headings`` read as the English sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.i18n import T, Text, Tp
from ..sheet_text import Section, section
from .scoring import (
    BIG_BID,
    BIG_BID_POINTS,
    DEALS,
    EXACT_BONUS,
    NOTHING_BID_POINTS,
    TEA_BONUS,
    TRICKS_PER_DEAL,
    deal_points,
)
from .variants import ElbowsUpVariant

TITLE: Final = "Elbows Up!"
SUBTITLE: Final = T("Say how many tricks you will take, then take exactly that many")
HEADINGS: Final[tuple[Text, ...]] = (
    Tp("rule sheet heading", "Cards"),
    Tp("rule sheet heading", "Deal"),
    Tp("rule sheet heading", "Trump"),
    Tp("rule sheet heading", "Bidding"),
    Tp("rule sheet heading", "Tricks"),
    Tp("rule sheet heading", "Following colour"),
    Tp("rule sheet heading", "The Joker"),
    Tp("rule sheet heading", "Tea cards"),
    Tp("rule sheet heading", "Game and winner"),
)
CHART_HEADING: Final = T("Scoring chart (each deal, each player)")
# The chart's column headings, as the sheet prints them.
CHART_COLUMNS: Final[tuple[Text, ...]] = (
    Tp("scoring chart", "What happened"), Tp("scoring chart", "Example"), Tp("scoring chart", "Points"),
)

_JOKER: Final = {
    True: T("The Joker is a colour of its own and beats every card, even the highest trump. Play it "
            "on any turn, even when you could follow colour; you may also lead it, and then every other "
            "player may play any card they like."),
    False: T("The Joker is a colour of its own and beats every card, even the highest trump. Play it "
             "on any turn, even when you could follow colour, but only on a trick someone else led: "
             "never lead it unless it is your last card."),
}
_TEA: Final = {
    True: T("Both Tea cards, 4+5 and 1+5, are dealt with the rest. Whoever is dealt one lays it face up "
            "and takes a card from the pile in its place before trump is turned. 4+5 earns "
            "{bonus} more points for bidding 4 and taking exactly 4; 1+5, for bidding 1 and taking exactly 1.",
            bonus=TEA_BONUS),
    False: T("The two Tea cards stay in the box: shuffle and deal only the 50 coloured cards and the "
             "Joker. A bid of 4 or of 1 scores just what the chart below says, like any other bid, "
             "and never earns more."),
}


@dataclass(frozen=True, slots=True)
class ChartRow:
    case: Text
    example: Text
    points: Text | str


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: Text
    sections: tuple[Section, ...]
    chart_heading: Text
    chart: tuple[ChartRow, ...]
    chart_columns: tuple[Text, ...] = CHART_COLUMNS

    @property
    def headings(self) -> tuple[Text, ...]:
        return (*(section.heading for section in self.sections), self.chart_heading)

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        chart = "\n".join(f"{row.case} ({row.example}): {row.points}" for row in self.chart)
        return f"{self.title}\n{self.subtitle}\n{body}\n{self.chart_heading}\n{chart}"


def _example(bid: int, tricks: int) -> Text:
    return T("bid {bid}, took {tricks}: {points}", bid=bid, tricks=tricks, points=deal_points(bid, tricks))


CHART: Final[tuple[ChartRow, ...]] = (
    ChartRow(T("Bid {big} or more and took {big} or more", big=BIG_BID), _example(7, 6), str(BIG_BID_POINTS)),
    ChartRow(T("Bid 0 and took no trick"), _example(0, 0), str(NOTHING_BID_POINTS)),
    ChartRow(T("Took exactly the number bid"), _example(4, 4), T("{bonus} + the bid", bonus=EXACT_BONUS)),
    ChartRow(T("Took fewer tricks than the bid"), _example(4, 3), "0"),
    ChartRow(T("Took more tricks than the bid"), _example(4, 5), T("1 per trick taken")),
)


def rule_sheet(rules: ElbowsUpVariant) -> RuleSheet:
    """The full sheet for one table: the same headings and chart, this table's rules."""
    cards, deal, trump, bidding, tricks, following, joker, tea, game = HEADINGS
    sections = (
        section(cards, T("50 cards in five colours (Blue, Green, Yellow, Purple, Red), ten numbered cards "
                         "each; within a colour the higher number beats the lower. Plus one Joker.")),
        section(deal, T("Deal the cards one by one, face down, until everyone has the same number: "
                        "{three} each at 3 players, {four} at 4, {five} at 5, {six} at 6. The rest go face "
                        "down in a pile in the middle.", three=TRICKS_PER_DEAL[3], four=TRICKS_PER_DEAL[4],
                        five=TRICKS_PER_DEAL[5], six=TRICKS_PER_DEAL[6])),
        section(trump, T("Turn the top card of the pile face up: its colour is trump for this deal. If it "
                         "is not a coloured card, put it under the pile and turn the next.")),
        section(bidding, T("From the dealer's left, each player writes down how many tricks they will take "
                           "(0 or more) and shows it. One player, the table's scorer, enters the bids on "
                           "the table's phone.")),
        section(tricks, T("The player left of the dealer leads one card face up; each other player in turn "
                          "adds one. Whoever takes the trick leads the next, until every hand is empty.")),
        section(following, T("Follow the colour that was led if you can; if not, play any card. A card of "
                             "another colour never wins unless it is trump: the highest trump wins, else "
                             "the highest of the colour led.")),
        section(joker, _JOKER[rules.joker_may_lead]),
        section(tea, _TEA[rules.tea_cards]),
        section(game, T("A game is {deals} deals; the phone adds up the points. The most points wins; if the "
                        "round ends sooner, the most points so far. A tie goes to the name first in "
                        "alphabetical order.", deals=DEALS)),
    )
    return RuleSheet(TITLE, SUBTITLE, sections, CHART_HEADING, CHART)
