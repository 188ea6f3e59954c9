"""The pure domain core of the tournament manager, and the rules of its default game.

Invariants:
- Standard library only: no web framework, database or template code is imported here, so every
  rule can be tested and reused without the app.
- Values are immutable (frozen dataclasses, enums, tuples); functions never mutate arguments.
- Bad input raises ``RuleError`` (a ``ValueError``) with a message a facilitator can act on.
- The names in ``__all__`` are the stable public API (docs/rules.md plus helpers). The card,
  variant and trick names are Five Tricks' own: they live in ``tournament.games.five_tricks``
  and are re-exported here unchanged, so code written against the core keeps working.
"""

from ..games.five_tricks.cards import DECK, RANK_LABELS, SUIT_SYMBOLS, Card, Suit
from ..games.five_tricks.generator import CANDIDATES, variants_for_tables
from ..games.five_tricks.tricks import legal_cards, trick_winner
from ..games.five_tricks.variants import (
    ACE_ORDER,
    SEED_VARIANTS,
    SETTING_LABELS,
    SETTING_NAMES,
    WINS_SIGN,
    RuleVariant,
)
from .errors import RuleError
from .movement import (
    Direction,
    Move,
    RoundPlan,
    TableResult,
    TieNote,
    no_game_text,
    outcomes,
    plan_moves,
    plan_round,
    tie_text,
    validate_tables,
)
from .names import clean_text, fold_name, name_key, require_name, same_name
from .planner import TablePlan, assign_home_tables, plan_tables, split_evenly
from .ranking import Standing, game_winner, rank_players, standings

__all__ = [
    "ACE_ORDER",
    "CANDIDATES",
    "DECK",
    "RANK_LABELS",
    "SEED_VARIANTS",
    "SETTING_LABELS",
    "SETTING_NAMES",
    "SUIT_SYMBOLS",
    "WINS_SIGN",
    "Card",
    "Direction",
    "Move",
    "RoundPlan",
    "RuleError",
    "RuleVariant",
    "Standing",
    "Suit",
    "TablePlan",
    "TableResult",
    "TieNote",
    "assign_home_tables",
    "clean_text",
    "fold_name",
    "game_winner",
    "legal_cards",
    "name_key",
    "no_game_text",
    "outcomes",
    "plan_moves",
    "plan_round",
    "plan_tables",
    "rank_players",
    "require_name",
    "same_name",
    "split_evenly",
    "standings",
    "tie_text",
    "trick_winner",
    "validate_tables",
    "variants_for_tables",
]
