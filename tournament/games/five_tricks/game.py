"""Five Tricks as a ``CardGame``: the tournament's questions answered from the core's rules.

Invariants:
- Every answer comes from the rule modules (``variants``, ``generator``, ``sheets`` here and
  ``core.ranking``): this module decides nothing they already decide.
- A table reports each player's tricks and/or ticks one winner. A game at a table of n
  players has at most ⌊28 / n⌋ tricks (``tricks.most_tricks``: 9, 7, 5, 4 at 3 to 6
  players), each player's and all together, whatever number of cards the table deals.
  Tricks, when any was taken, decide: the most tricks wins, a tie goes to the alphabetically
  first name (``core.game_winner``); a ticked winner must agree. Without tricks
  the ticked winner stands; a game with neither is no game.
- A stored result (event file) is consistent when its winner took no fewer tricks than anybody:
  a tie may name either player, as files written by hand or by older versions did.
- Texts are the ones the pages have always shown, word for word, each a translatable message
  (``ENTRY_HINT`` …): ``str()`` of one is its English.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import Name, T, Text, Tn, Tp
from ...core.limits import MAX_GAMES_PER_TABLE, MAX_TRICKS_PER_GAME
from ...core.movement import guide_movers
from ...core.names import name_key
from ...core.ranking import game_winner
from ..protocol import (
    Paragraph,
    Report,
    ScoreField,
    ScoreLimit,
    Scorer,
    ScoreWords,
    TablePlay,
    TableSizes,
    TrickRules,
)
from ..rhythm import SEVERAL_GAMES, GamesPerRound, Rhythm
from .cards import DECK
from .replay import FIVE_TRICKS_TRICKS
from .settings import SETTINGS
from .sheets import RuleSheet, rule_sheet
from .table_play import FIVE_TRICKS_TABLE
from .tricks import most_tricks
from .variants import FiveTricksVariant

# How long a game takes, so the entry pages open with as many rows as a round usually holds.
# A silent game takes about 40 s to shuffle and deal, then five tricks of one card per player at
# about 4 s a card: 1 min 40 s at three players, 2 min at four, 2 min 40 s at six. The round's
# last game may stop unfinished (it counts the tricks so far), hence rounding up. A 7-minute
# round thus opens with 5 rows at a table of 3, 4 at a table of 4, and 3 at 5 or 6.
DEAL_SECONDS: Final = 40
SECONDS_PER_CARD: Final = 4
TRICKS_PER_GAME: Final = 5
MIN_ROWS: Final = 2
# Several short games a round: a game takes 2 minutes at four players, a round 7 (3 or 4 games).
RHYTHM: Final = Rhythm(GamesPerRound.SEVERAL, game_minutes=2, round_minutes=7, round_text=SEVERAL_GAMES)

# The score's words as messages; the protocol's plain-text fields are their English.
TRICKS_LABEL: Final = Tp("score column", "Tricks")
TRICKS_MESSAGE: Final = T("Tricks run from 0 to {most}.", most=MAX_TRICKS_PER_GAME)


def tricks_at_table(players: int) -> ScoreLimit:
    """Each player's tricks and a game's total at a table of ``players``, both ``most_tricks``."""
    most = most_tricks(players)
    return ScoreLimit(most, most, Tn(
        "Tricks run from 0 to {most}: {cards} cards make at most {most} trick a game at a table of {players}.",
        "Tricks run from 0 to {most}: {cards} cards make at most {most} tricks a game at a table of {players}.",
        most, most=most, cards=len(DECK), players=players))


TRICKS: Final = ScoreField(
    label=TRICKS_LABEL,
    column="tricks",
    minimum=0,
    maximum=MAX_TRICKS_PER_GAME,
    total_at_most=MAX_TRICKS_PER_GAME,
    decides=True,
    message=TRICKS_MESSAGE,
    overrules_ticked=True,
    at_table=tricks_at_table,
    words=ScoreWords(
        says=T("By the tricks: {name} wins."),
        ties=T("By the tricks: {names} tie; {name} wins, first in alphabetical order."),
        overrules=T("The tricks decide: {name} wins this game. Clear the tricks to pick the winner by hand."),
        made=T("Game {number}: the tricks make {names} the winner."),
    ),
)


ENTRY_HINT: Final = T(
    "Mark each game's winner. Or type the tricks: then the tricks decide — the player with the "
    "most tricks wins (an unfinished game counts the tricks so far; a tie goes to the "
    "alphabetically first name)."
)
SLIP_HINT: Final = T(
    "Tick the winner of each game (the most tricks; an unfinished game goes to the most tricks "
    "so far). Write tricks in the small box if you count them. A tie on tricks goes to the "
    "name first in alphabetical order."
)
GUIDE_PARAGRAPHS: Final[tuple[tuple[Text, Text], ...]] = (
    (T("Game winner"),
     T("A game is one hand. The player who took the most tricks wins it. If the round ends "
       "before a game is finished, the player with the most tricks so far wins that game.")),
)
def _names(players: Collection[str]) -> str:
    return ", ".join(sorted(players, key=name_key))


class FiveTricks:
    """The game of the seed kit: 28 cards, five tricks, four rule settings per table."""

    key = "five-tricks"
    title = "Five Tricks"
    table_sizes = TableSizes(smallest=3, preferred=4, largest=6)
    rhythm = RHYTHM
    score: ScoreField | None = TRICKS
    scorer: Scorer[FiveTricksVariant] | None = None  # tricks are counted, not added up
    entry_hint: Text | str = ENTRY_HINT
    slip_hint: Text | str = SLIP_HINT
    template_folder: Path | None = Path(__file__).resolve().parent / "templates"
    rule_sheet_template = "games/five-tricks/rule_sheet.html"
    tricks: TrickRules[FiveTricksVariant] | None = FIVE_TRICKS_TRICKS
    settings = SETTINGS  # its JSON, summary, debrief rows, form and new tables
    table_play: TablePlay[FiveTricksVariant] | None = FIVE_TRICKS_TABLE

    # Results ------------------------------------------------------------------------------

    def winner_choices(self, variant: FiveTricksVariant, players: Sequence[str]) -> tuple[frozenset[str], ...]:
        return tuple(frozenset({player}) for player in players)

    def check_report(self, variant: FiveTricksVariant, report: Report, seated: Collection[str]) -> None:
        seats = set(seated)
        if len(report.winners) > 1:
            raise RuleError(T("only one winner can be marked, not {players}.", players=Name(_names(report.winners))))
        if not report.winners <= seats:
            raise RuleError(T("the winner must be a player seated at this table."))
        if not report.scores:
            return
        if not set(report.scores) <= seats:
            raise RuleError(T("tricks were given for a player not seated at this table."))
        counts = report.scores.values()
        if any(isinstance(count, bool) or not isinstance(count, int) for count in counts):
            raise RuleError(T("trick counts must be whole numbers."))
        if any(count < TRICKS.minimum for count in counts):
            raise RuleError(T("trick counts cannot be negative."))
        limit = TRICKS.limit(len(seats))
        total = sum(counts)
        if limit.total is not None and total > limit.total:
            raise RuleError(Tn(
                "{total} tricks in one game is more than the cards allow: {cards} cards make at most {most} "
                "trick a game at a table of {players}.",
                "{total} tricks in one game is more than the cards allow: {cards} cards make at most {most} "
                "tricks a game at a table of {players}.",
                limit.total, total=total, most=limit.total, cards=len(DECK), players=len(seats)))
        if any(count > limit.most for count in counts):  # only reachable if the total allowed more
            raise RuleError(limit.message)

    def game_winners(self, variant: FiveTricksVariant, report: Report) -> frozenset[str]:
        if not report.scores or not any(report.scores.values()):
            return report.winners
        derived = game_winner(report.scores)
        if derived is None:  # not reached: somebody took a trick
            return frozenset()
        if report.winners and report.winners != {derived}:
            raise RuleError(T(
                "the tricks make {winner} the winner, but {marked} is marked. Correct one of them.",
                winner=Name(derived), marked=Name(_names(report.winners)),
            ))
        return frozenset({derived})

    def consistent(self, variant: FiveTricksVariant, report: Report) -> Text | None:
        if not report.winners or not report.scores or not any(report.scores.values()):
            return None
        best = max(report.scores.values())
        for winner in sorted(report.winners, key=name_key):
            if report.scores.get(winner, 0) < best:
                return T("the winner '{winner}' took fewer tricks than {players}", winner=Name(winner),
                         players=Name(_names([player for player, count in report.scores.items() if count == best])))
        return None

    def movers(self, table_size: int) -> int:
        return guide_movers(table_size)

    def usual_games(self, table_size: int, round_minutes: int) -> int:
        game_seconds = DEAL_SECONDS + TRICKS_PER_GAME * max(table_size, 1) * SECONDS_PER_CARD
        return min(MAX_GAMES_PER_TABLE, max(MIN_ROWS, math.ceil(round_minutes * 60 / game_seconds)))

    # Printed and web pieces -----------------------------------------------------------------

    def rule_sheet(self, variant: FiveTricksVariant) -> RuleSheet:
        return rule_sheet(_variant(variant))

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        return tuple(Paragraph(heading, text) for heading, text in GUIDE_PARAGRAPHS)


def _variant(value: object) -> FiveTricksVariant:
    if not isinstance(value, FiveTricksVariant):
        raise RuleError(f"expected the rules of a Five Tricks table, not {value!r}")
    return value


FIVE_TRICKS: Final = FiveTricks()
