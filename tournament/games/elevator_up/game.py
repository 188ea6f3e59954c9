"""Elevator UP as a ``CardGame``: the tournament's questions answered from the package's own rules.

Invariants:
- Who won comes from ``tournament.games.shedding`` (the first player out of cards, face-down
  cards included; an unfinished game to the fewest cards if counted), with a 52-card deck.
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
from .variants import DECK, ElevatorUpVariant

# How long a game takes, so the entry pages open with as many rows as a round usually holds.
# Dealing eight cards each in three places and the swap take about a minute and a half; then
# the piles taken back into hands and the blind face-down cards make it a little longer per
# player than Elevator, about 100 s: 6½ minutes at three players, 8 at four, 11½ at six. The
# round's last game may stop unfinished, hence rounding up: a 7-minute round opens with 2 rows
# at a table of 3 and 1 at 4 to 6.
DEAL_SECONDS: Final = 90
SECONDS_PER_PLAYER: Final = 100
# Several short games a round: a game takes 8 minutes at four players, a round 20 (two or three games).
RHYTHM: Final = Rhythm(GamesPerRound.SEVERAL, game_minutes=8, round_minutes=20, round_text=SEVERAL_GAMES)

CARDS_LEFT: Final = shedding.cards_left(DECK)


class ElevatorUp(shedding.SheddingResults[ElevatorUpVariant]):
    """Hand-shedding up the floors of a building, with special cards; first out of cards wins."""

    key = "elevator-up"
    title = "Elevator UP"
    table_sizes = TableSizes(smallest=3, preferred=4, largest=6)
    rhythm = RHYTHM
    score: ScoreField | None = CARDS_LEFT
    scorer: Scorer[ElevatorUpVariant] | None = None  # one winner per game: nothing to add up
    entry_hint: Text | str = T(
        "Mark each game's winner: the first player out of cards, face-down cards included. If the "
        "round ended a game before anyone was out, type the cards each player still holds (hand and "
        "table): the fewest cards wins (a tie goes to the alphabetically first name). Without the "
        "cards counted, that game has no winner."
    )
    slip_hint: Text | str = T(
        "Tick the player who went out of cards first in each game. If time runs out before anyone "
        "is out, write each player's cards left (hand and table) in the small box: the fewest wins "
        "(a tie goes to the name first in alphabetical order)."
    )
    deal_seconds = DEAL_SECONDS
    seconds_per_player = SECONDS_PER_PLAYER
    template_folder: Path | None = Path(__file__).resolve().parent / "templates"
    rule_sheet_template = "games/elevator-up/rule_sheet.html"
    tricks: TrickRules[ElevatorUpVariant] | None = None  # a shedding game: no tricks
    settings = variants.SETTINGS  # its JSON, summary, debrief rows, form and new tables
    table_play: TablePlay[ElevatorUpVariant] | None = None  # played at real tables only

    # Results (who wins, rows, movement: ``shedding.SheddingResults``) ----------------------

    def deck(self, variant: ElevatorUpVariant) -> int:
        _variant(variant)
        return DECK

    # Printed and web pieces -----------------------------------------------------------------

    def rule_sheet(self, variant: ElevatorUpVariant) -> RuleSheet:
        return rule_sheet(_variant(variant))

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        return (
            Paragraph(
                T("Game winner"),
                T("A game is one deal. The first player to get rid of all their cards, the face-down "
                  "ones included, wins it. If the round ends before anyone is out, the player holding "
                  "the fewest cards wins that game, provided the table counts and reports every "
                  "player's cards (a tie goes to the name first in alphabetical order); without the "
                  "counts nobody wins it."),
            ),
        )


def _variant(value: object) -> ElevatorUpVariant:
    if not isinstance(value, ElevatorUpVariant):
        raise RuleError(T("expected the rules of an Elevator UP table, not {value}", value=repr(value)))
    return value


ELEVATOR_UP: Final = ElevatorUp()
