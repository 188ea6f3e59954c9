"""Euchre: its scoring, its scorer, the game seam, its printed rule sheets and a whole event."""
