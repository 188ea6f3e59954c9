"""Five Tricks, the seed kit's game: its rules (``cards``, ``variants``, ``tricks``,
``generator``), its printed sheet (``sheets``) and the ``FIVE_TRICKS`` game the tournament plays.

Invariants:
- Importing this package loads the standard library and the pure core only.
- ``FIVE_TRICKS`` is the one instance; the registry serves it under ``"five-tricks"``.
"""

from __future__ import annotations

from .game import FIVE_TRICKS, TRICKS, FiveTricks

__all__ = ["FIVE_TRICKS", "TRICKS", "FiveTricks"]
