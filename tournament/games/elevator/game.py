"""Elevator as a ``CardGame``: the tournament's questions answered from the package's own rules.

Invariants:
- Who won comes from ``tournament.games.shedding`` (the first player out of cards; an
  unfinished game to the fewest cards if counted), with this table's deck: 54 cards with the
  jokers, 52 without; the discard pile's first card is in no hand.
- Settings, their JSON, words, form and the default cycle are declared in ``variants``; the sheet's words from
  ``sheets``. This module decides nothing they decide.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import T, Text
from .. import shedding
from ..protocol import Paragraph, ScoreField, Scorer, TablePlay, TableSizes, TrickRules
from ..rhythm import SEVERAL_GAMES, GamesPerRound, Rhythm
from . import variants
from .sheets import RuleSheet, rule_sheet
from .variants import CARDS, JOKERS, ElevatorVariant

# How long a game takes, so the entry pages open with as many rows as a round usually holds.
# Shuffling and dealing 7 cards each takes about a minute; then a silent table goes round and
# round, passing and drawing, for about a minute and a half per player before someone is out:
# 5½ minutes at three players, 7 at four, 10 at six. The round's last game may stop unfinished
# (it still counts when the cards are counted), hence rounding up: a 7-minute round opens with
# 2 rows at a table of 3 and 1 at 4 to 6 (the page always offers one more empty row).
DEAL_SECONDS: Final = 60
SECONDS_PER_PLAYER: Final = 90
# Several short games a round: a game takes 7 minutes at four players, a round 15 (two or three games).
RHYTHM: Final = Rhythm(GamesPerRound.SEVERAL, game_minutes=7, round_minutes=15, round_text=SEVERAL_GAMES)

# The discard pile's first card is turned up from the deck and never taken back into a hand.
DISCARD_START: Final = 1
CARDS_LEFT: Final = shedding.cards_left(CARDS + JOKERS, set_aside=DISCARD_START)


class Elevator(shedding.SheddingResults[ElevatorVariant]):
    """Hand-shedding up and down a pile in alternating colours; first out of cards wins."""

    key = "elevator"
    title = "Elevator"
    table_sizes = TableSizes(smallest=3, preferred=4, largest=6)
    rhythm = RHYTHM
    score: ScoreField | None = CARDS_LEFT
    scorer: Scorer[ElevatorVariant] | None = None  # one winner per game: nothing to add up
    entry_hint: Text | str = T(
        "Mark each game's winner: the first player out of cards. If the round ended a game before "
        "anyone was out, type the cards each player still holds: the fewest cards wins (a tie goes "
        "to the alphabetically first name). Without the cards counted, that game has no winner."
    )
    slip_hint: Text | str = T(
        "Tick the player who went out of cards first in each game. If time runs out before anyone "
        "is out, write each player's cards left in the small box: the fewest wins (a tie goes to the "
        "name first in alphabetical order)."
    )
    deal_seconds = DEAL_SECONDS
    seconds_per_player = SECONDS_PER_PLAYER
    template_folder: Path | None = Path(__file__).resolve().parent / "templates"
    rule_sheet_template = "games/elevator/rule_sheet.html"
    tricks: TrickRules[ElevatorVariant] | None = None  # a shedding game: no tricks
    settings = variants.SETTINGS  # its JSON, summary, debrief rows, form and new tables
    table_play: TablePlay[ElevatorVariant] | None = None  # played at real tables only

    # Results (who wins, rows, movement: ``shedding.SheddingResults``) ----------------------

    def deck(self, variant: ElevatorVariant) -> int:
        return _variant(variant).deck

    def set_aside(self, variant: ElevatorVariant) -> int:
        return DISCARD_START

    # Printed and web pieces -----------------------------------------------------------------

    def rule_sheet(self, variant: ElevatorVariant) -> RuleSheet:
        return rule_sheet(_variant(variant))

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        return (
            Paragraph(
                T("Game winner"),
                T("A game is one deal. The first player to get rid of all their cards wins it. If the "
                  "round ends before anyone is out, the player holding the fewest cards wins that game, "
                  "provided the table counts and reports every player's cards (a tie goes to the name "
                  "first in alphabetical order); without the counts nobody wins it."),
            ),
        )


def _variant(value: object) -> ElevatorVariant:
    if not isinstance(value, ElevatorVariant):
        raise RuleError(T("expected the rules of an Elevator table, not {value}", value=repr(value)))
    return value


ELEVATOR: Final = Elevator()
