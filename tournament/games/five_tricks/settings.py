"""A Five Tricks table's four settings, declared once: its stored JSON, the tables page's line,
the debrief's rows and the rules page's form all come from ``SETTINGS``.

Invariants:
- The keys are ``FiveTricksVariant``'s fields, in their order; the JSON stores a trump by its suit's
  name (``None``: no trump) and reads any spelling ``Suit.parse`` knows.
- The words are the ones the rule sheet already uses (a trump as "Hearts (♥) are trumps.").
- A table without trumps has no "when to trump" rule to play by: the debrief shows a dash
  there, whatever the stored flag says, since the flag changes nothing at that table.
- The summary folds the trump's timing into the trump phrase, one message per suit and timing
  ("♥ Hearts trump (only when void)"): the game's own line, not the settings' words in a row.
"""

from __future__ import annotations

from typing import Final

from ...core.i18n import T, Text, Tp
from ..settings import Choice, DeclaredSetting, VariantSettings, stored, yes_no
from .cards import Suit
from .generator import MIN_NEIGHBOUR_DIFFERENCES, variants_for_tables
from .sheets import ARE_TRUMPS
from .variants import FiveTricksVariant

ACE_PHRASE: Final = {"high": T("Ace high"), "low": T("Ace low")}
WINS_PHRASE: Final = {"highest": T("highest card wins"), "lowest": T("lowest card wins")}
NO_TRUMP_PHRASE: Final = T("no trump")
# One message per suit: the translation places the symbol and names the suit.
_SUIT_OPTION: Final = {Suit.HEARTS: T("{symbol} Hearts"), Suit.DIAMONDS: T("{symbol} Diamonds"),
                       Suit.CLUBS: T("{symbol} Clubs"), Suit.SPADES: T("{symbol} Spades")}


def _trump(suit: Suit) -> Choice:
    return stored(suit, suit.value, Text(ARE_TRUMPS[suit].msgid, {"suit": suit}),
                  _SUIT_OPTION[suit].filled(symbol=suit.symbol), suit.value)


def _read_trump(value: object) -> Suit | None:
    return None if value is None else Suit.parse(value)  # type: ignore[arg-type]  # parse refuses non-text


# A summary lists the settings as short phrases, each one message (a list, not a sentence).
_SUMMARY: Final = T("{ace}, {wins}; {trump}")
_TRUMP_PHRASE: Final = {
    (Suit.HEARTS, False): T("{symbol} Hearts trump (only when void)"),
    (Suit.HEARTS, True): T("{symbol} Hearts trump (any time)"),
    (Suit.DIAMONDS, False): T("{symbol} Diamonds trump (only when void)"),
    (Suit.DIAMONDS, True): T("{symbol} Diamonds trump (any time)"),
    (Suit.CLUBS, False): T("{symbol} Clubs trump (only when void)"),
    (Suit.CLUBS, True): T("{symbol} Clubs trump (any time)"),
    (Suit.SPADES, False): T("{symbol} Spades trump (only when void)"),
    (Suit.SPADES, True): T("{symbol} Spades trump (any time)"),
}


def summary_text(variant: FiveTricksVariant) -> Text:
    """"Ace high, highest card wins; ♥ Hearts trump (only when void)", or "…; no trump"."""
    if variant.trump is None:
        trump = NO_TRUMP_PHRASE
    else:
        phrase = _TRUMP_PHRASE[variant.trump, variant.trump_any_time]
        trump = Text(phrase.msgid, {"symbol": variant.trump.symbol})
    return Text(_SUMMARY.msgid, {"ace": ACE_PHRASE[variant.ace], "wins": WINS_PHRASE[variant.wins],
                                 "trump": trump})


SETTINGS: Final = VariantSettings(
    variant=FiveTricksVariant,
    declared=(
        DeclaredSetting("ace", T("Ace"), (
            Choice("high", "high", ACE_PHRASE["high"], T("Ace high (above 7)")),
            Choice("low", "low", ACE_PHRASE["low"], T("Ace low (below 2)")),
        )),
        DeclaredSetting("wins", Tp("table setting", "Winning card"), (
            Choice("highest", "highest", WINS_PHRASE["highest"], T("Highest card wins")),
            Choice("lowest", "lowest", WINS_PHRASE["lowest"], T("Lowest card wins")),
        ), question=T("Which card wins")),
        DeclaredSetting("trump", Tp("table setting", "Trumps"), (
            stored(None, "", NO_TRUMP_PHRASE, T("No trump"), None), *(_trump(suit) for suit in Suit),
        ), question=T("Trump suit"), read=_read_trump),
        DeclaredSetting("trump_any_time", Tp("table setting", "When to trump"),
                        yes_no(Tp("trump", "any time"), Tp("trump", "only when void")),
                        question=T("Trump may be played at any time (even when able to follow suit)"),
                        check=True, applies=lambda variant: variant.trump is not None),
    ),
    summary=summary_text,
    generator=variants_for_tables,
    differ_by=MIN_NEIGHBOUR_DIFFERENCES,
)
