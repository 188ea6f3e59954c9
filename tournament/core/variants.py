"""Old home of Five Tricks' rule variants, kept so ``tournament.core.variants`` imports keep
working.

Invariants:
- The variants live in ``tournament.games.five_tricks.variants``; this module only re-exports
  every public name it used to define, so the two are the same objects.
"""

from __future__ import annotations

from ..games.five_tricks.variants import (
    ACE_ORDER,
    SEED_VARIANTS,
    SETTING_LABELS,
    SETTING_NAMES,
    WINS_SIGN,
    AceSetting,
    RuleVariant,
    WinsSetting,
)

__all__ = [
    "ACE_ORDER",
    "SEED_VARIANTS",
    "SETTING_LABELS",
    "SETTING_NAMES",
    "WINS_SIGN",
    "AceSetting",
    "RuleVariant",
    "WinsSetting",
]
