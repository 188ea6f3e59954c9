"""The words on a Euchre rule sheet, made from the table's variant.

Invariants:
- Every sheet has the same title, subtitle and headings in the same order (``HEADINGS``) and the
  same example trick; only the sentences of the table's two options change, and each option's
  sentences are of about the same length either way, so every table's sheet has one layout.
- A sheet states its own table's rules as plain rules: it never mentions an option the table
  does not play (no "no trump" on a suits-only table, no "misdeal" where the dealer is stuck).
- The example trick's winner is worked out by ``trick_winner``, not written by hand.

- Every heading and sentence is a translatable message (``Text``); a sentence naming a suit or a
  card holds it as a parameter, so each language places the symbol. An option's sentence is one
  message per setting, never glued from pieces. ``str`` of every part is the English.

Text is returned as "parts": strings, ``Text`` messages and ``Card``/``Suit`` values (drawn as
coloured symbols by the app's print macros), so templates colour symbols without markup in the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from ...core.i18n import T, Text, Tp
from .scoring import EUCHRED_POINTS, GAME_POINTS
from .variants import EuchreVariant


class Suit(Enum):
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        return {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}[self.value]

    def __str__(self) -> str:
        # A suit in a message's English reads as its symbol, as the sheets print it.
        return self.symbol

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour: its Jack is this suit's left bower."""
        return {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS,
                Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS}[self]


RANKS: Final[tuple[str, ...]] = ("9", "10", "J", "Q", "K", "A")  # lowest first, outside trump


@dataclass(frozen=True, slots=True)
class Card:
    rank: str  # "9", "10", "J", "Q", "K", "A": the print macro shows it as it is
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.symbol}"


def suit_of(card: Card, trump: Suit | None) -> Suit:
    """The suit a card counts as: the left bower is a trump."""
    if trump is not None and card.rank == "J" and card.suit is trump.partner:
        return trump
    return card.suit


def strength(card: Card, trump: Suit | None) -> int:
    """Higher takes: the right bower, the left bower, then A K Q 10 9 of trump; any trump beats
    other suits. Without trump (a no-trump hand) every suit ranks A K Q J 10 9."""
    if trump is not None and card.rank == "J" and card.suit is trump:
        return 200
    if trump is not None and suit_of(card, trump) is trump:
        return 199 if card.rank == "J" else 100 + RANKS.index(card.rank)
    return RANKS.index(card.rank)


def trick_winner(cards: tuple[Card, ...], trump: Suit | None) -> int:
    """Index of the card that takes the trick (the first card is led)."""
    led = suit_of(cards[0], trump)

    def rank(index: int) -> int:
        card = cards[index]
        suit = suit_of(card, trump)
        if suit is trump or suit is led:
            return strength(card, trump) + (1000 if suit is trump else 0)
        return -1

    return max(range(len(cards)), key=rank)


Part = str | Suit | Card | Text

TITLE: Final = "Euchre"  # a game's name: the same in every language
SUBTITLE: Final = T("Four players, two teams, five tricks a hand, first team to 10 points")
HEADING_TEXTS: Final[tuple[Text, ...]] = (
    Tp("rule sheet", "Players"), Tp("rule sheet", "Cards"), Tp("rule sheet", "Deal"),
    Tp("rule sheet", "First pass"), Tp("rule sheet", "Second pass"), Tp("rule sheet", "All pass twice"),
    Tp("rule sheet", "Going alone"), Tp("rule sheet", "Card order"), Tp("rule sheet", "Playing"),
    Tp("rule sheet", "Scoring"),
)
HEADINGS: Final[tuple[str, ...]] = tuple(heading.msgid for heading in HEADING_TEXTS)
EXAMPLE_HEADING: Final = "Example trick"

EXAMPLE_TRUMP: Final = Suit.HEARTS
# Trump is led; the left bower follows it and beats the Ace of trump; a card of another suit,
# however high, never takes a trick it did not lead.
EXAMPLE_TRICK: Final[tuple[Card, ...]] = (
    Card("9", Suit.HEARTS), Card("A", Suit.HEARTS), Card("J", Suit.DIAMONDS), Card("A", Suit.SPADES),
)

_SECOND_PASS: Final = {
    True: T("If all four pass, turn the card down. Again from the dealer's left, each player names another "
            "suit as trump, calls “no trump” (a hand without trump), or passes."),
    False: T("If all four pass, turn the card down. Again from the dealer's left, each player names another "
             "suit as trump or passes; the turned suit may not be named now."),
}
_ALL_PASS: Final = {
    True: T("The dealer may not pass on the second pass: when the other three have passed, the dealer must "
            "name trump, so every deal is played."),
    False: T("If all four pass again, nobody plays this deal: it is a misdeal. Gather the cards; the player "
             "on the dealer's left deals anew."),
}
_NO_TRUMP_ORDER: Final = T("In a no-trump hand there are no bowers: every suit ranks A K Q J 10 9.")
# The example trump is fixed (hearts), so its sentence names it in words: one message.
_BOWER_ORDER: Final = T("With {trump} trump the {bower} is a trump, so {suit} has only five cards.")
_CAPTION: Final = T("Hearts are trump. The {bower} is the left bower: a trump, it follows the {led} and "
                    "beats the {ace}. Player {player} takes the trick.")


@dataclass(frozen=True, slots=True)
class Section:
    heading: Text
    parts: tuple[Part, ...]

    @property
    def text(self) -> str:
        return plain(self.parts)


@dataclass(frozen=True, slots=True)
class ExampleTrick:
    cards: tuple[Card, ...]
    winner: int
    caption: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class RuleSheet:
    title: str
    subtitle: Text
    sections: tuple[Section, ...]
    example: ExampleTrick

    @property
    def text(self) -> str:
        body = "\n".join(f"{section.heading}: {section.text}" for section in self.sections)
        return f"{self.title}\n{self.subtitle}\n{body}\n{EXAMPLE_HEADING}: {plain(self.example.caption)}"


def _with(message: Text, **params: object) -> Text:
    """``message`` (written out once above, where the catalogue finds it) with its parameters."""
    return Text(message.msgid, params, message.plural, message.n, message.context)


def plain(parts: tuple[Part, ...]) -> str:
    """The parts as English text, suits and cards by their symbols."""
    return "".join(str(part) for part in parts)


def _no_trump_order(variant: EuchreVariant) -> tuple[Part, ...]:
    if variant.no_trump:
        return (" ", _NO_TRUMP_ORDER)
    partner = EXAMPLE_TRUMP.partner
    return (" ", _with(_BOWER_ORDER, trump=EXAMPLE_TRUMP, bower=Card("J", partner), suit=partner))


def rule_sheet(variant: EuchreVariant) -> RuleSheet:
    """The whole sheet for one table: the same headings everywhere, this table's rules only."""
    texts: tuple[tuple[Part, ...], ...] = (
        (T("Four, in two teams of two. Partners sit opposite each other and win or lose together."),),
        (T("24 cards: the 9, 10, Jack, Queen, King and Ace of each suit ({spades} {hearts} {diamonds} {clubs}).",
           spades=Suit.SPADES, hearts=Suit.HEARTS, diamonds=Suit.DIAMONDS, clubs=Suit.CLUBS),),
        (T("5 cards each, clockwise, in passes of 3 then 2 (2 then 3 for the dealer's team). Turn up "
           "the top card of the 4 left over (the blind). The deal moves left."),),
        (T("From the dealer's left, each player passes or orders the turned card up: its suit is "
           "trump, and the dealer takes it into hand and discards one card face down."),),
        (_SECOND_PASS[variant.no_trump],),
        (_ALL_PASS[variant.stick_the_dealer],),
        (T("Whoever made trump may play the hand alone: their partner lays their cards face down and "
           "sits out. Alone, taking all five tricks scores more."),),
        (T("In trump, from the highest: the Jack of trump (right bower), the other Jack of its colour "
           "(left bower, a trump for the hand), then A K Q 10 9. Other suits: A K Q J 10 9."),
         *_no_trump_order(variant)),
        (T("Left of the dealer leads, then clockwise. Follow suit if you can, else play any card. The "
           "highest trump takes the trick, else the highest card of the suit led; its taker leads next."),),
        (T("The makers (the team that made trump) score 1 point for 3 or 4 tricks, 2 for all 5. "
           "Alone: 1 point for 3 or 4, 4 for all 5. Makers with fewer than 3 tricks are euchred: "
           "the other team scores {euchred}. The first team to {points} points wins the game.",
           euchred=EUCHRED_POINTS, points=GAME_POINTS),),
    )
    sections = tuple(Section(heading, parts) for heading, parts in zip(HEADING_TEXTS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, example_trick())


def example_trick() -> ExampleTrick:
    """The example trick with hearts trump, and why its taker takes it."""
    cards = EXAMPLE_TRICK
    winner = trick_winner(cards, EXAMPLE_TRUMP)
    caption: tuple[Part, ...] = (
        _with(_CAPTION, bower=cards[2], led=cards[0], ace=cards[1], player=winner + 1),
    )
    return ExampleTrick(cards, winner, caption)
