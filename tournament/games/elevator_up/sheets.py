"""The words on an Elevator UP rule sheet, generated from the table's settings.

Invariants:
- Every sheet has the same title, subtitle, headings (``HEADINGS``) and a key of the same five
  cards (Ace, 10, 2, 7, Jack), whatever the settings; only the sentences that state a setting
  change, and each setting's two wordings are of about one length, so every table's sheet has
  one layout.
- A sheet states the rule its table plays and never mentions the other choice of a setting:
  where the 7 or the Jack is no special card, the sheet says it is a floor like the others.
- Which cards are special at a table comes from ``ElevatorUpVariant.special``; the sentence
  listing the floors is one message per combination of the two card settings, and its English
  names exactly ``ElevatorUpVariant.floors()`` (a test holds it to that).
- Every heading, sentence and card name is one translatable message (the title is the game's
  name); ``text`` reads as the English sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.i18n import T, Text, Tp
from ..sheet_text import Section, section
from .variants import DOOR_CLOSED, LOBBY, NEW_BUILDING, PENTHOUSE, STUCK, ElevatorUpVariant

TITLE: Final = "Elevator UP"
SUBTITLE: Final = T("Climb the floors of the building; be the first out of cards")
HEADINGS: Final[tuple[Text, ...]] = (
    Tp("rule sheet heading", "Cards"),
    Tp("rule sheet heading", "Set-up"),
    Tp("rule sheet heading", "Your turn"),
    Tp("rule sheet heading", "Drawing"),
    Tp("rule sheet heading", "Four of a floor"),
    Tp("rule sheet heading", "Table cards"),
    Tp("rule sheet heading", "Special cards"),
    Tp("rule sheet heading", "The 7"),
    Tp("rule sheet heading", "The Jack"),
    Tp("rule sheet heading", "Winning"),
)
KEY_HEADING: Final = T("Key to the cards")
KEY_RANKS: Final[tuple[str, ...]] = (PENTHOUSE, NEW_BUILDING, LOBBY, STUCK, DOOR_CLOSED)
# The key's card faces: a letter for a court card, as each language's cards print it.
_FACE: Final[dict[str, Text | str]] = {PENTHOUSE: Tp("card index", "A"), DOOR_CLOSED: Tp("card index", "J")}
# What each special card is called (``variants.SPECIAL_RANKS`` in English), and an ordinary floor.
CARD_NAMES: Final[dict[str, Text]] = {
    PENTHOUSE: Tp("Elevator UP card", "Penthouse"),
    NEW_BUILDING: Tp("Elevator UP card", "New Building"),
    LOBBY: Tp("Elevator UP card", "Lobby"),
    STUCK: Tp("Elevator UP card", "Stuck"),
    DOOR_CLOSED: Tp("Elevator UP card", "Door Closed"),
}
FLOOR: Final = Tp("Elevator UP card", "Floor")


@dataclass(frozen=True, slots=True)
class KeyCard:
    """One card of the key: its face ("A") and what it is at this table ("Penthouse", or "Floor"
    for a 7 or Jack played as an ordinary floor)."""

    rank: Text | str
    name: Text


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: Text
    sections: tuple[Section, ...]
    key_heading: Text
    key: tuple[KeyCard, ...]

    @property
    def headings(self) -> tuple[Text, ...]:
        return (*(section.heading for section in self.sections), self.key_heading)

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        key = ", ".join(f"{card.rank} {card.name}" for card in self.key)
        return f"{self.title}\n{self.subtitle}\n{body}\n{self.key_heading}: {key}"


_DECK: Final = T("52 cards, no jokers.")
# By (7s special, Jacks special): the floors from the ground up, then the special cards.
FLOORS: Final[dict[tuple[bool, bool], Text]] = {
    (True, True): T("Floors from the ground up: 3, 4, 5, 6, 8, 9, Queen, King, Ace (the Penthouse). "
                    "The 10, 2, 7 and Jack are special cards, each with its own power."),
    (True, False): T("Floors from the ground up: 3, 4, 5, 6, 8, 9, Jack, Queen, King, Ace (the Penthouse). "
                     "The 10, 2 and 7 are special cards, each with its own power."),
    (False, True): T("Floors from the ground up: 3, 4, 5, 6, 7, 8, 9, Queen, King, Ace (the Penthouse). "
                     "The 10, 2 and Jack are special cards, each with its own power."),
    (False, False): T("Floors from the ground up: 3, 4, 5, 6, 7, 8, 9, Jack, Queen, King, Ace (the "
                      "Penthouse). The 10 and 2 are special cards, each with its own power."),
}
_FOUR: Final = {
    True: T("When the four cards of one floor lie on top of the pile in a row (laid together or by "
            "several players), the pile is set aside for good and whoever laid the fourth plays again."),
    False: T("Four cards of one floor on top of each other change nothing: the pile stays where it is "
             "and play goes on. Only a 10 (New Building) sets the pile aside for good."),
}
_SEVEN: Final = {
    True: T("Stuck: lay it on any card. It is see-through: the next player must match or beat the card "
            "below the 7, as if the 7 were not there."),
    False: T("A floor like the others, between the 6 and the 8: lay it on a 7 or any lower floor; on it "
             "goes a 7 or higher, or a special card."),
}
_JACK: Final = {
    True: T("Door Closed: lay it on any card but a special card. The next player misses a turn; the "
            "player after plays on the card below the Jack."),
    False: T("A floor like the others, between the 9 and the Queen: lay it on a Jack or any lower floor; "
             "on it goes a Jack or higher, or a special card."),
}


def _key(variant: ElevatorUpVariant) -> tuple[KeyCard, ...]:
    return tuple(
        KeyCard(_FACE.get(rank, rank), CARD_NAMES[rank] if variant.special(rank) else FLOOR)
        for rank in KEY_RANKS
    )


def rule_sheet(variant: ElevatorUpVariant) -> RuleSheet:
    """The whole sheet for one table: fixed headings and key, this table's rules only."""
    cards, set_up, turn, drawing, four, table_cards, special, seven, jack, winning = HEADINGS
    sections = (
        section(cards, _DECK, FLOORS[variant.special(STUCK), variant.special(DOOR_CLOSED)]),
        section(set_up, T("Deal each player 3 cards face down (unseen), 2 face up and 3 into their hand; the "
                          "rest is the draw pile. Before play you may swap face-up cards with hand cards.")),
        section(turn, T("Play goes left from the dealer. Lay the same or a higher floor than the pile's top "
                        "card, or a special card; several of one floor may go together, anything on an "
                        "empty pile. If you cannot, take the whole pile into your hand; the next player "
                        "starts afresh.")),
        section(drawing, T("Keep at least 3 cards in hand: after laying cards, draw back up to 3 (holding "
                           "more, draw nothing). Once the draw pile is used up, nobody draws.")),
        section(four, _FOUR[variant.four_of_a_kind_clears]),
        section(table_cards, T("When the draw pile and your hand are empty, play your face-up cards as your "
                               "hand, then one face-down card per turn, turned straight onto the pile: if "
                               "it may not go there, take the pile with it. Whenever you hold a hand, empty "
                               "it before your table cards.")),
        section(special, T("Ace (Penthouse): the top floor; only another Ace or a special card goes on it. "
                           "10 (New Building): lay it on any card; the pile is set aside for good and you "
                           "play again. 2 (Lobby): lay it on any card; the next player may lay any card on "
                           "it.")),
        section(seven, _SEVEN[variant.stuck_card]),
        section(jack, _JACK[variant.door_closed_card]),
        section(winning, T("The first player with no cards left, in hand or on the table, wins the game.")),
    )
    return RuleSheet(TITLE, SUBTITLE, sections, KEY_HEADING, _key(variant))
