"""Euchre as a ``CardGame``: the tournament's questions answered from ``scoring``, ``variants`` and
``sheets``.

Invariants:
- A table is exactly four players; a game is won by a team of two, and both partners are its
  winners. A table reports the winning team only (no per-player score): one of the table's
  pairs, the partners sitting opposite offered first.
- A report the scorer makes (the tally's winners, no scores) passes ``check_report`` and
  ``game_winners`` returns its winners unchanged: the scorer's ``Standing.winners`` is the one
  place a scored game's winner is decided. A report with no winners is no game (a level game at
  the round's end).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import Name, T, Text, Tn
from ...core.limits import MAX_GAMES_PER_TABLE
from ...core.names import name_key
from ..protocol import Paragraph, Report, ScoreField, Scorer, TablePlay, TableSizes, TrickRules
from ..rhythm import GamesPerRound, Rhythm
from . import scoring, sheets
from .scorer import EUCHRE_SCORER
from .variants import SETTINGS, EuchreVariant

# How many games a round holds. A silent hand takes about 2½ minutes: some 40 s to shuffle and
# deal, half a minute to bid, five tricks of four cards at about 4 s a card. A game to 10 points
# usually takes 8 to 12 hands (most hands score 1 or 2 points), so 20 to 30 minutes. A round of
# up to 25 minutes thus holds one game (the last is often unfinished and goes to the team
# ahead); each further 25 minutes starts another.
GAME_MINUTES: Final = 25
# One game a round: the round lasts as long as a usual game, and its timer ends a slow one.
RHYTHM: Final = Rhythm(GamesPerRound.ONE, game_minutes=GAME_MINUTES, round_minutes=GAME_MINUTES, round_text=Tn(
    "Each round lasts {n} minute and holds one game: it ends when a team reaches {points} points or when "
    "time is up, whichever comes first. A table that finishes early waits quietly for the next round. The "
    "team that wins the game wins the round.",
    "Each round lasts {n} minutes and holds one game: it ends when a team reaches {points} points or when "
    "time is up, whichever comes first. A table that finishes early waits quietly for the next round. The "
    "team that wins the game wins the round.",
    0, points=scoring.GAME_POINTS,
))
PARTNERS: Final = 2  # players of a team, who move up or down together


# Translatable messages: ``str()`` of one is its English.
ENTRY_HINT: Final = T(
    "Mark the team that won each game: the first team to 10 points (both partners win it). "
    "If the round ends during a game, mark the team ahead on points; if the points are level, "
    "leave the game as no game."
)
SLIP_HINT: Final = T(
    "Tick the team that won each game: the first team to 10 points. A game still going when the "
    "round ends goes to the team ahead on points; level points: tick nothing."
)
GUIDE_PARAGRAPHS: Final[tuple[tuple[Text, Text], ...]] = (
    (T("Game winner"),
     T("The first team to {points} points wins the game; both partners win it. If the round ends first, "
       "the team ahead on points wins; if the points are level, nobody wins it and the game counts as "
       "not played.", points=scoring.GAME_POINTS)),
    (T("Partners"), T("Partners sit opposite each other and win or lose together.")),
)


def _names(players: Collection[str]) -> str:
    return ", ".join(sorted(players, key=name_key))


def _variant(value: object) -> EuchreVariant:
    if not isinstance(value, EuchreVariant):
        raise RuleError(f"expected the rules of a Euchre table, not {value!r}")
    return value


class Euchre:
    """Four players in two partnerships, five tricks a hand, first team to 10 points."""

    key = "euchre"
    title = "Euchre"
    table_sizes = TableSizes(smallest=scoring.TABLE_SIZE, preferred=scoring.TABLE_SIZE, largest=scoring.TABLE_SIZE)
    rhythm = RHYTHM
    score: ScoreField | None = None  # the result is the winning team
    scorer: Scorer[EuchreVariant] | None = EUCHRE_SCORER
    entry_hint: Text | str = ENTRY_HINT
    slip_hint: Text | str = SLIP_HINT
    template_folder: Path | None = Path(__file__).resolve().parent / "templates"
    rule_sheet_template = "games/euchre/rule_sheet.html"
    # Euchre's tricks turn on bowers and the bidding; the debrief replays no Euchre trick.
    tricks: TrickRules[EuchreVariant] | None = None
    settings = SETTINGS  # its JSON, summary, debrief rows, form and new tables
    table_play: TablePlay[EuchreVariant] | None = None  # played at real tables only

    # Results ------------------------------------------------------------------------------

    def winner_choices(self, variant: EuchreVariant, players: Sequence[str]) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(pair) for pair in scoring.pairs(tuple(players)))

    def check_report(self, variant: EuchreVariant, report: Report, seated: Collection[str]) -> None:
        if not report.winners and not report.scores:
            return  # no game: possible at any table
        seats = list(seated)
        if len(seats) != scoring.TABLE_SIZE:
            raise RuleError(T("Euchre is played by four: this table has {count} players.", count=len(seats)))
        if report.scores:
            raise RuleError(T("Euchre records the winning team only, no score per player."))
        if not report.winners <= set(seats):
            raise RuleError(T("the winners must be players seated at this table."))
        if len(report.winners) == 1:
            raise RuleError(T("a game is won by a team of two, not by {player} alone.",
                              player=Name(_names(report.winners))))
        if len(report.winners) > 2:
            raise RuleError(T("only one team can win a game, not {players}.", players=Name(_names(report.winners))))

    def game_winners(self, variant: EuchreVariant, report: Report) -> frozenset[str]:
        # No score to decide from: the winning team is as ticked, or as the scorer's tally
        # decided (scoring.Standing.winners) when the game was scored hand by hand.
        return report.winners

    def consistent(self, variant: EuchreVariant, report: Report) -> Text | None:
        return None  # no scores a winning team could contradict

    def movers(self, table_size: int) -> int:
        # Partners win and lose together, so they move together: the winning team up, the other
        # down. Moving one of them would leave the alphabet to choose which partner goes.
        return PARTNERS

    def usual_games(self, table_size: int, round_minutes: int) -> int:
        return min(MAX_GAMES_PER_TABLE, max(1, math.ceil(round_minutes / GAME_MINUTES)))

    # Printed and web pieces -----------------------------------------------------------------

    def rule_sheet(self, variant: EuchreVariant) -> sheets.RuleSheet:
        return sheets.rule_sheet(_variant(variant))

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        return tuple(Paragraph(heading, text) for heading, text in GUIDE_PARAGRAPHS)


EUCHRE: Final = Euchre()
