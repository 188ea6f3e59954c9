"""Elbows Up! as a ``CardGame``: the tournament's questions answered from the package's rules.

Invariants:
- A game is ``DEALS`` deals. A table reports each player's points (0 to ``MAX_GAME_POINTS``)
  and/or ticks one winner. Points, when anyone has one, decide through ``winner.points_winner``
  (the most points; a tie goes to the alphabetically first name), the same function the
  scoresheet's tally uses; a ticked winner must agree. Without points the ticked winner stands;
  a game with neither is no game. An unfinished game counts the points so far.
- A stored result (event file) is consistent when its winner has no fewer points than anybody.
- Every rule lives in ``scoring``, ``variants``, ``sheets`` or ``winner``: this module decides
  nothing they already decide.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import Name, T, Text, Tn, Tp
from ...core.limits import MAX_GAMES_PER_TABLE
from ...core.movement import guide_movers
from ...core.names import name_key
from ...core.wording import name_list
from ..protocol import Paragraph, Report, ScoreField, Scorer, ScoreWords, TablePlay, TableSizes, TrickRules
from ..rhythm import GamesPerRound, Rhythm
from .scorer import DEALS_SCORER
from .scoring import DEALS, MAX_GAME_POINTS
from .sheets import RuleSheet, rule_sheet
from .variants import SETTINGS, ElbowsUpVariant
from .winner import points_winner

# A game is ten deals of up to fifteen tricks with bidding and scoring between them: the box
# says about 45 minutes. A round therefore holds one game, which a shorter round's end cuts short
# (it goes to the most points so far); only a round of 90 minutes or more opens with a second row.
GAME_MINUTES: Final = 45
# One game a round: a new event's round lasts as long as a usual game, until the deals are done
# or the timer ends it.
RHYTHM: Final = Rhythm(GamesPerRound.ONE, game_minutes=GAME_MINUTES, round_minutes=GAME_MINUTES, round_text=Tn(
    "Each round lasts {n} minute and holds one game: it ends after deal {deals} or when time is up, whichever "
    "comes first. A table that finishes early waits quietly for the next round. The winner of the game wins "
    "the round.",
    "Each round lasts {n} minutes and holds one game: it ends after deal {deals} or when time is up, whichever "
    "comes first. A table that finishes early waits quietly for the next round. The winner of the game wins "
    "the round.",
    0, deals=DEALS,
))

POINTS: Final = ScoreField(
    label=Tp("score", "Points"),
    column="points",
    minimum=0,
    maximum=MAX_GAME_POINTS,
    total_at_most=None,
    decides=True,
    message=T("Points run from 0 to {most}.", most=MAX_GAME_POINTS),
    overrules_ticked=True,
    words=ScoreWords(
        says=T("By the points: {name} wins."),
        ties=T("By the points: {names} tie; {name} wins, first in alphabetical order."),
        overrules=T("The points decide: {name} wins this game. Clear the points to pick the winner by hand."),
        made=T("Game {number}: the points make {names} the winner."),
    ),
)


def _names(players: Collection[str]) -> Text | str:
    return name_list(sorted(players, key=name_key))


def _rules(value: object) -> ElbowsUpVariant:
    if not isinstance(value, ElbowsUpVariant):
        raise RuleError(T("expected the rules of an Elbows Up! table, not {value}", value=repr(value)))
    return value


class ElbowsUp:
    """A bidding trick-taking game over ten deals, with a Joker and two Tea cards."""

    key = "elbows-up"
    title = "Elbows Up!"
    table_sizes = TableSizes(smallest=3, preferred=4, largest=6)
    rhythm = RHYTHM
    score: ScoreField | None = POINTS
    scorer: Scorer[ElbowsUpVariant] | None = DEALS_SCORER
    entry_hint: Text | str = T(
        "A game is {deals} deals. Mark each game's winner, or type everyone's points: then the "
        "points decide — the most points wins (an unfinished game counts the points so far; a tie "
        "goes to the alphabetically first name).", deals=DEALS,
    )
    slip_hint: Text | str = T(
        "A game is {deals} deals. Tick the player with the most points (an unfinished game goes to "
        "the most points so far). Write the points in the small boxes if you count them. A tie on "
        "points goes to the name first in alphabetical order.", deals=DEALS,
    )
    template_folder: Path | None = Path(__file__).resolve().parent / "templates"
    rule_sheet_template = "games/elbows-up/rule_sheet.html"
    # Its tricks turn on bids and the Joker's choice; the debrief replays none.
    tricks: TrickRules[ElbowsUpVariant] | None = None
    settings = SETTINGS  # its JSON, summary, debrief rows, form and new tables
    table_play: TablePlay[ElbowsUpVariant] | None = None  # played at real tables only

    # Results ------------------------------------------------------------------------------

    def winner_choices(self, variant: ElbowsUpVariant, players: Sequence[str]) -> tuple[frozenset[str], ...]:
        return tuple(frozenset({player}) for player in players)

    def check_report(self, variant: ElbowsUpVariant, report: Report, seated: Collection[str]) -> None:
        seats = set(seated)
        if len(report.winners) > 1:
            raise RuleError(T("only one winner can be marked, not {names}.", names=_names(report.winners)))
        if not report.winners <= seats:
            raise RuleError(T("the winner must be a player seated at this table."))
        if not report.scores:
            return
        if not set(report.scores) <= seats:
            raise RuleError(T("points were given for a player not seated at this table."))
        for points in report.scores.values():
            if isinstance(points, bool) or not isinstance(points, int):
                raise RuleError(T("points must be whole numbers."))
            if not POINTS.minimum <= points <= POINTS.maximum:
                raise RuleError(T("points run from {least} to {most}.", least=POINTS.minimum, most=POINTS.maximum))

    def game_winners(self, variant: ElbowsUpVariant, report: Report) -> frozenset[str]:
        if not report.scores:
            return report.winners
        derived = points_winner(report.scores)
        if derived is None:  # nobody has a point: the ticked winner, if any, stands
            return report.winners
        if report.winners and report.winners != {derived}:
            raise RuleError(T(
                "the points make {winner} the winner, but {marked} is marked. Correct one of them.",
                winner=Name(derived), marked=_names(report.winners),
            ))
        return frozenset({derived})

    def consistent(self, variant: ElbowsUpVariant, report: Report) -> Text | None:
        if not report.winners or not report.scores or not any(report.scores.values()):
            return None
        best = max(report.scores.values())
        for winner in sorted(report.winners, key=name_key):
            if report.scores.get(winner, 0) < best:
                return T("the winner '{winner}' has fewer points than {best}", winner=Name(winner),
                         best=_names([player for player, points in report.scores.items() if points == best]))
        return None

    def movers(self, table_size: int) -> int:
        return guide_movers(table_size)

    def usual_games(self, table_size: int, round_minutes: int) -> int:
        return min(MAX_GAMES_PER_TABLE, max(1, round_minutes // GAME_MINUTES))

    # Printed and web pieces -----------------------------------------------------------------

    def rule_sheet(self, variant: ElbowsUpVariant) -> RuleSheet:
        return rule_sheet(_rules(variant))

    def guide_paragraphs(self) -> tuple[Paragraph, ...]:
        return (
            Paragraph(
                T("Game winner"),
                T("A game of Elbows Up! is {deals} deals. The player with the most points after the "
                  "{deals}th deal wins it. If the round ends before that, the player with the most "
                  "points so far wins the game. Players tied on points: the name first in "
                  "alphabetical order wins.", deals=DEALS),
            ),
            Paragraph(
                T("Keeping the score"),
                T("Each table's phone keeps the score sheet: one player at each table, its scorer, enters "
                  "every player's bid and tricks taken after each deal, and the phone adds up the points and "
                  "shows who leads."),
            ),
        )


ELBOWS_UP: Final = ElbowsUp()
