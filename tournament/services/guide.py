"""The tournament guide handed to every table: silent play, scoring, moving and ties.

The wording follows docs/rules.md (game winner, round ranking, movement, alphabetical ties) and
fills in the event's own timings and table count, so the guide never contradicts the app. What
wins a game is the game's own paragraph (``CardGame.guide_paragraphs``), between the tournament's;
what a round holds, several games or one, the game's rhythm (``games.rhythm.round_text``).
Every heading and paragraph is a translatable message (one whole sentence set per paragraph,
real plurals), printed in the page's language.
"""

from __future__ import annotations

from collections.abc import Sized
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.i18n import T, Text, Tn
from ..games import CardGame, game_of
from ..games.rhythm import round_text
from ..models import PlayerStatus
from .tables import fixed_size, observing

GUIDE_TITLE = T("Tournament guide")


@dataclass(frozen=True, slots=True)
class GuideSection:
    """One titled paragraph of the guide: a message (or a game's own plain words)."""

    heading: Text | str
    text: Text | str


class GuideEvent(Protocol):
    """What the guide reads of an event: an ``Event``, or a stand-in with these fields (its
    players, when it has them, are read too)."""

    @property
    def tables(self) -> Sized: ...
    @property
    def study_minutes(self) -> int: ...
    @property
    def practice_minutes(self) -> int: ...
    @property
    def round_minutes(self) -> int: ...


def guide_sections(event: GuideEvent) -> tuple[GuideSection, ...]:
    """Sections of the guide with the event's game, study, practice and round times filled in."""
    game = game_of(event)
    top = len(event.tables)
    top_text = (T("Winners at the top table (table {table}) stay there, and so do the players who would "
                  "move down from table 1.", table=top) if top > 1 else
                T("Winners at the top table (the highest-numbered table) stay there, and so do the players "
                  "who would move down from table 1."))
    before = (
        GuideSection(T("Study"), Tn("You have {n} minute to read the rules of {game} and try a few practice "
                                    "games. Then the rule sheets are collected.",
                                    "You have {n} minutes to read the rules of {game} and try a few practice "
                                    "games. Then the rule sheets are collected.",
                                    event.study_minutes, game=game.title)),
        GuideSection(T("Silence"), T("From that moment on nobody may speak or write words, and sign language "
                                     "is not allowed either. You may gesture and draw pictures, but no words.")),
        GuideSection(T("Start"), Tn("The tournament starts with about {n} minute of play at your home table, "
                                    "still in silence. Scoring starts with the tournament.",
                                    "The tournament starts with about {n} minutes of play at your home table, "
                                    "still in silence. Scoring starts with the tournament.",
                                    event.practice_minutes)),
    )
    after = (
        GuideSection(T("Round winner"), round_text(game, event.round_minutes)),
        *_moving(game),
        GuideSection(T("Top and bottom"), top_text),
        GuideSection(T("Ties"), T("A tie is settled by alphabetical order of first names: the name that comes "
                                  "first ranks higher. So in a tie for most games the alphabetically first player "
                                  "moves up, and in a tie for fewest the alphabetically last moves down. The "
                                  "order is the same in every language: accents and capitals are ignored, so "
                                  "Émile comes before Eva.")),
    )
    own = tuple(GuideSection(p.heading, p.text) for p in game.guide_paragraphs())
    return before + own + after + _observers(event)


def _moving(game: CardGame[Any]) -> tuple[GuideSection, ...]:
    """Who moves after a round, as the game's ``movers`` has it: one each way (two at a big table),
    or two each way at every table for a game whose partners move together."""
    if game.movers(game.table_sizes.preferred) > 1:
        return (GuideSection(T("Moving"), T(
            "When a round ends, the two players with the most games won move up to the next higher-numbered "
            "table, and the two with the fewest move down to the next lower-numbered table: partners move "
            "together.")),)
    return (
        GuideSection(T("Moving"), T(
            "When a round ends, the player with the most games won moves up to the next higher-numbered "
            "table, and the player with the fewest moves down to the next lower-numbered table. Everyone "
            "else stays.")),
        GuideSection(T("Big tables"), T(
            "At a table with more than four players, the two players with the most games move up and the "
            "two with the fewest move down.")),
    )


def _observers(event: GuideEvent) -> tuple[GuideSection, ...]:
    """Said when someone observes, or may: a game played at one table size leaves the players
    who do not fill a table watching (``services.tables.observing`` says what that means)."""
    count = sum(1 for p in getattr(event, "players", ()) if p.status is PlayerStatus.OBSERVER)
    game = game_of(event)
    size = fixed_size(game)
    if not count and size is None:
        return ()
    text: Text | str = observing(count or None)
    if size is not None:
        text = T("{game} is played by exactly {size} at a table. {observing}", game=game.title, size=size,
                 observing=text)
    return (GuideSection(T("Observers"), text),)
