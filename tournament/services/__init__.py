"""Thin service layer: load rows, build core values, call the core, persist, commit once."""
