"""The words on a Five Tricks rule sheet, generated from the variant: never written by hand per table.

Invariants:
- Every rule sheet has the same title, subtitle and headings in the same order (``HEADINGS``),
  whatever the variant; only the sentences under them change, so sheets look alike.
- A sheet names no suit but its own trump suit (none at all on a no-trump sheet); cards in the
  example trick are shown by symbol only.
- The example trick is the same four cards on every sheet; who takes it is computed by the
  core's ``trick_winner``, never stated by hand.

Text is returned as "parts": plain strings, ``Suit`` (drawn as its coloured symbol) and ``Card``
(rank and coloured symbol), so templates can colour symbols without any markup in the data.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit
from .tricks import trick_winner
from .variants import ACE_ORDER, RuleVariant

Part = str | Suit | Card

TITLE = "Five Tricks"
SUBTITLE = "A quick trick-taking game, learned in a minute"
HEADINGS: tuple[str, ...] = (
    "Cards", "Players", "Deal", "Start", "Winning tricks", "Continuation",
    "Following suit", "Trumps", "End and win",
)
EXAMPLE_HEADING = "Example trick"

# The led suit holds a 6 and a 2 (highest-wins and lowest-wins tables disagree), and two other
# suits follow, each a trump at some tables: across the seed kit all four players win somewhere.
EXAMPLE_TRICK: tuple[Card, ...] = (
    Card(6, Suit.SPADES), Card(2, Suit.SPADES), Card(7, Suit.HEARTS), Card(1, Suit.CLUBS),
)

_RANK_WORDS = {1: "Ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7"}
_ACE_PLACE = {"high": "The Ace is high: it ranks above the 7.", "low": "The Ace is low: it ranks below the 2."}
_SUIT_WORD = {suit: suit.value for suit in Suit}
_SINGULAR = {Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club", Suit.SPADES: "spade"}


@dataclass(frozen=True)
class Section:
    heading: str
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
    subtitle: str
    sections: tuple[Section, ...]
    example: ExampleTrick

    @property
    def headings(self) -> tuple[str, ...]:
        return (*(s.heading for s in self.sections), EXAMPLE_HEADING)

    @property
    def text(self) -> str:
        body = "\n".join(f"{s.heading}: {s.text}" for s in self.sections)
        return f"{self.title}\n{self.subtitle}\n{body}\n{EXAMPLE_HEADING}: {self.example.text}"


def plain(parts: tuple[Part, ...]) -> str:
    return "".join(part if isinstance(part, str) else str(part.symbol if isinstance(part, Suit) else part)
                   for part in parts)


def rank_order(variant: RuleVariant) -> str:
    """Ranks from the card that takes a trick down to the one that never does."""
    best_first = sorted(ACE_ORDER[variant.ace], key=lambda r: -variant.strength(Card(r, Suit.SPADES)))
    return ", ".join(_RANK_WORDS[rank] for rank in best_first)


def _trump_sections(variant: RuleVariant, best: str) -> tuple[tuple[Part, ...], tuple[Part, ...]]:
    """The "Following suit" and "Trumps" paragraphs, which depend on the trump settings."""
    trump = variant.trump
    following: tuple[Part, ...]
    trumps: tuple[Part, ...]
    if trump is None:
        following = (
            "Whoever leads may play any suit. Everyone else must play a card of the suit that was "
            "led if they hold one; only a player without it may play any other card. "
            f"The {best} card of the led suit takes the trick.",
        )
        trumps = (
            "This game is played without trumps. A card of a suit other than the one led never "
            "takes a trick, however good its rank.",
        )
        return following, trumps
    name, one = _SUIT_WORD[trump], _SINGULAR[trump]
    if variant.trump_any_time:
        following = (
            "Whoever leads may play any suit. Everyone else must play a card of the suit that was "
            "led if they hold one, or else a trump (see Trumps); a player without the led suit "
            f"may play any card. Without trumps, the {best} card of the led suit takes the trick.",
        )
        when = ("You may play a ", trump, f" {one} at any time, even when you could follow suit.")
    else:
        following = (
            "Whoever leads may play any suit. Everyone else must play a card of the suit that was "
            "led if they hold one; only a player without it may play any other card. "
            f"Without trumps, the {best} card of the led suit takes the trick.",
        )
        when = ("Only when you hold no card of the led suit may you play a ", trump, f" {one}.")
    trumps = (
        f"{name.capitalize()} (", trump, ") are trumps. ", *when,
        f" Any {one} beats every card of the other suits, whatever its rank. "
        f"When several {name} are played in one trick, the {best} {one} takes it.",
    )
    return following, trumps


def rule_sheet(variant: RuleVariant) -> RuleSheet:
    """The full sheet for one variant: identical headings, this variant's rules only."""
    best = variant.wins
    ace = variant.ace
    order = rank_order(variant)
    following, trumps = _trump_sections(variant, best)
    texts: tuple[tuple[Part, ...], ...] = (
        (f"28 cards: the Ace, 2, 3, 4, 5, 6 and 7 of each suit. {_ACE_PLACE[ace]} "
         f"From the card that wins to the card that loses: {order}.",),
        ("Four to six is usual; a table may have a few more or fewer.",),
        ("Shuffle, then deal the cards one by one until each player has between four and seven "
         "cards, depending on how many play. Put any cards left over aside, face down.",),
        ("The player left of the dealer leads by playing any card face up. Then each other player "
         "in turn adds one card. One card from each player makes a trick; the last trick may have "
         "fewer cards if some hands run out.",),
        (f"When everyone has played, the {best} card takes the trick (read Following suit and "
         "Trumps for which cards count). Its player turns the trick face down in front of them.",),
        ("The winner of a trick leads the next one, played the same way, until no cards are "
         "left in anyone's hand.",),
        following,
        trumps,
        ("The game ends when all cards have been played. The player who took the most tricks "
         "wins the game.",),
    )
    sections = tuple(Section(heading, parts) for heading, parts in zip(HEADINGS, texts, strict=True))
    return RuleSheet(TITLE, SUBTITLE, sections, example_trick(variant))


def example_trick(variant: RuleVariant) -> ExampleTrick:
    """Who takes ``EXAMPLE_TRICK`` under this variant, and why, in one sentence."""
    cards = EXAMPLE_TRICK
    winner = trick_winner(variant, cards)
    led = cards[0].suit
    best = variant.wins
    trumps_played = [c for c in cards if variant.trump is not None and c.suit is variant.trump]
    if len(trumps_played) == 1:
        why: tuple[Part, ...] = ("it is the only trump, and a trump beats every other suit.",)
    elif trumps_played:
        why = (f"of the trumps played, the {best} one wins.",)
    elif variant.trump is None:
        why = (f"with no trumps, the {best} card of the led suit wins.",)
    else:
        why = (f"nobody played a trump, so the {best} card of the led suit wins.",)
    caption: tuple[Part, ...] = (
        "Player 1 leads the ", cards[0], "; players 2, 3 and 4 follow in turn (players 3 and 4 "
        "hold no ", led, "). Here player ", str(winner + 1), " takes the trick with the ",
        cards[winner], ": ", *why,
    )
    return ExampleTrick(cards, winner, caption)
