"""The words on a Five Tricks rule sheet, generated from the variant: never written by hand per table.

Invariants:
- Every rule sheet has the same title, subtitle and headings in the same order (``HEADINGS``),
  whatever the variant; only the sentences under them change, so sheets look alike.
- A sheet names no suit but its own trump suit (none at all on a no-trump sheet); cards in the
  example trick are shown by symbol only.
- The example trick is the same four cards on every sheet; who takes it is computed by the
  core's ``trick_winner``, never stated by hand.
- Every heading and sentence is a translatable message (``Text``); a sentence that names a suit
  or a card holds it as a ``{suit}``/``{card}`` parameter, so each language places the symbol.
  A sentence that changes with a setting is one message per value (no glued words): languages
  inflect "highest" and the suit's name differently. ``str`` of every part is the English.

Text is returned as "parts": plain strings, ``Text`` messages, ``Suit`` (drawn as its coloured
symbol) and ``Card`` (rank and coloured symbol), so templates can colour symbols without any
markup in the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...core.i18n import T, Text, Tp
from .cards import Card, Suit
from .tricks import trick_winner
from .variants import ACE_ORDER, FiveTricksVariant

Part = str | Suit | Card | Text

TITLE = "Five Tricks"  # a game's name: the same in every language
SUBTITLE: Final = T("A quick trick-taking game, learned in a minute")
HEADING_TEXTS: Final[tuple[Text, ...]] = (
    Tp("rule sheet", "Cards"), Tp("rule sheet", "Players"), Tp("rule sheet", "Deal"),
    Tp("rule sheet", "Start"), Tp("rule sheet", "Winning tricks"), Tp("rule sheet", "Continuation"),
    Tp("rule sheet", "Following suit"), Tp("rule sheet", "Trumps"), Tp("rule sheet", "End and win"),
)
HEADINGS: Final[tuple[str, ...]] = tuple(heading.msgid for heading in HEADING_TEXTS)
EXAMPLE_HEADING = "Example trick"

# The led suit holds a 6 and a 2 (highest-wins and lowest-wins tables disagree), and two other
# suits follow, each a trump at some tables: across the seed kit all four players win somewhere.
EXAMPLE_TRICK: tuple[Card, ...] = (
    Card(6, Suit.SPADES), Card(2, Suit.SPADES), Card(7, Suit.HEARTS), Card(1, Suit.CLUBS),
)

_RANK_WORDS = {1: "Ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7"}
# The four orders a sheet can list, best first, keyed by the English list ``rank_order`` makes.
_ORDER_TEXTS: Final[dict[str, Text]] = {text.msgid: text for text in (
    Tp("rank order", "Ace, 7, 6, 5, 4, 3, 2"), Tp("rank order", "7, 6, 5, 4, 3, 2, Ace"),
    Tp("rank order", "Ace, 2, 3, 4, 5, 6, 7"), Tp("rank order", "2, 3, 4, 5, 6, 7, Ace"),
)}
_ACE_PLACE: Final = {"high": T("The Ace is high: it ranks above the 7."),
                     "low": T("The Ace is low: it ranks below the 2.")}
_TAKES: Final = {
    "highest": T("When everyone has played, the highest card takes the trick (read Following suit and "
                 "Trumps for which cards count). Its player turns the trick face down in front of them."),
    "lowest": T("When everyone has played, the lowest card takes the trick (read Following suit and "
                "Trumps for which cards count). Its player turns the trick face down in front of them."),
}
_FOLLOW: Final = T("Whoever leads may play any suit. Everyone else must play a card of the suit that was "
                   "led if they hold one; only a player without it may play any other card.")
_FOLLOW_OR_TRUMP: Final = T("Whoever leads may play any suit. Everyone else must play a card of the suit "
                            "that was led if they hold one, or else a trump (see Trumps); a player without "
                            "the led suit may play any card.")
_LED_SUIT_TAKES: Final = {"highest": T("The highest card of the led suit takes the trick."),
                          "lowest": T("The lowest card of the led suit takes the trick.")}
_LED_SUIT_TAKES_WITHOUT_TRUMPS: Final = {
    "highest": T("Without trumps, the highest card of the led suit takes the trick."),
    "lowest": T("Without trumps, the lowest card of the led suit takes the trick."),
}
_NO_TRUMPS: Final = T("This game is played without trumps. A card of a suit other than the one led never "
                      "takes a trick, however good its rank.")
# One message per suit (and per setting): each language names and inflects the suit its own way.
ARE_TRUMPS: Final = {
    Suit.HEARTS: T("Hearts ({suit}) are trumps."),
    Suit.DIAMONDS: T("Diamonds ({suit}) are trumps."),
    Suit.CLUBS: T("Clubs ({suit}) are trumps."),
    Suit.SPADES: T("Spades ({suit}) are trumps."),
}
_ANY_TIME: Final = {
    Suit.HEARTS: T("You may play a {suit} heart at any time, even when you could follow suit."),
    Suit.DIAMONDS: T("You may play a {suit} diamond at any time, even when you could follow suit."),
    Suit.CLUBS: T("You may play a {suit} club at any time, even when you could follow suit."),
    Suit.SPADES: T("You may play a {suit} spade at any time, even when you could follow suit."),
}
_WHEN_VOID: Final = {
    Suit.HEARTS: T("Only when you hold no card of the led suit may you play a {suit} heart."),
    Suit.DIAMONDS: T("Only when you hold no card of the led suit may you play a {suit} diamond."),
    Suit.CLUBS: T("Only when you hold no card of the led suit may you play a {suit} club."),
    Suit.SPADES: T("Only when you hold no card of the led suit may you play a {suit} spade."),
}
_TRUMP_TAKES: Final = {
    (Suit.HEARTS, "highest"): T("Any heart beats every card of the other suits, whatever its rank. When "
                                "several hearts are played in one trick, the highest heart takes it."),
    (Suit.HEARTS, "lowest"): T("Any heart beats every card of the other suits, whatever its rank. When "
                               "several hearts are played in one trick, the lowest heart takes it."),
    (Suit.DIAMONDS, "highest"): T("Any diamond beats every card of the other suits, whatever its rank. When "
                                  "several diamonds are played in one trick, the highest diamond takes it."),
    (Suit.DIAMONDS, "lowest"): T("Any diamond beats every card of the other suits, whatever its rank. When "
                                 "several diamonds are played in one trick, the lowest diamond takes it."),
    (Suit.CLUBS, "highest"): T("Any club beats every card of the other suits, whatever its rank. When "
                               "several clubs are played in one trick, the highest club takes it."),
    (Suit.CLUBS, "lowest"): T("Any club beats every card of the other suits, whatever its rank. When "
                              "several clubs are played in one trick, the lowest club takes it."),
    (Suit.SPADES, "highest"): T("Any spade beats every card of the other suits, whatever its rank. When "
                                "several spades are played in one trick, the highest spade takes it."),
    (Suit.SPADES, "lowest"): T("Any spade beats every card of the other suits, whatever its rank. When "
                               "several spades are played in one trick, the lowest spade takes it."),
}
_EXAMPLE_PLAY: Final = T("Player 1 leads the {card}; players 2, 3 and 4 follow in turn "
                          "(players 3 and 4 hold no {suit}).")
_ORDER: Final = T("From the card that wins to the card that loses: {order}.")
_WHY_ONLY_TRUMP: Final = T("Here player {player} takes the trick with the {card}: it is the only trump, "
                           "and a trump beats every other suit.")
_WHY_BEST_TRUMP: Final = {
    "highest": T("Here player {player} takes the trick with the {card}: of the trumps played, the highest "
                 "one wins."),
    "lowest": T("Here player {player} takes the trick with the {card}: of the trumps played, the lowest "
                "one wins."),
}
_WHY_NO_TRUMPS: Final = {
    "highest": T("Here player {player} takes the trick with the {card}: with no trumps, the highest card of "
                 "the led suit wins."),
    "lowest": T("Here player {player} takes the trick with the {card}: with no trumps, the lowest card of "
                "the led suit wins."),
}
_WHY_NO_TRUMP_PLAYED: Final = {
    "highest": T("Here player {player} takes the trick with the {card}: nobody played a trump, so the "
                 "highest card of the led suit wins."),
    "lowest": T("Here player {player} takes the trick with the {card}: nobody played a trump, so the "
                "lowest card of the led suit wins."),
}


@dataclass(frozen=True)
class Section:
    heading: Text
    parts: tuple[Part, ...]

    @property
    def text(self) -> str:
        return plain(self.parts)


@dataclass(frozen=True)
class ExampleTrick:
    cards: tuple[Card, ...]
    winner: int
    caption: tuple[Part, ...]

    @property
    def text(self) -> str:
        return plain(self.caption)


@dataclass(frozen=True)
class RuleSheet:
    title: str
    subtitle: Text
    sections: tuple[Section, ...]
    example: ExampleTrick

    @property
    def headings(self) -> tuple[str, ...]:
        """The headings in English, the example's last."""
        return (*(str(s.heading) for s in self.sections), EXAMPLE_HEADING)

    @property
    def text(self) -> str:
        body = "\n".join(f"{s.heading}: {s.text}" for s in self.sections)
        return f"{self.title}\n{self.subtitle}\n{body}\n{EXAMPLE_HEADING}: {self.example.text}"


def _with(message: Text, **params: object) -> Text:
    """``message`` (written out once above, where the catalogue finds it) with its parameters."""
    return Text(message.msgid, params, message.plural, message.n, message.context)


def plain(parts: tuple[Part, ...]) -> str:
    """The parts as English text, suits and cards by their symbols."""
    return "".join(str(part) for part in parts)


def rank_order(variant: FiveTricksVariant) -> str:
    """Ranks from the card that takes a trick down to the one that never does."""
    best_first = sorted(ACE_ORDER[variant.ace], key=lambda r: -variant.strength(Card(r, Suit.SPADES)))
    return ", ".join(_RANK_WORDS[rank] for rank in best_first)


def _trump_sections(variant: FiveTricksVariant) -> tuple[tuple[Part, ...], tuple[Part, ...]]:
    """The "Following suit" and "Trumps" paragraphs, which depend on the trump settings."""
    trump, best = variant.trump, variant.wins
    if trump is None:
        return (_FOLLOW, " ", _LED_SUIT_TAKES[best]), (_NO_TRUMPS,)
    if variant.trump_any_time:
        following: tuple[Part, ...] = (_FOLLOW_OR_TRUMP, " ", _LED_SUIT_TAKES_WITHOUT_TRUMPS[best])
        when = _ANY_TIME[trump]
    else:
        following = (_FOLLOW, " ", _LED_SUIT_TAKES_WITHOUT_TRUMPS[best])
        when = _WHEN_VOID[trump]
    trumps: tuple[Part, ...] = (
        _with(ARE_TRUMPS[trump], suit=trump), " ", _with(when, suit=trump), " ", _TRUMP_TAKES[trump, best],
    )
    return following, trumps


def rule_sheet(variant: FiveTricksVariant) -> RuleSheet:
    """The full sheet for one variant: identical headings, this variant's rules only."""
    following, trumps = _trump_sections(variant)
    order = _with(_ORDER, order=_ORDER_TEXTS[rank_order(variant)])
    texts: tuple[tuple[Part, ...], ...] = (
        (T("28 cards: the Ace, 2, 3, 4, 5, 6 and 7 of each suit."), " ", _ACE_PLACE[variant.ace], " ", order),
        (T("Four to six is usual; a table may have a few more or fewer."),),
        (T("Shuffle, then deal the cards one by one until each player has between four and seven "
           "cards, depending on how many play. Put any cards left over aside, face down."),),
        (T("The player left of the dealer leads by playing any card face up. Then each other player "
           "in turn adds one card. One card from each player makes a trick; the last trick may have "
           "fewer cards if some hands run out."),),
        (_TAKES[variant.wins],),
        (T("The winner of a trick leads the next one, played the same way, until no cards are "
           "left in anyone's hand."),),
        following,
        trumps,
        (T("The game ends when all cards have been played. The player who took the most tricks "
           "wins the game."),),
    )
    sections = tuple(Section(heading, parts) for heading, parts in zip(HEADING_TEXTS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, example_trick(variant))


def example_trick(variant: FiveTricksVariant) -> ExampleTrick:
    """Who takes ``EXAMPLE_TRICK`` under this variant, and why, in one sentence."""
    cards = EXAMPLE_TRICK
    winner = trick_winner(variant, cards)
    best = variant.wins
    trumps_played = [c for c in cards if variant.trump is not None and c.suit is variant.trump]
    if len(trumps_played) == 1:
        why = _WHY_ONLY_TRUMP
    elif trumps_played:
        why = _WHY_BEST_TRUMP[best]
    elif variant.trump is None:
        why = _WHY_NO_TRUMPS[best]
    else:
        why = _WHY_NO_TRUMP_PLAYED[best]
    caption: tuple[Part, ...] = (
        _with(_EXAMPLE_PLAY, card=cards[0], suit=cards[0].suit), " ",
        _with(why, player=winner + 1, card=cards[winner]),
    )
    return ExampleTrick(cards, winner, caption)
