"""The tournament guide handed to every table: silent play, scoring, moving and ties.

The wording follows DESIGN.md §3 (game winner, round ranking, movement, alphabetical ties) and
fills in the event's own timings and table count, so the guide never contradicts the app.
"""

from __future__ import annotations

from ..core.wording import plural
from ..models import Event
from .sheets import Section

GUIDE_TITLE = "Tournament guide"


def guide_sections(event: Event) -> tuple[Section, ...]:
    """Sections of the guide with the event's study, practice and round times filled in."""
    top = len(event.tables)
    top_text = f"table {top}" if top > 1 else "the highest-numbered table"
    texts = (
        ("Study", f"You have {plural(event.study_minutes, 'minute')} to read the rules of Five Tricks and "
         "try a few practice games. Then the rule sheets are collected."),
        ("Silence", "From that moment on nobody may speak or write words, and sign language is not "
         "allowed either. You may gesture and draw pictures, but no words."),
        ("Start", f"The tournament starts with about {plural(event.practice_minutes, 'minute')} of play at "
         "your home table, still in silence. Scoring starts with the tournament."),
        ("Game winner", "A game is one hand. The player who took the most tricks wins it. If the "
         "round ends before a game is finished, the player with the most tricks so far wins that game."),
        ("Round winner", f"Each round lasts {plural(event.round_minutes, 'minute')}, usually long enough for "
         "several games. The player who won the most games in the round wins the round."),
        ("Moving", "When a round ends, the player with the most games won moves up to the next "
         "higher-numbered table, and the player with the fewest moves down to the next "
         "lower-numbered table. Everyone else stays."),
        ("Big tables", "At a table with more than four players, the two players with the most "
         "games move up and the two with the fewest move down."),
        ("Top and bottom", f"Winners at the top table ({top_text}) stay there, and so do the "
         "players who would move down from table 1."),
        ("Ties", "A tie is settled by alphabetical order of first names: the name that comes first "
         "ranks higher. So in a tie for most games the alphabetically first player moves up, and "
         "in a tie for fewest the alphabetically last moves down."),
    )
    return tuple(Section(heading, (text,)) for heading, text in texts)
