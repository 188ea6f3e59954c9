"""Who wins a hand-shedding game (Elevator, Elevator UP): the first player out of cards.

Rules kept here, the same for every shedding game:
- One player wins a game. A table ticks that player, or reports the cards each player still
  holds ("cards left"), or both.
- Counts, when given, name only seated players and are whole numbers. Together they hold at
  most the deck less the cards no hand ever takes back (``set_aside``: Elevator's first card of
  the discard pile); one player at most that less a card for every other player but one (only
  one player can be out, ``most_held``). At most one player holds none: the game stops the
  moment the first player goes out. Players without a count are not compared.
- Counts decide: the fewest cards wins, a tie goes to the alphabetically first name
  (``name_key``, the app's one tie order). A finished game's counts give the winner 0. A ticked
  winner the counts contradict is refused, never silently replaced (``overrules_ticked`` false):
  the table corrects one of them.
- A game with neither a tick nor counts is no game; so a game the round's end stopped has no
  winner unless the table counted the cards.
- Every message is a translatable ``Text`` (players' names as ``Name``s); its ``str`` is the English.
- A stored result (event file) is consistent when its winner has a count and holds no more
  cards than anybody: a tie may name either tied player.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Generic, TypeVar

from ..core.errors import RuleError
from ..core.i18n import Name, T, Text, Tp
from ..core.limits import MAX_GAMES_PER_TABLE
from ..core.movement import guide_movers
from ..core.names import name_key
from ..core.wording import name_list
from .protocol import Report, ScoreField, ScoreLimit

LABEL: Text = Tp("score", "Cards left")
COLUMN = "cards_left"


def most_held(deck: int, players: int, set_aside: int = 0) -> int:
    """The most cards one of ``players`` can hold when a game stops: the cards in hands, less one
    in every other hand but the one that went out."""
    return max(0, deck - set_aside - max(0, players - 2))


def cards_left(deck: int, set_aside: int = 0) -> ScoreField:
    """The number a table may report per player: the cards still held, at most ``deck`` less
    ``set_aside`` in all, and ``most_held`` each at a table of so many players."""
    def at_table(players: int) -> ScoreLimit:
        most = most_held(deck, players, set_aside)
        return ScoreLimit(most, deck - set_aside, T("Cards left run from 0 to {most} at a table of {players}.",
                                                    most=most, players=players))

    return ScoreField(
        label=LABEL,
        column=COLUMN,
        minimum=0,
        maximum=deck,
        total_at_most=deck,
        decides=True,
        message=T("Cards left run from 0 to {deck}.", deck=deck),
        overrules_ticked=False,
        at_table=at_table,
    )


def names(players: Collection[str]) -> Text | str:
    """Players in alphabetical order, comma-joined, for messages (shown as typed)."""
    return name_list(sorted(players, key=name_key))


def winner_choices(players: Sequence[str]) -> tuple[frozenset[str], ...]:
    """Each seated player alone, in seat order: a shedding game has one winner."""
    return tuple(frozenset({player}) for player in players)


def check_report(report: Report, seated: Collection[str], deck: int, set_aside: int = 0) -> None:
    """Pass if a table of ``seated`` playing with ``deck`` cards, ``set_aside`` of them never
    back in a hand, could have reported ``report``."""
    seats = set(seated)
    if len(report.winners) > 1:
        raise RuleError(T("only one player can go out first, not {names}.", names=names(report.winners)))
    if not report.winners <= seats:
        raise RuleError(T("the winner must be a player seated at this table."))
    if not report.scores:
        return
    if not set(report.scores) <= seats:
        raise RuleError(T("cards left were given for a player not seated at this table."))
    counts = report.scores.values()
    if any(isinstance(count, bool) or not isinstance(count, int) for count in counts):
        raise RuleError(T("cards left must be whole numbers."))
    if any(count < 0 for count in counts):
        raise RuleError(T("cards left cannot be negative."))
    total = sum(counts)
    if total > deck - set_aside:
        if set_aside:
            raise RuleError(T("{total} cards left in one game is more than the hands can hold: {deck} cards, "
                              "less the first card of the discard pile.", total=total, deck=deck))
        raise RuleError(T("{total} cards left in one game is more than the deck holds ({deck}).",
                          total=total, deck=deck))
    most = most_held(deck, len(seats), set_aside)
    if any(count > most for count in counts):
        raise RuleError(T("cards left run from 0 to {most} at a table of {players}: every other player "
                          "but one still holds a card.", most=most, players=len(seats)))
    out = [player for player, count in report.scores.items() if count == 0]
    if len(out) > 1:
        raise RuleError(T(
            "only one player can be out of cards: the game ends when the first goes out, but {names} hold none.",
            names=names(out),
        ))


def fewest_cards(counts: Mapping[str, int]) -> str:
    """The player holding the fewest cards; on a tie the alphabetically first of them."""
    if not counts:
        raise RuleError(T("nobody's cards were counted."))
    return min(counts, key=lambda player: (counts[player], name_key(player)))


def game_winners(report: Report) -> frozenset[str]:
    """The game's winner after ``check_report``: the counts' if given, else the ticked one."""
    if not report.scores:
        return report.winners
    derived = fewest_cards(report.scores)
    if report.winners and report.winners != {derived}:
        raise RuleError(T(
            "the cards left make {winner} the winner, but {marked} is marked. Correct one of them.",
            winner=Name(derived), marked=names(report.winners),
        ))
    return frozenset({derived})


def consistent(report: Report) -> Text | None:
    """Why a stored winner cannot go with the stored counts, or ``None``."""
    if not report.winners or not report.scores:
        return None
    fewest = min(report.scores.values())
    for winner in sorted(report.winners, key=name_key):
        held = report.scores.get(winner)
        if held is None:
            return T("the winner '{winner}' has no count of cards left, though others have", winner=Name(winner))
        if held > fewest:
            return T("the winner '{winner}' holds more cards than {fewest}", winner=Name(winner),
                     fewest=names([player for player, count in report.scores.items() if count == fewest]))
    return None


__all__ = [
    "COLUMN", "LABEL", "cards_left", "check_report", "consistent", "fewest_cards", "game_winners", "most_held", "names",
    "winner_choices",
]


R = TypeVar("R")  # a shedding game's table rules


class SheddingResults(Generic[R]):
    """The ``CardGame`` answers every shedding game gives alike: one winner per game by the rules
    above, the guide's movement, and as many entry rows as a round of that game usually holds.
    A game sets ``deal_seconds`` and ``seconds_per_player`` (how long dealing and each player's
    share of a game take) and says its deck's size per table (``deck``)."""

    deal_seconds: int
    seconds_per_player: int

    def deck(self, variant: R) -> int:
        raise NotImplementedError

    def set_aside(self, variant: R) -> int:
        """Cards no hand takes back once the game is on (Elevator: the discard pile's first)."""
        return 0

    def winner_choices(self, variant: R, players: Sequence[str]) -> tuple[frozenset[str], ...]:
        return winner_choices(players)

    def check_report(self, variant: R, report: Report, seated: Collection[str]) -> None:
        check_report(report, seated, self.deck(variant), self.set_aside(variant))

    def game_winners(self, variant: R, report: Report) -> frozenset[str]:
        return game_winners(report)

    def consistent(self, variant: R, report: Report) -> Text | None:
        return consistent(report)

    def movers(self, table_size: int) -> int:
        return guide_movers(table_size)

    def usual_games(self, table_size: int, round_minutes: int) -> int:
        # The round's last game may stop unfinished (it still counts when the cards are counted),
        # hence rounding up.
        game_seconds = self.deal_seconds + self.seconds_per_player * max(table_size, 1)
        return min(MAX_GAMES_PER_TABLE, max(1, math.ceil(round_minutes * 60 / game_seconds)))
