"""The words on an Elevator rule sheet, generated from the table's settings.

Invariants:
- Every sheet has the same title, subtitle, headings (``HEADINGS``) and example, whatever the
  settings; only the sentences that state a setting change, and each setting's two wordings
  are of about one length, so every table's sheet has one layout.
- A sheet states the rule its table plays and never mentions the other choice of a setting.
- The example climb is the same on every sheet; it shows the order and the colour rule, which
  no setting changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .variants import ElevatorRules

TITLE: Final = "Elevator"
SUBTITLE: Final = "Ride the pile up and down; be the first with an empty hand"
HEADINGS: Final[tuple[str, ...]] = (
    "Cards", "Deal", "Your turn", "Up and down", "Passing", "Stuck elevator", "Jokers", "Winning",
)
EXAMPLE_HEADING: Final = "Example climb"
SUIT_SYMBOLS: Final = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    text: str


@dataclass(frozen=True, slots=True)
class ExampleCard:
    """One card of the example, as the sheet draws it: "7" and "diamonds" give 7♦ in red."""

    rank: str
    suit: str
    who: str
    note: str

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    example_heading: str
    example: tuple[ExampleCard, ...]
    caption: str

    @property
    def headings(self) -> tuple[str, ...]:
        return (*(section.heading for section in self.sections), self.example_heading)

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        return f"{self.title}\n{self.subtitle}\n{body}\n{self.example_heading}: {self.caption}"


EXAMPLE: Final[tuple[ExampleCard, ...]] = (
    ExampleCard("5", "hearts", "On the pile", "red"),
    ExampleCard("6", "clubs", "Player 1", "black"),
    ExampleCard("7", "diamonds", "Player 2", "red …"),
    ExampleCard("7", "spades", "Player 2", "… black"),
    ExampleCard("8", "hearts", "Player 3", "red"),
)
CAPTION: Final = "Going up: a black 6 on the red 5; two 7s at once, red then black; player 3 needs a red 8."


def _cards(variant: ElevatorRules) -> str:
    deck = "52 cards and 2 jokers" if variant.jokers else "52 cards, no jokers"
    return (
        f"{deck}. Ranks from low to high: 2, 3 … 10, Jack, Queen, King, Ace. Only colours matter "
        "(hearts and diamonds red, clubs and spades black), never suits."
    )


def _deal(variant: ElevatorRules) -> str:
    first = (
        "(a joker turned up goes back into the draw pile)" if variant.jokers else "(whichever card it is)"
    )
    return (
        "Deal 7 cards each, one at a time. The rest is the draw pile, face down; turn its top card "
        f"up to start the discard pile {first}."
    )


def _passing(variant: ElevatorRules) -> str:
    rule = (
        "But when the player before you passed, you may pass only if you cannot play: holding a "
        "card that fits, you must lay it."
        if variant.must_play_after_pass else
        "You may pass whenever you like, even holding a card that fits and even when the player "
        "before you passed too."
    )
    return (
        "Instead of playing you may pass: then draw one card from the draw pile (when it is empty, "
        f"just pass). {rule}"
    )


def _stuck(variant: ElevatorRules) -> str:
    if variant.stuck_penalty == "players":
        penalty = (
            "draw one card per player at the table; if the draw pile runs out, the others give you "
            "the rest, one card each from your left."
        )
    else:
        penalty = (
            "draw one card; if the draw pile is empty, the player on your left gives you a card "
            "from their hand instead."
        )
    return (
        f"If you lay cards and all the others then pass, you got the elevator stuck: {penalty} "
        "Then the player on your left starts the pile afresh."
    )


def _jokers(variant: ElevatorRules) -> str:
    if variant.jokers:
        return (
            "A joker is wild: in your turn you may lay it on any card. It resets the elevator: the "
            "next player starts the pile afresh with any card they like."
        )
    return (
        "This deck has no jokers, so nothing is wild: only a stuck elevator lets the next player "
        "start the pile afresh with any card they like."
    )


def rule_sheet(variant: ElevatorRules) -> RuleSheet:
    """The whole sheet for one table: fixed headings, this table's rules only."""
    texts = (
        _cards(variant),
        _deal(variant),
        "The player left of the dealer starts; play goes to the left. In your turn lay one card, or "
        "several cards of one rank, on the discard pile, or pass.",
        "Each card is the next rank in the pile's direction and the other colour: on a red 5 going up "
        "comes a black 6. Several cards of one rank alternate colours. After an Ace the pile goes "
        "down, after a 2 up again; a fresh pile goes up (down from an Ace).",
        _passing(variant),
        _stuck(variant),
        _jokers(variant),
        "The first player with an empty hand wins, even by giving away their last card. If time is "
        "called first, write each player's card count on the score slip: the fewest win.",
    )
    sections = tuple(Section(heading, text) for heading, text in zip(HEADINGS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, EXAMPLE_HEADING, EXAMPLE, CAPTION)
