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

from .scoring import BIG_BID, DEALS, TEA_BONUS, deal_points
from .variants import TableRules

TITLE: Final = "Elbows Up!"
SUBTITLE: Final = "Say how many tricks you will take, then take exactly that many"
HEADINGS: Final[tuple[str, ...]] = (
    "Cards", "Deal", "Trump", "Bidding", "Tricks", "Following colour", "The Joker", "Tea cards", "Game and winner",
)
CHART_HEADING: Final = "Scoring chart (each deal, each player)"

_JOKER = {
    True: ("The Joker is a colour of its own and takes every trick it is played in, above even the "
           "highest trump. You may play it on any turn, whether or not you could follow colour, and "
           "you may lead it: then everyone else may play any card."),
    False: ("The Joker is a colour of its own and takes every trick it is played in, above even the "
            "highest trump. You may play it on any turn, whether or not you could follow colour, but "
            "only on a trick someone else led; you lead it only when it is your last card."),
}
_TEA = {
    True: ("The two Tea cards, 4+5 and 1+5, are dealt with the rest. Whoever gets one lays it face up "
           "in front of them and takes a card from the pile in its place before trump is turned. "
           f"4+5 earns its holder {TEA_BONUS} more points for bidding 4 and taking exactly 4 tricks; "
           "1+5, for bidding 1 and taking exactly 1."),
    False: ("The two Tea cards stay in the box: every deal uses only the fifty coloured cards and the "
            "Joker. A bid of 4 or of 1 scores what the chart below says, like any other bid, and "
            "nothing more. Keep the box closed until the last deal is over."),
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
        "Fifty cards in five colours: Blue, Green, Yellow, Purple and Red, ten numbered cards in each. "
        "Within a colour the higher number beats the lower. There is also one Joker.",
        "Shuffle and deal the cards one at a time, face down, until everyone has the same number: "
        "15 each at 3 players, 12 at 4, 9 at 5, 8 at 6. Put the rest face down in a pile in the middle. "
        "The deal passes to the left each time.",
        "Turn the top card of the pile face up: its colour is trump for this deal. If it is not a "
        "coloured card, slide it under the pile and turn the next one.",
        "Starting left of the dealer, each player in turn writes down how many tricks they will take "
        "(0 or more) and shows it to the table. The scorer enters every bid on the table's phone.",
        "The player left of the dealer leads a card face up; each other player in turn adds one. "
        "The best card takes the trick; its player keeps it face down and leads the next one. "
        "The deal ends when every hand is empty.",
        "Play a card of the colour that was led if you have one; if not, play any card. A card of "
        "another colour never takes the trick unless it is trump: the highest trump played wins, and "
        "with no trump the highest number of the colour led wins.",
        _JOKER[rules.joker_may_lead],
        _TEA[rules.tea_cards],
        f"After each deal the scorer enters everyone's tricks and the phone adds the points. After "
        f"{DEALS} deals the most points wins the game; if the round ends sooner, the most points so "
        "far. Tied players: the name first in alphabetical order wins.",
    )
    sections = tuple(Section(heading, text) for heading, text in zip(HEADINGS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, CHART_HEADING, CHART)
