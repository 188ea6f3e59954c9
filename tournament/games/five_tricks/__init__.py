"""Five Tricks, the seed kit's game: its rules (``cards``, ``variants``, ``tricks``,
``generator``), its printed sheet (``sheets``) and the ``FIVE_TRICKS`` game the tournament plays.

Invariants:
- Importing this package loads the standard library and the pure core only.
- ``FIVE_TRICKS`` is the one instance; the registry serves it under ``"five-tricks"``.
- The game object loads on first use, not with the package: ``tournament.core`` re-exports the
  rule modules, so importing them must not also import the game seam that imports the core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import FIVE_TRICKS, TRICKS, FiveTricks

__all__ = ["FIVE_TRICKS", "TRICKS", "FiveTricks"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
