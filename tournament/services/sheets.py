"""Old home of the printed sheets' wording, kept so ``tournament.services.sheets`` imports keep
working: Five Tricks' rule sheet is in ``tournament.games.five_tricks.sheets``, the marker strip
in ``tournament.services.markers``. The names are re-exported unchanged."""

from __future__ import annotations

from ..games.five_tricks.sheets import (
    EXAMPLE_HEADING,
    EXAMPLE_TRICK,
    HEADINGS,
    SUBTITLE,
    TITLE,
    ExampleTrick,
    Part,
    RuleSheet,
    Section,
    example_trick,
    plain,
    rank_order,
    rule_sheet,
)
from .markers import MARKER_SUITS, Marker, marker

__all__ = [
    "EXAMPLE_HEADING", "EXAMPLE_TRICK", "HEADINGS", "MARKER_SUITS", "SUBTITLE", "TITLE", "ExampleTrick",
    "Marker", "Part", "RuleSheet", "Section", "example_trick", "marker", "plain", "rank_order", "rule_sheet",
]
