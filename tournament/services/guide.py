"""The tournament guide handed to every table: silent play, scoring, moving and ties.

The wording follows docs/rules.md (game winner, round ranking, movement, alphabetical ties) and
fills in the event's own timings and table count, so the guide never contradicts the app. What
wins a game is the game's own paragraph (``Game.guide_paragraphs``), between the tournament's.
"""

from __future__ import annotations

from ..core.wording import plural
from ..games import Paragraph, game_of
from ..models import PlayerStatus
from .tables import fixed_size, observing

GUIDE_TITLE = "Tournament guide"


def guide_sections(event) -> tuple[Paragraph, ...]:
    """Sections of the guide with the event's game, study, practice and round times filled in."""
    game = game_of(event)
    top = len(event.tables)
    top_text = f"table {top}" if top > 1 else "the highest-numbered table"
    before = (
        Paragraph("Study", f"You have {plural(event.study_minutes, 'minute')} to read the rules of {game.title} and "
                  "try a few practice games. Then the rule sheets are collected."),
        Paragraph("Silence", "From that moment on nobody may speak or write words, and sign language is not "
                  "allowed either. You may gesture and draw pictures, but no words."),
        Paragraph("Start", f"The tournament starts with about {plural(event.practice_minutes, 'minute')} of play "
                  "at your home table, still in silence. Scoring starts with the tournament."),
    )
    after = (
        Paragraph("Round winner", f"Each round lasts {plural(event.round_minutes, 'minute')}, usually long enough "
                  "for several games. The player who won the most games in the round wins the round."),
        *_moving(game),
        Paragraph("Top and bottom", f"Winners at the top table ({top_text}) stay there, and so do the "
                  "players who would move down from table 1."),
        Paragraph("Ties", "A tie is settled by alphabetical order of first names: the name that comes first "
                  "ranks higher. So in a tie for most games the alphabetically first player moves up, and "
                  "in a tie for fewest the alphabetically last moves down."),
    )
    return before + game.guide_paragraphs() + after + _observers(event)


def _moving(game) -> tuple[Paragraph, ...]:
    """Who moves after a round, as the game's ``movers`` has it: one each way (two at a big table),
    or two each way at every table for a game whose partners move together."""
    if game.movers(game.table_sizes.preferred) > 1:
        return (Paragraph("Moving", "When a round ends, the two players with the most games won move up to the "
                          "next higher-numbered table, and the two with the fewest move down to the next "
                          "lower-numbered table: partners move together."),)
    return (
        Paragraph("Moving", "When a round ends, the player with the most games won moves up to the next "
                  "higher-numbered table, and the player with the fewest moves down to the next "
                  "lower-numbered table. Everyone else stays."),
        Paragraph("Big tables", "At a table with more than four players, the two players with the most "
                  "games move up and the two with the fewest move down."),
    )


def _observers(event) -> tuple[Paragraph, ...]:
    """Said when someone observes, or may: a game played at one table size leaves the players
    who do not fill a table watching (``services.tables.observing`` says what that means)."""
    count = sum(1 for p in getattr(event, "players", ()) if p.status is PlayerStatus.OBSERVER)
    game = game_of(event)
    size = fixed_size(game)
    if not count and size is None:
        return ()
    text = observing(count or None)
    if size is not None:
        text = f"{game.title} is played by exactly {size} at a table. {text}"
    return (Paragraph("Observers", text),)
