"""The pure domain core of the tournament manager: seating, rounds, movement and standings.

Invariants:
- Standard library only: no web framework, database or template code is imported here, so every
  rule can be tested and reused without the app.
- Values are immutable (frozen dataclasses, enums, tuples); functions never mutate arguments.
- Bad input raises ``RuleError`` (a ``ValueError``) with a message a facilitator can act on.
- The names in ``__all__`` are the core's API (docs/rules.md plus helpers). Nothing here imports
  from ``tournament.games``: the games build on the core, never the other way round.
"""

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
    "Direction",
    "Move",
    "RoundPlan",
    "RuleError",
    "Standing",
    "TablePlan",
    "TableResult",
    "TieNote",
    "assign_home_tables",
    "clean_text",
    "fold_name",
    "game_winner",
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
    "validate_tables",
]
