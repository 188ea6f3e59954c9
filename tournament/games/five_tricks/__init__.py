"""Five Tricks, the seed kit's game, as the tournament sees it (``FIVE_TRICKS``).

Invariants:
- Importing this package loads the standard library and the pure core only.
- ``FIVE_TRICKS`` is the one instance; the registry serves it under ``"five-tricks"``.
"""

from __future__ import annotations

from .game import FIVE_TRICKS, TRICKS, FiveTricks

__all__ = ["FIVE_TRICKS", "TRICKS", "FiveTricks"]
