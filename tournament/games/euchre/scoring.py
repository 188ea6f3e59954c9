"""Euchre's scoring, the one place it is worked out: points per hand, the teams, the game's end
and its winner. Pure arithmetic on player keys (standard library only).

Rules:
- A table is four players; partners sit opposite, so in seat order ``[a, b, c, d]`` the usual
  teams are ``{a, c}`` and ``{b, d}``. The first hand fixes the teams: its makers (the two who
  named trump) and the other two. Every later hand's makers are one of those two teams.
- A hand scores for one team only. The makers take 3 or 4 tricks: 1 point (alone or not); all
  5: 2 points, or 4 when one of them went alone. Fewer than 3 (euchred): the defenders score 2.
- The game ends as soon as a team has 10 points; no hand follows. Each hand scores at least 1
  point, so no game has more than 19 hands.
- The winner: the team that reached 10; while the game runs, the team ahead (what the game
  counts as if the round ends now); level points (no hand yet included): nobody.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from ...core.errors import RuleError
from ...core.i18n import Name, T

TABLE_SIZE: Final = 4
TRICKS_PER_HAND: Final = 5
GAME_POINTS: Final = 10
MAKERS_NEED: Final = 3  # tricks the makers must take to score
EUCHRED_POINTS: Final = 2
MAX_HANDS: Final = 2 * (GAME_POINTS - 1) + 1  # 9 points each at most, then any hand ends the game

Team = frozenset[str]


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as a table enters it: the makers (two keys), whether one went alone, and the
    tricks the makers took."""

    makers: Team
    alone: bool
    tricks: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "makers", frozenset(self.makers))
        if len(self.makers) != 2:
            raise RuleError(T("the makers are the two partners who named trump."))
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int) \
                or not 0 <= self.tricks <= TRICKS_PER_HAND:
            raise RuleError(T("the makers take from 0 to {tricks} tricks.", tricks=TRICKS_PER_HAND))
        if not isinstance(self.alone, bool):
            raise RuleError(T("going alone is either yes or no."))


@dataclass(frozen=True, slots=True)
class HandScore:
    """Who scores a hand (the makers, or else the defenders) and how many points."""

    makers: bool
    points: int


def hand_score(alone: bool, tricks: int) -> HandScore:
    """The scoring chart."""
    if tricks < MAKERS_NEED:
        return HandScore(makers=False, points=EUCHRED_POINTS)
    if tricks < TRICKS_PER_HAND:
        return HandScore(makers=True, points=1)
    return HandScore(makers=True, points=4 if alone else 2)


def pairs(seats: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Every pair of the table in the order it is offered: at a table of four ``[a, b, c, d]``
    the partners sitting opposite first (``a, c`` and ``b, d``), then the other pairs."""
    every = tuple(combinations(seats, 2))
    if len(seats) != TABLE_SIZE:
        return every
    a, b, c, d = seats
    opposite = ((a, c), (b, d))
    return opposite + tuple(pair for pair in every if pair not in opposite)


def team_name(players: Mapping[str, str], team: Team) -> str:
    """"Ann & Cy": the team's names in seat order."""
    return " & ".join(name for key, name in players.items() if key in team)


@dataclass(frozen=True, slots=True)
class ScoredHand:
    hand: Hand
    team: int  # index in ``Standing.teams`` of the team that scored
    points: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A game's hands added up. ``teams``: none before the first hand, else the team of the
    first-seated player first; ``totals`` in the same order."""

    teams: tuple[Team, Team] | None
    totals: tuple[int, int]
    hands: tuple[ScoredHand, ...]

    @property
    def finished(self) -> bool:
        return max(self.totals) >= GAME_POINTS

    @property
    def winners(self) -> Team:
        """The team that reached 10, or the team ahead; nobody when the points are level."""
        if self.teams is None or self.totals[0] == self.totals[1]:
            return frozenset()
        return self.teams[0] if self.totals[0] > self.totals[1] else self.teams[1]


def _teams(seats: Sequence[str], makers: Team) -> tuple[Team, Team]:
    others = frozenset(seats) - makers
    return (makers, others) if seats[0] in makers else (others, makers)


def _seats(players: Mapping[str, str]) -> tuple[str, ...]:
    if len(players) != TABLE_SIZE:
        raise RuleError(T("Euchre is played by four: this table has {count} players.", count=len(players)))
    return tuple(players)


def start(players: Mapping[str, str]) -> Standing:
    """A game before its first hand (``RuleError`` for a table not of four)."""
    _seats(players)
    return Standing(None, (0, 0), ())


def score_next(players: Mapping[str, str], standing: Standing, hand: Hand) -> Standing:
    """``standing`` with ``hand`` added; ``RuleError`` when the hand cannot follow: a player not
    at the table, makers who are not one of the teams, the game already won."""
    seats = _seats(players)
    if not hand.makers <= set(seats):
        raise RuleError(T("the makers must be two players of this table."))
    if standing.finished:
        raise RuleError(T("the game is over: {team} reached {points} points.",
                            team=Name(team_name(players, standing.winners)), points=GAME_POINTS))
    teams = standing.teams or _teams(seats, hand.makers)
    if hand.makers not in teams:
        raise RuleError(T(
            "{makers} are not a team in this game; the teams are {one} and {other}.",
            makers=Name(team_name(players, hand.makers)), one=Name(team_name(players, teams[0])),
            other=Name(team_name(players, teams[1])),
        ))
    result = hand_score(hand.alone, hand.tricks)
    makers = teams.index(hand.makers)
    team = makers if result.makers else 1 - makers
    totals = tuple(total + (result.points if index == team else 0) for index, total in enumerate(standing.totals))
    return Standing(teams, (totals[0], totals[1]), (*standing.hands, ScoredHand(hand, team, result.points)))


def add_up(players: Mapping[str, str], hands: Sequence[Hand]) -> Standing:
    """``hands`` in order, scored; ``RuleError`` naming the first hand that cannot follow the
    ones before it (see ``score_next``)."""
    standing = start(players)
    for number, hand in enumerate(hands, start=1):
        try:
            standing = score_next(players, standing, hand)
        except RuleError as error:
            raise RuleError(T("hand {number}: {error}", number=number, error=error.text)) from None
    return standing
