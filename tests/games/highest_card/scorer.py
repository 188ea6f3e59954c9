"""Draws: Highest Card played as a match on the app's scorer (tests only).

Rules:
- An entry is one draw: ``{"top": key}``, the player who drew the highest card.
- The first player to win 3 draws wins the match; the sheet then takes no more entries.
- An unfinished match is won, if the round ends now, by whoever won most draws so far; a tie
  goes to the alphabetically first name. Before the first draw nobody leads.
- A sheet holds at most ``MAX_DRAWS`` draws (three players can take 7 before anyone has 3, so
  the bound is checked too).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from tournament.core.errors import RuleError
from tournament.core.i18n import T, Tn
from tournament.core.names import name_key
from tournament.games.protocol import ScorerWords, Tally, TallyLine

if TYPE_CHECKING:  # the game module imports this one
    from .game import Variant

TO_WIN: Final = 3
MAX_DRAWS: Final = 5


def _wins(players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Counter[str]:
    return Counter(top for entry in sheet if isinstance(top := entry.get("top"), str) and top in players)


def _leader(players: Mapping[str, str], wins: Counter[str]) -> str | None:
    if not wins:
        return None
    best = max(wins.values())
    return min((key for key, count in wins.items() if count == best), key=lambda key: name_key(players[key]))


def _draws(count: int) -> str:
    return f"{count} draw{'' if count == 1 else 's'}"


class Draws:
    """Counts who drew the highest card, draw by draw."""

    entry_noun = "draw"
    entry_noun_plural = "draws"
    words = ScorerWords(
        heading=T("Draws"), none_yet=T("No draws yet."), add=T("Add draw {n}"),
        undo_last=T("Undo last draw (draw {n})"),
        added=T("Draw {n} added."), already_added=T("Draw {n} was already added — nothing changed."),
        undone=T("Draw {n} undone."), already_undone=T("Draw {n} was already undone."),
        score_game=T("Score game {number} draw by draw"), score_row=T("Score draw by draw"),
        kept=T("Saving another winner or score here deletes the draw-by-draw scores kept for this game."),
        kept_phone=T("Picking another winner here deletes the draw-by-draw scores kept for this game."),
        in_file=T("{which}, draw {n}: {problem}"),
        stale_page=T("This page is out of date. Reload it and enter the draw again."),
        stale_sheet=Tn("Someone else changed game {number} meanwhile: its sheet now holds {n} draw. Nothing was "
                       "changed; check the sheet below and enter yours again if it is still missing.",
                       "Someone else changed game {number} meanwhile: its sheet now holds {n} draws. Nothing was "
                       "changed; check the sheet below and enter yours again if it is still missing.", 0),
        too_many=Tn("Draw {number}: a game holds at most {n} draw.",
                    "Draw {number}: a game holds at most {n} draws.", 0),
        refused=T("Draw {n}: {why}"),
        unseated=T("Draw {n}: it names a player not seated at this table."),
    )
    entry_form_template = "games/highest-card/draw_fields.html"
    max_entries = MAX_DRAWS

    def entry_form(
        self, formdata: Any, variant: Variant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]
    ) -> Any:
        from .forms import draw_form  # WTForms: only with the app

        return draw_form(formdata, players)

    def entry_from_form(self, form: Any, players: Mapping[str, str]) -> dict[str, Any]:
        return {"top": str(form.top.data)}

    def check_entry(
        self, variant: Variant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]], entry: object
    ) -> None:
        if not isinstance(entry, Mapping) or set(entry) != {"top"}:
            raise RuleError("a draw names the one player who drew the highest card.")
        if not isinstance(entry["top"], str) or entry["top"] not in players:
            raise RuleError("the highest card must be drawn by a player at this table.")
        if self.tally(variant, players, sheet).finished:
            raise RuleError("the match is already over.")
        if len(sheet) >= MAX_DRAWS:
            raise RuleError(f"a match has at most {MAX_DRAWS} draws.")

    def tally(self, variant: Variant, players: Mapping[str, str], sheet: Sequence[Mapping[str, Any]]) -> Tally:
        keys = list(players)
        wins = _wins(players, sheet)
        lines = tuple(
            TallyLine(f"Draw {number}: {players[str(entry['top'])]}",
                      tuple("1" if key == entry["top"] else "" for key in keys))
            for number, entry in enumerate(sheet, start=1)
        )
        leader = _leader(players, wins)
        finished = leader is not None and wins[leader] >= TO_WIN
        if leader is None:
            status = "No draw yet."
        else:
            others = max((count for key, count in wins.items() if key != leader), default=0)
            verb = "won" if finished else "leads"
            status = f"{players[leader]} {verb} {_draws(wins[leader])} to {others}."
        return Tally(
            columns=tuple(players[key] for key in keys),
            lines=lines,
            totals=tuple(wins[key] for key in keys),
            scores=None,
            finished=finished,
            winners=frozenset({leader} if leader is not None else ()),
            status=status,
        )

    def rekey(self, entry: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, Any]:
        return {"top": keys[str(entry["top"])]}


DRAWS: Final = Draws()
