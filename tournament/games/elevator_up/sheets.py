"""The words on an Elevator UP rule sheet, generated from the table's settings.

Invariants:
- Every sheet has the same title, subtitle, headings (``HEADINGS``) and a key of the same five
  cards (Ace, 10, 2, 7, Jack), whatever the settings; only the sentences that state a setting
  change, and each setting's two wordings are of about one length, so every table's sheet has
  one layout.
- A sheet states the rule its table plays and never mentions the other choice of a setting:
  where the 7 or the Jack is no special card, the sheet says it is a floor like the others.
- The floors, the special cards and the key come from ``ElevatorUpRules`` (``floors``,
  ``special``): nothing here repeats the card mapping by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .variants import (
    DOOR_CLOSED,
    LOBBY,
    NEW_BUILDING,
    PENTHOUSE,
    SPECIAL_RANKS,
    STUCK,
    ElevatorUpRules,
)

TITLE: Final = "Elevator UP"
SUBTITLE: Final = "Climb the floors of the building; be the first out of cards"
HEADINGS: Final[tuple[str, ...]] = (
    "Cards", "Set-up", "Your turn", "Drawing", "Four of a floor", "Table cards",
    "Special cards", "The 7", "The Jack", "Winning",
)
KEY_HEADING: Final = "Key to the cards"
KEY_RANKS: Final[tuple[str, ...]] = (PENTHOUSE, NEW_BUILDING, LOBBY, STUCK, DOOR_CLOSED)
_SHORT: Final = {"Ace": "A", "Jack": "J"}


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    text: str


@dataclass(frozen=True, slots=True)
class KeyCard:
    """One card of the key: its rank ("A") and what it is at this table ("Penthouse", or "Floor"
    for a 7 or Jack played as an ordinary floor)."""

    rank: str
    name: str


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    key_heading: str
    key: tuple[KeyCard, ...]

    @property
    def headings(self) -> tuple[str, ...]:
        return (*(section.heading for section in self.sections), self.key_heading)

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        key = ", ".join(f"{card.rank} {card.name}" for card in self.key)
        return f"{self.title}\n{self.subtitle}\n{body}\n{self.key_heading}: {key}"


def _listed(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _cards(variant: ElevatorUpRules) -> str:
    specials = [rank for rank in KEY_RANKS if rank != PENTHOUSE and variant.special(rank)]
    return (
        f"52 cards, no jokers. Floors from the ground up: {', '.join(variant.floors())} (the "
        f"Penthouse). The {_listed(specials)} are special cards, each with its own power."
    )


def _four(variant: ElevatorUpRules) -> str:
    if variant.four_of_a_kind_clears:
        return (
            "When the four cards of one floor lie on top of the pile in a row (laid together or by "
            "several players), the pile is set aside for good and whoever laid the fourth plays again."
        )
    return (
        "Four cards of one floor on top of each other change nothing: the pile stays where it is "
        f"and play goes on. Only a {NEW_BUILDING} (New Building) sets the pile aside for good."
    )


def _seven(variant: ElevatorUpRules) -> str:
    if variant.stuck_card:
        return (
            f"{SPECIAL_RANKS[STUCK]}: lay it on any card. It is see-through: the next player must match "
            "or beat the card below the 7, as if the 7 were not there."
        )
    return (
        "A floor like the others, between the 6 and the 8: lay it on a 7 or any lower floor; on it "
        "goes a 7 or higher, or a special card."
    )


def _jack(variant: ElevatorUpRules) -> str:
    if variant.door_closed_card:
        return (
            f"{SPECIAL_RANKS[DOOR_CLOSED]}: lay it on any card but a special card. The next player misses "
            "a turn; the player after plays on the card below the Jack."
        )
    return (
        "A floor like the others, between the 9 and the Queen: lay it on a Jack or any lower floor; "
        "on it goes a Jack or higher, or a special card."
    )


def _key(variant: ElevatorUpRules) -> tuple[KeyCard, ...]:
    return tuple(
        KeyCard(_SHORT.get(rank, rank), SPECIAL_RANKS[rank] if variant.special(rank) else "Floor")
        for rank in KEY_RANKS
    )


def rule_sheet(variant: ElevatorUpRules) -> RuleSheet:
    """The whole sheet for one table: fixed headings and key, this table's rules only."""
    texts = (
        _cards(variant),
        "Deal each player 3 cards face down (unseen), 2 face up and 3 into their hand; the rest is the "
        "draw pile. Before play you may swap face-up cards with hand cards.",
        "Play goes left from the dealer. Lay the same or a higher floor than the pile's top card, or "
        "a special card; several of one floor may go together, anything on an empty pile. If you "
        "cannot, take the whole pile into your hand; the next player starts afresh.",
        "Keep at least 3 cards in hand: after laying cards, draw back up to 3 (holding more, draw "
        "nothing). Once the draw pile is used up, nobody draws.",
        _four(variant),
        "When the draw pile and your hand are empty, play your face-up cards as your hand, then one "
        "face-down card per turn, turned straight onto the pile: if it may not go there, take the "
        "pile with it. Whenever you hold a hand, empty it before your table cards.",
        f"{PENTHOUSE} (Penthouse): the top floor; only another Ace or a special card goes on it. "
        f"{NEW_BUILDING} (New Building): lay it on any card; the pile is set aside for good and you "
        f"play again. {LOBBY} (Lobby): lay it on any card; the next player may lay any card on it.",
        _seven(variant),
        _jack(variant),
        "The first player with no cards left, in hand or on the table, wins the game.",
    )
    sections = tuple(Section(heading, text) for heading, text in zip(HEADINGS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, KEY_HEADING, _key(variant))
