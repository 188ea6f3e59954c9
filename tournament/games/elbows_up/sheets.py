"""The words on an Elbows Up! rule sheet, made from the table's settings.

Invariants:
- Every sheet has the same title, subtitle, headings (``HEADINGS``) and scoring chart, in the
  same order; only the "The Joker" and "Tea cards" paragraphs follow the table's settings, each
  stating the rule the table plays (never that some other rule is off).
- The chart's worked examples are computed by ``scoring.deal_points``, never written by hand,
  so an example on the sheet always scores what the scorer gives it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .scoring import BIG_BID, DEALS, TEA_BONUS, TRICKS_PER_DEAL, deal_points
from .variants import TableRules

TITLE: Final = "Elbows Up!"
SUBTITLE: Final = "Say how many tricks you will take, then take exactly that many"
HEADINGS: Final[tuple[str, ...]] = (
    "Cards", "Deal", "Trump", "Bidding", "Tricks", "Following colour", "The Joker", "Tea cards", "Game and winner",
)
CHART_HEADING: Final = "Scoring chart (each deal, each player)"

_JOKER = {
    True: ("The Joker is a colour of its own and beats every card, even the highest trump. Play it "
           "on any turn, even when you could follow colour; you may also lead it, and then every other "
           "player may play any card they like."),
    False: ("The Joker is a colour of its own and beats every card, even the highest trump. Play it "
            "on any turn, even when you could follow colour, but only on a trick someone else led: "
            "never lead it unless it is your last card."),
}
_TEA = {
    True: ("Both Tea cards, 4+5 and 1+5, are dealt with the rest. Whoever is dealt one lays it face up "
           "and takes a card from the pile in its place before trump is turned. 4+5 earns "
           f"{TEA_BONUS} more points for bidding 4 and taking exactly 4; 1+5, for bidding 1 and taking exactly 1."),
    False: ("The two Tea cards stay in the box: shuffle and deal only the 50 coloured cards and the "
            "Joker. A bid of 4 or of 1 scores just what the chart below says, like any other bid, "
            "and never earns more."),
}


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    text: str


@dataclass(frozen=True, slots=True)
class ChartRow:
    case: str
    example: str
    points: str


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    chart_heading: str
    chart: tuple[ChartRow, ...]

    @property
    def headings(self) -> tuple[str, ...]:
        return (*(section.heading for section in self.sections), self.chart_heading)

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        chart = "\n".join(f"{row.case} ({row.example}): {row.points}" for row in self.chart)
        return f"{self.title}\n{self.subtitle}\n{body}\n{self.chart_heading}\n{chart}"


def _example(bid: int, tricks: int) -> str:
    return f"bid {bid}, took {tricks}: {deal_points(bid, tricks)}"


CHART: Final[tuple[ChartRow, ...]] = (
    ChartRow(f"Bid {BIG_BID} or more and took {BIG_BID} or more", _example(7, 6), "30"),
    ChartRow("Bid 0 and took no trick", _example(0, 0), "10"),
    ChartRow("Took exactly the number bid", _example(4, 4), "10 + the bid"),
    ChartRow("Took fewer tricks than the bid", _example(4, 3), "0"),
    ChartRow("Took more tricks than the bid", _example(4, 5), "1 per trick taken"),
)


def rule_sheet(rules: TableRules) -> RuleSheet:
    """The full sheet for one table: the same headings and chart, this table's rules."""
    texts = (
        "50 cards in five colours (Blue, Green, Yellow, Purple, Red), ten numbered cards each; "
        "within a colour the higher number beats the lower. Plus one Joker.",
        "Deal the cards one by one, face down, until everyone has the same number: "
        + ", ".join(f"{cards}{' each' if size == 3 else ''} at {size}{' players' if size == 3 else ''}"
                    for size, cards in TRICKS_PER_DEAL.items())
        + ". The rest go face down in a pile in the middle.",
        "Turn the top card of the pile face up: its colour is trump for this deal. If it is not a "
        "coloured card, put it under the pile and turn the next.",
        "From the dealer's left, each player writes down how many tricks they will take (0 or more) "
        "and shows it. The scorer enters the bids on the table's phone.",
        "The player left of the dealer leads one card face up; each other player in turn adds one. "
        "Whoever takes the trick leads the next, until every hand is empty.",
        "Follow the colour that was led if you can; if not, play any card. A card of another colour "
        "never wins unless it is trump: the highest trump wins, else the highest of the colour led.",
        _JOKER[rules.joker_may_lead],
        _TEA[rules.tea_cards],
        f"A game is {DEALS} deals; the phone adds up the points. The most points wins; if the round "
        "ends sooner, the most points so far. A tie goes to the name first in alphabetical order.",
    )
    sections = tuple(Section(heading, text) for heading, text in zip(HEADINGS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, CHART_HEADING, CHART)
