"""A Five Tricks table's four settings, one by one, for the debrief's side-by-side view.

Invariants:
- The keys are ``variants.SETTING_NAMES``, in that order, for every variant.
- The words are the ones the tables page's summary and the rule sheet already use (one source
  per wording); only the labels and the trump's timing, which the summary folds into the trump
  phrase, are stated here.
- A table without trumps has no "trump any time" rule to play by: its value is a dash (code
  "none"), whatever the stored flag says, since the flag changes nothing at that table.
"""

from __future__ import annotations

from typing import Final

from ...core.i18n import T, Text, Tp
from ..protocol import Setting
from .sheets import ARE_TRUMPS
from .variants import RuleVariant

# The summary's phrases (``game.summary_text``) are these too.
ACE_PHRASE: Final = {"high": T("Ace high"), "low": T("Ace low")}
WINS_PHRASE: Final = {"highest": T("highest card wins"), "lowest": T("lowest card wins")}
NO_TRUMP_PHRASE: Final = T("no trump")
LABELS: Final[dict[str, Text]] = {
    "ace": T("Ace"),
    "wins": Tp("table setting", "Winning card"),
    "trump": Tp("table setting", "Trumps"),
    "trump_any_time": Tp("table setting", "When to trump"),
}
_WHEN: Final = {True: Tp("trump", "any time"), False: Tp("trump", "only when void")}
NOT_APPLICABLE: Final = "—"


def variant_settings(variant: RuleVariant) -> tuple[Setting, ...]:
    trump = variant.trump
    trump_value: Text = NO_TRUMP_PHRASE if trump is None else Text(ARE_TRUMPS[trump].msgid, {"suit": trump})
    return (
        Setting("ace", LABELS["ace"], ACE_PHRASE[variant.ace], variant.ace),
        Setting("wins", LABELS["wins"], WINS_PHRASE[variant.wins], variant.wins),
        Setting("trump", LABELS["trump"], trump_value, trump.value if trump else "none"),
        Setting("trump_any_time", LABELS["trump_any_time"],
                NOT_APPLICABLE if trump is None else _WHEN[variant.trump_any_time],
                "none" if trump is None else ("yes" if variant.trump_any_time else "no")),
    )
