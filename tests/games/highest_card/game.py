"""Highest card wins, as a ``tournament.games.Game``.

Rules (one game = one draw):
- Everyone at the table turns over one card of a 52-card deck; the highest rank wins the game.
- A table's variant has two settings: ``ace`` ("high": the Ace beats the King; "low": the Ace is
  the lowest card) and ``ties`` ("share": everyone who drew the best rank wins, so a game may
  have several winners, any group of the table; "alphabetical": the alphabetically first of them wins alone).
- A table reports each player's card (1 = Ace … 13 = King) and/or ticks the winners. Cards, when
  given, decide; a ticked choice must agree with them. Without cards the ticked winners stand;
  a report with neither is no game.
- Standard library only at import time; WTForms is imported inside its hooks.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Final, Literal

from tournament.core.errors import RuleError
from tournament.core.i18n import T
from tournament.core.movement import guide_movers
from tournament.core.names import name_key
from tournament.games.protocol import (
    Paragraph,
    Report,
    ScoreField,
    Scorer,
    TablePlay,
    TableSizes,
    TrickRules,
)
from tournament.games.rhythm import SEVERAL_GAMES, GamesPerRound, Rhythm
from tournament.games.settings import Choice, DeclaredSetting, VariantSettings

from .scorer import DRAWS
from .table_play import HIGHEST_CARD_TABLE

Ace = Literal["high", "low"]
Ties = Literal["share", "alphabetical"]
ACES: Final[tuple[Ace, ...]] = ("high", "low")
TIES: Final[tuple[Ties, ...]] = ("share", "alphabetical")

KING: Final = 13
# A draw takes about 20 s: shuffle, turn over, compare.
SECONDS_PER_GAME: Final = 20
MAX_ROWS: Final = 40
# A game is one card each: many games a round, the usual 7-minute round by default.
RHYTHM: Final = Rhythm(GamesPerRound.SEVERAL, game_minutes=1, round_minutes=7, round_text=SEVERAL_GAMES)

CARD: Final = ScoreField(
    label="Card drawn",
    column="card",
    minimum=1,
    maximum=KING,
    total_at_most=None,
    decides=True,
    message=f"A card runs from 1 (Ace) to {KING} (King).",
)

RANK_NAMES: Final = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


@dataclass(frozen=True, slots=True)
class Variant:
    """One table's rules."""

    ace: Ace = "high"
    ties: Ties = "share"

    def __post_init__(self) -> None:
        if self.ace not in ACES:
            raise RuleError(f"ace must be 'high' or 'low', not {self.ace!r}")
        if self.ties not in TIES:
            raise RuleError(f"ties must be 'share' or 'alphabetical', not {self.ties!r}")


@dataclass(frozen=True, slots=True)
class Sheet:
    """What the rule sheet template prints."""

    title: str
    lines: tuple[str, ...]


def _summary(variant: Variant) -> str:
    ties = "a tie shares the win" if variant.ties == "share" else "a tie goes to the first name"
    return f"Ace {variant.ace}; {ties}"


# Its two settings, declared once (a game outside the package uses the same machinery).
SETTINGS: Final = VariantSettings(
    variant=Variant,
    declared=(
        DeclaredSetting("ace", T("Ace"), (Choice("high", "high", "Ace high", T("Ace high (beats the King)")),
                                          Choice("low", "low", "Ace low", T("Ace low")))),
        DeclaredSetting("ties", T("A tie for the best card"), (
            Choice("share", "share", "everyone tied wins", T("Everyone tied wins")),
            Choice("alphabetical", "alphabetical", "the first name wins", T("The first name wins")))),
    ),
    summary=_summary,
    default=Variant(),
    cycle=(Variant("high", "share"), Variant("low", "alphabetical"), Variant("low", "share"),
           Variant("high", "alphabetical")),
)


def _names(players: Collection[str]) -> str:
    return ", ".join(sorted(players, key=name_key))


def _strength(variant: Variant, rank: int) -> int:
    return KING + 1 if rank == 1 and variant.ace == "high" else rank


def _variant(value: object) -> Variant:
    if not isinstance(value, Variant):
        raise RuleError(f"expected the rules of a Highest Card table, not {value!r}")
    return value


class HighestCard:
    """Everyone draws one card; the highest wins."""

    key = "highest-card"
    title = "Highest Card"
    # At most three: with shared wins every group of players is a choice on the entry page.
    table_sizes = TableSizes(smallest=2, preferred=3, largest=3)
    rhythm = RHYTHM
    score: ScoreField | None = CARD
    # A match of draws kept on the app's scorer: the generic scorer pages are tested with it.
    scorer: Scorer[Variant] | None = DRAWS
    entry_hint = "Mark each game's winners, or type the card each player drew: then the cards decide."
    slip_hint = "Tick who drew the highest card in each game; write the cards in the boxes if you like."
    template_folder: Path | None = Path(__file__).resolve().parent / "templates"
    rule_sheet_template = "games/highest-card/rule_sheet.html"
    tricks: TrickRules[Variant] | None = None  # one card each: no tricks
    # Played online too (three cards each, the highest takes the trick): the seam's test.
    table_play: TablePlay[Variant] | None = HIGHEST_CARD_TABLE
    settings = SETTINGS

    # Results ------------------------------------------------------------------------------

    def winner_choices(self, variant: Variant, players: Sequence[str]) -> tuple[frozenset[str], ...]:
        largest = len(players) if _variant(variant).ties == "share" else 1
        return tuple(frozenset(group) for size in range(1, largest + 1) for group in combinations(players, size))

    def check_report(self, variant: Variant, report: Report, seated: Collection[str]) -> None:
        seats = list(seated)
        if report.winners and report.winners not in self.winner_choices(variant, seats):
            if not report.winners <= set(seats):
                raise RuleError("a winner must be a player seated at this table.")
            raise RuleError(f"{_names(report.winners)} cannot win one game together at this table.")
        if not report.scores:
            return
        if not set(report.scores) <= set(seats):
            raise RuleError("a card was given for a player not seated at this table.")
        for card in report.scores.values():
            if isinstance(card, bool) or not isinstance(card, int) or not CARD.minimum <= card <= CARD.maximum:
                raise RuleError(CARD.message)

    def _drawn_winners(self, variant: Variant, scores: Mapping[str, int]) -> frozenset[str]:
        best = max(_strength(variant, rank) for rank in scores.values())
        tied = sorted((p for p, rank in scores.items() if _strength(variant, rank) == best), key=name_key)
        return frozenset(tied if variant.ties == "share" else tied[:1])

    def game_winners(self, variant: Variant, report: Report) -> frozenset[str]:
        variant = _variant(variant)
        if not report.scores:
            return report.winners
        derived = self._drawn_winners(variant, report.scores)
        if report.winners and report.winners != derived:
            raise RuleError(
                f"the cards make {_names(derived)} the winner, but {_names(report.winners)} is marked. "
                "Correct one of them."
            )
        return derived

    def consistent(self, variant: Variant, report: Report) -> str | None:
        variant = _variant(variant)
        if not report.winners or not report.scores:
            return None
        best = max(_strength(variant, rank) for rank in report.scores.values())
        for winner in sorted(report.winners, key=name_key):
            if _strength(variant, report.scores.get(winner, 0)) < best:
                return f"the winner '{winner}' did not draw the highest card"
        return None

    def movers(self, table_size: int) -> int:
        return guide_movers(table_size)

    def usual_games(self, table_size: int, round_minutes: int) -> int:
        return min(MAX_ROWS, max(1, math.ceil(round_minutes * 60 / SECONDS_PER_GAME)))

    # Printed and web pieces -----------------------------------------------------------------

    def rule_sheet(self, variant: Variant) -> object:
        variant = _variant(variant)
        ace = "The Ace beats the King." if variant.ace == "high" else "The Ace is the lowest card."
        ties = ("If several draw the best card, they all win the game." if variant.ties == "share"
                else "If several draw the best card, the name first in alphabetical order wins.")
        return Sheet(self.title, ("Everyone turns over one card.", "The highest card wins the game.", ace, ties))

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        return (Paragraph("Game winner", "A game is one draw: everyone turns over a card and the highest wins."),)


def rank_name(rank: int) -> str:
    """"Ace", "7", "King": how the sheet and the tests name a rank."""
    return RANK_NAMES.get(rank, str(rank))


HIGHEST_CARD: Final = HighestCard()
