"""The words on an Elevator rule sheet, generated from the table's settings.

Invariants:
- Every sheet has the same title, subtitle, headings (``HEADINGS``) and example, whatever the
  settings; only the sentences that state a setting change, and each setting's two wordings
  are of about one length, so every table's sheet has one layout.
- A sheet states the rule its table plays and never mentions the other choice of a setting.
- The example climb is the same on every sheet; it shows the order and the colour rule, which
  no setting changes.
- Every heading and sentence is one translatable message (the title is the game's name); a
  sentence that states a setting is one message per value. ``text`` reads as the English sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.i18n import T, Text, Tp
from ..sheet_text import Section, section
from .variants import ElevatorVariant

TITLE: Final = "Elevator"
SUBTITLE: Final = T("Ride the pile up and down; be the first with an empty hand")
HEADINGS: Final[tuple[Text, ...]] = (
    Tp("rule sheet heading", "Cards"),
    Tp("rule sheet heading", "Deal"),
    Tp("rule sheet heading", "Your turn"),
    Tp("rule sheet heading", "Up and down"),
    Tp("rule sheet heading", "Passing"),
    Tp("rule sheet heading", "Stuck elevator"),
    Tp("rule sheet heading", "Jokers"),
    Tp("rule sheet heading", "Winning"),
)
EXAMPLE_HEADING: Final = T("Example climb")
SUIT_SYMBOLS: Final = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}


@dataclass(frozen=True, slots=True)
class ExampleCard:
    """One card of the example, as the sheet draws it: "7" and "diamonds" give 7♦ in red."""

    rank: str
    suit: str
    who: Text
    note: Text

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: Text
    sections: tuple[Section, ...]
    example_heading: Text
    example: tuple[ExampleCard, ...]
    caption: Text

    @property
    def headings(self) -> tuple[Text, ...]:
        return (*(section.heading for section in self.sections), self.example_heading)

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        return f"{self.title}\n{self.subtitle}\n{body}\n{self.example_heading}: {self.caption}"


_RED, _BLACK = Tp("card colour", "red"), Tp("card colour", "black")
EXAMPLE: Final[tuple[ExampleCard, ...]] = (
    ExampleCard("5", "hearts", T("On the pile"), _RED),
    ExampleCard("6", "clubs", T("Player {n}", n=1), _BLACK),
    ExampleCard("7", "diamonds", T("Player {n}", n=2), Tp("card colour", "red …")),
    ExampleCard("7", "spades", T("Player {n}", n=2), Tp("card colour", "… black")),
    ExampleCard("8", "hearts", T("Player {n}", n=3), _RED),
)
CAPTION: Final = T("Going up: a black 6 on the red 5; two 7s at once, red then black; player 3 needs a red 8.")

_DECK: Final = {
    True: T("52 cards and 2 jokers."),
    False: T("52 cards, no jokers."),
}
_RANKS: Final = T("Ranks from low to high: 2, 3 … 10, Jack, Queen, King, Ace. Only colours matter "
                  "(hearts and diamonds red, clubs and spades black), never suits.")
_DEAL: Final = {
    True: T("Deal 7 cards each, one at a time. The rest is the draw pile, face down; turn its top card "
            "up to start the discard pile (a joker turned up goes back into the draw pile)."),
    False: T("Deal 7 cards each, one at a time. The rest is the draw pile, face down; turn its top card "
             "up to start the discard pile (whichever card it is)."),
}
_PASS: Final = T("Instead of playing you may pass: then draw one card from the draw pile (when it is "
                 "empty, just pass).")
_PASS_RULE: Final = {
    True: T("But when the player before you passed, you may pass only if you cannot play: holding a "
            "card that fits, you must lay it."),
    False: T("You may pass whenever you like, even holding a card that fits and even when the player "
             "before you passed too."),
}
_STUCK: Final = {
    "players": T("If you lay cards and all the others then pass, you got the elevator stuck: draw one "
                 "card per player at the table; if the draw pile runs out, the others give you the rest, "
                 "one card each from your left."),
    "one": T("If you lay cards and all the others then pass, you got the elevator stuck: draw one card; "
             "if the draw pile is empty, the player on your left gives you a card from their hand "
             "instead."),
}
_AFRESH: Final = T("Then the player on your left starts the pile afresh.")
_JOKERS: Final = {
    True: T("A joker is wild: in your turn you may lay it on any card. It resets the elevator: the "
            "next player starts the pile afresh with any card they like."),
    False: T("This deck has no jokers, so nothing is wild: only a stuck elevator lets the next player "
             "start the pile afresh with any card they like."),
}


def rule_sheet(variant: ElevatorVariant) -> RuleSheet:
    """The whole sheet for one table: fixed headings, this table's rules only."""
    cards, deal, turn, up_down, passing, stuck, jokers, winning = HEADINGS
    sections = (
        section(cards, _DECK[variant.jokers], _RANKS),
        section(deal, _DEAL[variant.jokers]),
        section(turn, T("The player left of the dealer starts; play goes to the left. In your turn lay one "
                        "card, or several cards of one rank, on the discard pile, or pass.")),
        section(up_down, T("Each card is the next rank in the pile's direction and the other colour: on a "
                           "red 5 going up comes a black 6. Several cards of one rank alternate colours. "
                           "After an Ace the pile goes down, after a 2 up again; a fresh pile goes up "
                           "(down from an Ace).")),
        section(passing, _PASS, _PASS_RULE[variant.must_play_after_pass]),
        section(stuck, _STUCK[variant.stuck_penalty], _AFRESH),
        section(jokers, _JOKERS[variant.jokers]),
        section(winning, T("The first player with an empty hand wins, even by giving away their last card. "
                           "If time is called first, write each player's card count on the score slip: "
                           "the fewest win.")),
    )
    return RuleSheet(TITLE, SUBTITLE, sections, EXAMPLE_HEADING, EXAMPLE, CAPTION)
